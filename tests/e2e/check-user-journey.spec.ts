import type { Page } from '@playwright/test';
import { delay, http, HttpResponse } from 'msw';
import type { StoredReport } from '../../src/mocks/demo-state';
import { ADMIN_USER_ID } from '../../src/mocks/seed';
import {
  API_ORIGIN,
  WORK_ACCOUNT,
  expect,
  expectAccessible,
  signIn,
  snap,
  test,
  type ApiMock,
} from './support/fixtures';
import { RISK_QUESTIONNAIRE_ID } from '../../src/mocks/seed-content';
import { fillPerson, spareTube, tapChoice } from './support/journeys';

/**
 * The check user's side walked end to end as a screened person does (issue 57, "no dead ends"): inside
 * WeChat (the project's user agent and the stubbed bridge), on a 360 px wide phone.
 */
test.use({ viewport: { width: 360, height: 740 } });

const CHECK_USER_ID = '3';

/** The check user's form, its person filled in: a spare tube, 提交, 确认提交, and the success page. */
async function submitWithSpareTube(page: Page, api: ApiMock) {
  await page.getByRole('textbox', { name: '采样管编码', exact: true }).fill(spareTube(api));
  await expect(page.getByText('可以绑定')).toBeVisible();
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await page
    .getByRole('dialog', { name: '请确认登记信息' })
    .getByRole('button', { name: '确认提交' })
    .click();
  await expect(page).toHaveURL(/\/checkUserBindSuccess\?id=\d+$/);
}

test('a message link opened in WeChat with no session: headed with the page, 微信登录 first, staff second; signed in, Back does not show it again', async ({
  page,
  api,
  wechat,
}) => {
  const message = api.db.state.messages.find(
    (candidate) => candidate.recipientUserId === CHECK_USER_ID && candidate.type === 'report',
  )!;
  await page.goto(`/messageDetail?id=${message.id}`);
  const entries = await page.evaluate(() => history.length);
  await expect(page.getByRole('heading', { level: 1, name: '消息详情' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '受检者请用微信登录' })).toBeVisible();
  await expect(page.getByText('工作人员登录', { exact: true })).toHaveCount(0);
  const choices = page.getByRole('main').getByRole('button');
  await expect(choices.first()).toHaveText('微信登录');
  // Staff sign in on the same page, one tap further.
  await expect(choices.nth(1)).toHaveText('用工作人员账号登录');
  await expect(page.getByRole('textbox', { name: '账号' })).toHaveCount(0);
  await expectAccessible(page);

  await choices.first().click();
  await expect(page).toHaveURL(new RegExp(`/messageDetail\\?id=${message.id}$`));
  await expect(page.getByText(message.title).first()).toBeVisible();
  // The demo's report notice names the home's 查看报告, as the home calls it.
  await expect(page.getByText(/可在首页点“查看报告”查看详情/)).toBeVisible();
  expect(wechat.visits).toHaveLength(1);
  expect(api.requestsTo('/Account/LoginWeChat')).toHaveLength(1);
  expect(await page.evaluate(() => history.length), 'no second entry of the same message').toBe(entries);

  // A staff member opens her own message link in WeChat: the second choice, and the same rule for history.
  const admin = api.db.state.users.find((user) => user.accountName === WORK_ACCOUNT.accountName)!;
  const staffMessage = api.db.state.messages.find((candidate) => candidate.recipientUserId === admin.id)!;
  const staff = await page.context().newPage();
  await staff.goto(`/messageDetail?id=${staffMessage.id}`);
  const staffEntries = await staff.evaluate(() => history.length);
  await staff.getByRole('button', { name: '用工作人员账号登录' }).click();
  await expect(staff.getByRole('textbox', { name: '账号' })).toBeFocused();
  await staff.getByRole('textbox', { name: '账号' }).fill(WORK_ACCOUNT.accountName);
  await staff.getByLabel('密码', { exact: true }).fill(WORK_ACCOUNT.accountPwd);
  await staff.getByRole('button', { name: '登录', exact: true }).click();
  await expect(staff.getByText(staffMessage.title).first()).toBeVisible();
  await expect(staff).toHaveURL(new RegExp(`/messageDetail\\?id=${staffMessage.id}$`));
  expect(await staff.evaluate(() => history.length)).toBe(staffEntries);
  expect(wechat.visits).toHaveLength(1);
  await staff.close();
});

test('registering someone the screening site registered says what to do, never links to a page it cannot show', async ({
  page,
  api,
}) => {
  const registeredBySite = api.db.state.registrations.find(
    (registration) => registration.createdByUserId !== CHECK_USER_ID && registration.status === 'submitted',
  )!;
  await signIn(page, api, 'check');
  await page.goto('/checkUserInfoEnter');
  await page.getByRole('textbox', { name: '姓名', exact: true }).fill(registeredBySite.name);
  await page.getByRole('textbox', { name: '身份证号', exact: true }).fill(registeredBySite.idCard);
  await page.getByRole('textbox', { name: '联系电话', exact: true }).fill('13800138000');
  await page.getByRole('textbox', { name: '采样管编码', exact: true }).fill(spareTube(api));
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await page
    .getByRole('dialog', { name: '请确认登记信息' })
    .getByRole('button', { name: '确认提交' })
    .click();

  const dialog = page.getByRole('dialog', { name: '该身份证号已登记' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('不需要再登记')).toBeVisible();
  await expect(dialog.getByText('请联系当初为其登记的社区筛查点')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '查看已有登记' })).toHaveCount(0);
  // The title is not repeated as the first sentence.
  await expect(dialog.locator('p').first()).not.toHaveText(/^该身份证号已登记/);
  await dialog.getByRole('button', { name: '知道了' }).click();
  await expect(page).toHaveURL(/\/checkUserInfoEnter$/);
  await expect(page.getByText('登记信息不存在')).toHaveCount(0);
});

test('Back from 我的问卷 lands where the reader left the home, after the home has loaded again', async ({
  page,
  api,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await signIn(page, api, 'check');
  await page.goto('/checkUser');
  const questionnaires = page.getByRole('link', { name: /我的问卷/ });
  // The home's own data has come (its links show before it).
  await expect(page.getByRole('heading', { name: '待办事项' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const left = await page.evaluate(() => window.scrollY);
  expect(left, 'the home is taller than the screen').toBeGreaterThan(200);
  await expect(questionnaires).toBeInViewport();

  // From now on the home's data comes slowly: it shows its loading placeholder first on the way back.
  api.use(
    http.post(`${API_ORIGIN}/api/v1/Sampling/PageCheckReport`, async () => {
      await delay(800);
    }),
  );
  await questionnaires.click();
  await expect(page).toHaveURL(/\/checkUserQuestionnaireList$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/checkUser$/);
  await expect(questionnaires).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(left - 5);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - left)).toBeLessThanOrEqual(5);
});

test('self-registration records no collection time before the sample is taken at home', async ({
  page,
  api,
}) => {
  const tube = spareTube(api);
  await signIn(page, api, 'check');
  await page.goto('/checkUserInfoEnter');
  await fillPerson(page, '陈小红');
  await page.getByRole('textbox', { name: '采样管编码', exact: true }).fill(tube);
  await expect(page.getByText('可以绑定')).toBeVisible();
  await expect(page.getByText('采集时间（选填）')).toBeVisible();
  await expect(page.getByText('还没取样就留空')).toBeVisible();
  await expect(page.locator('input[type="datetime-local"]')).toHaveValue('');
  await page.getByRole('button', { name: '提交', exact: true }).click();

  const confirm = page.getByRole('dialog', { name: '请确认登记信息' });
  await expect(confirm.getByText('未填（还没取样）')).toBeVisible();
  await confirm.getByRole('button', { name: '确认提交' }).click();

  await expect(page).toHaveURL(/\/checkUserBindSuccess\?id=\d+$/);
  await expect(page.getByText('按照采样管包装里的说明取少量大便')).toBeVisible();
  const bind = api.requestsTo('/Sampling/BindSamplingTube');
  expect(bind).toHaveLength(1);
  expect(bind[0].body).not.toHaveProperty('collectedAt');
  expect(api.db.state.tubes.find((candidate) => candidate.code === tube)?.collectedAt).toBeUndefined();
});

test('a family member in the words: their to-do, 查看我的报告, the questionnaire’s 您 and its answers; the home names the form’s own 提交问卷', async ({
  page,
  api,
}) => {
  await signIn(page, api, 'check');
  await page.goto('/checkUser');
  const todos = page.getByRole('region', { name: '待办事项' }).getByRole('listitem');
  await expect(todos.filter({ hasText: '陈建国还没有填写健康问卷' })).toContainText(
    '问卷能帮助医生了解陈建国的情况',
  );
  await page.getByRole('link', { name: '查看报告 看检测结果' }).click();
  // The list holds the account's reports: the person's own and those of the family they registered.
  await expect(page.getByRole('button', { name: /查看我的报告/ })).toContainText(
    '您本人和您登记的家人的检测报告',
  );

  await page.goto('/checkUserInfoEnter');
  await expect(page.getByRole('heading', { name: '本人信息' })).toBeVisible();
  await tapChoice(page, 'radio', '家人');
  await expect(page.getByRole('heading', { name: '家人信息' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '本人信息' })).toHaveCount(0);
  await fillPerson(page, '陈小红');
  await submitWithSpareTube(page, api);
  await expect(page.getByText('陈小红的登记信息已提交')).toBeVisible();
  await expect(page.getByText('您的登记信息')).toHaveCount(0);
  await expect(page.getByText('首页的“查看报告”里查看')).toBeVisible();

  await page.getByRole('button', { name: '填写筛查问卷' }).click();
  await expect(page).toHaveURL(/\/checkUserQuestionnaireDetail\?/);
  await expect(page.getByRole('heading', { level: 1, name: '选择问卷' })).toBeVisible();
  await page.getByRole('link', { name: /大肠癌筛查风险评估问卷/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '填写问卷' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '历史问卷详情' })).toHaveCount(0);
  await expect(page).toHaveTitle('历史问卷详情');
  // The questionnaire says 您; filled in for 陈小红, the page says whom that means.
  await expect(page.getByText('受检者：陈小红')).toBeVisible();
  await expect(page.getByText('问卷里的“您”指陈小红，请按陈小红的情况填写。')).toBeVisible();
  await page.locator('label').filter({ hasText: /^否$/ }).first().click();
  await expect(page.getByText('已自动保存')).toBeVisible();
  const submit = (await page.getByRole('contentinfo').getByRole('button').textContent())!.trim();

  // The home points to that button by its own words.
  await page.goto('/checkUser');
  await expect(todos.filter({ hasText: '“大肠癌筛查风险评估问卷”还没有填完' })).toContainText(
    `填完后请点“${submit}”`,
  );

  // 张秀英 then answers the questionnaire for 陈建国, the family member she registered: the answers
  // say whom they are about, not who typed them.
  const family = api.db.state.registrations.find((registration) => registration.name === '陈建国')!;
  const answered = api.db.mutate((state) => {
    const response = {
      id: '3999',
      questionnaireId: RISK_QUESTIONNAIRE_ID,
      registrationId: family.id,
      status: 'submitted' as const,
      answers: { q1: 'no' },
      createdAt: '2026-11-01T09:00:00+08:00',
      updatedAt: '2026-11-01T09:06:00+08:00',
      submittedAt: '2026-11-01T09:06:00+08:00',
      ownerUserId: CHECK_USER_ID,
    };
    state.responses.push(response);
    state.registrations.find((registration) => registration.id === family.id)!.questionnaireResponseId =
      response.id;
    return response;
  });
  await page.goto(`/checkUserQuestionnaireDetail?responseId=${answered.id}`);
  await expect(page.getByText('受检者：陈建国')).toBeVisible();
  await expect(page.getByText(/填写人/)).toHaveCount(0);
});

test('the masked ID number reads the same on 信息查询, the report criteria, the report list and its detail', async ({
  page,
  api,
}) => {
  const idCard = api.db.state.users.find((user) => user.id === CHECK_USER_ID)!.idCard!;
  const masked = `${idCard.slice(0, 6)} ******** ${idCard.slice(14)}`;
  await signIn(page, api, 'check');
  await page.goto('/checkUserInfoSearch');
  await expect(page.getByRole('list', { name: '我的登记' }).getByText(masked).first()).toBeVisible();

  await page.goto('/checkUserSearchType');
  await page.getByRole('link', { name: /按身份证号查询/ }).click();
  await page.getByLabel('身份证号').fill(idCard);
  await page.getByRole('button', { name: '查询报告' }).click();
  await expect(page).toHaveURL(/\/checkUserRepoetList$/);
  await expect(page.getByText(`身份证号 ${masked}`)).toBeVisible();
  const card = page.getByRole('list', { name: '检测报告列表' }).getByRole('link').first();
  await expect(card).toContainText(masked);
  await card.click();
  await expect(page).toHaveURL(/\/checkUserRepoetDetail\?id=/);
  // The list stays in the page, hidden (kept alive): the detail's own line is the visible one.
  await expect(page.locator('dd:visible', { hasText: masked })).toBeVisible();
});

test('a report file that is not a PDF: Chinese messages, no success, and the report’s own date in its name', async ({
  page,
  api,
  context,
}) => {
  const idCard = api.db.state.users.find((user) => user.id === CHECK_USER_ID)!.idCard!;
  const report = api.db.state.reports.find((candidate) => candidate.idCard === idCard)!;
  api.use(
    http.get(
      `${API_ORIGIN}/api/v1/Sampling/DownloadCheckReport`,
      () =>
        new HttpResponse('<html><body>502 Bad Gateway</body></html>', {
          headers: { 'Content-Type': 'application/pdf' },
        }),
    ),
  );
  await signIn(page, api, 'check');
  await page.goto(`/checkUserRepoetDetail?id=${report.id}`);
  await expect(page.getByText('文件已损坏或不是 PDF，无法打开').first()).toBeVisible();
  await expect(page.getByText('Invalid PDF structure')).toHaveCount(0);

  await page.getByRole('button', { name: /保存报告图片|下载报告/ }).click();
  await expect(page).toHaveURL(new RegExp(`/downErr\\?report=${report.id}$`));
  await expect(page.getByText('报告文件已损坏，无法打开')).toBeVisible();
  await expect(page.getByText(/^(文件已保存|文件已获取)$/)).toHaveCount(0);

  // The same address opened on its own, as from a bookmark or another tab.
  const alone = await context.newPage();
  await signIn(alone, api, 'check');
  await alone.goto(`/downErr?report=${report.id}`);
  await expect(alone.getByText(`肠道筛查报告-${report.reportedAt.slice(0, 10)}.pdf`)).toBeVisible();
  await alone.close();
});

test.describe('taps the app saves where it knows the answer (issue 68, 1g)', () => {
  /** Her husband as the screening site's registration: 张秀英 then has only her own, with its one report. */
  function onlyHerOwn(api: ApiMock): StoredReport {
    api.db.mutate((state) => {
      state.registrations.find((registration) => registration.name === '陈建国')!.createdByUserId =
        ADMIN_USER_ID;
    });
    const idCard = api.db.state.users.find((user) => user.id === CHECK_USER_ID)!.idCard!;
    const reports = api.db.state.reports.filter((candidate) => candidate.idCard === idCard);
    expect(reports).toHaveLength(1);
    return reports[0];
  }

  async function openHome(page: Page) {
    await page.goto('/checkUser');
    // The home knows whom and what before 查看报告 decides where it leads.
    await expect(page.getByRole('article', { name: '张秀英的筛查情况' })).toBeVisible();
    return page.getByRole('navigation', { name: '常用功能' }).getByRole('link', { name: /^查看报告/ });
  }

  test('one person with one report: 查看报告 opens it; Back is the home; 查询其他报告 still reaches the choice', async ({
    page,
    api,
  }) => {
    const report = onlyHerOwn(api);
    await signIn(page, api, 'check');
    const reports = await openHome(page);
    await expect(page.getByRole('article', { name: '陈建国的筛查情况' })).toHaveCount(0);

    await reports.click();
    await expect(page).toHaveURL(new RegExp(`/checkUserRepoetDetail\\?id=${report.id}$`));
    await expect(page.getByRole('heading', { name: '本次未发现异常' })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/checkUser$/);
    await expect(reports).toBeVisible();

    await reports.click();
    await expect(page.getByRole('heading', { name: '本次未发现异常' })).toBeVisible();
    await page.getByRole('link', { name: '查询其他报告' }).click();
    await expect(page).toHaveURL(/\/checkUserSearchType$/);
    await page.getByRole('button', { name: /查看我的报告/ }).click();
    await expect(page.getByRole('list', { name: '检测报告列表' }).getByRole('link')).toHaveCount(1);
    await expectAccessible(page);
  });

  test('one person with two reports: 查看报告 opens their list; 重新查询 reaches the choice; Back is the home', async ({
    page,
    api,
  }) => {
    const own = onlyHerOwn(api);
    api.db.mutate((state) => {
      const reportedAt = new Date(Date.parse(own.reportedAt) - 365 * 86_400_000).toISOString();
      state.reports.push({ ...own, id: 'rpt-e2e-last-year', reportedAt });
    });
    await signIn(page, api, 'check');
    await (await openHome(page)).click();

    await expect(page).toHaveURL(/\/checkUserRepoetList$/);
    await expect(page.getByText('本人和家人的报告')).toBeVisible();
    await expect(page.getByRole('list', { name: '检测报告列表' }).getByRole('link')).toHaveCount(2);
    await page.getByRole('button', { name: '重新查询' }).click();
    await expect(page).toHaveURL(/\/checkUserSearchType$/);
    await expect(page.getByRole('link', { name: /按身份证号查询/ })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/checkUser$/);
  });

  test('按身份证号查询 offers her own number and her husband’s, masked, one tap each; typing stays; the number goes into no URL or console line', async ({
    page,
    api,
  }) => {
    const own = api.db.state.registrations.find((registration) => registration.name === '张秀英')!;
    const husband = api.db.state.registrations.find((registration) => registration.name === '陈建国')!;
    const masked = (idCard: string) => `${idCard.slice(0, 6)} ******** ${idCard.slice(14)}`;
    const trail: string[] = [];
    page.on('console', (message) => trail.push(message.text()));
    page.on('framenavigated', (frame) => trail.push(frame.url()));
    await signIn(page, api, 'check');
    await (await openHome(page)).click();
    // Two people: the choice of how to look stays.
    await expect(page).toHaveURL(/\/checkUserSearchType$/);
    await page.getByRole('link', { name: /按身份证号查询/ }).click();

    const people = page.getByRole('region', { name: '点选要查询的人，也可以在下面输入号码' });
    await expect(people.getByRole('button')).toHaveText([
      `张秀英（本人）身份证号 ${masked(own.idCard)}`,
      `陈建国身份证号 ${masked(husband.idCard)}`,
    ]);
    await expect(page.getByLabel('身份证号')).toBeEditable();
    await expectAccessible(page);

    await people.getByRole('button', { name: /张秀英/ }).click();
    await expect(page).toHaveURL(/\/checkUserRepoetList$/);
    await expect(page.getByText(`身份证号 ${masked(own.idCard)}`)).toBeVisible();
    await expect(page.getByRole('list', { name: '检测报告列表' }).getByRole('link')).toHaveCount(1);
    const searched = api.requestsTo('/Sampling/PageCheckReport').map((request) => request.body as object);
    expect(searched).toContainEqual(expect.objectContaining({ idCard: own.idCard }));
    expect(trail.filter((line) => line.includes(own.idCard))).toEqual([]);
  });

  test('填写筛查问卷 on the success page opens the one questionnaire the registration has not answered', async ({
    page,
    api,
  }) => {
    await signIn(page, api, 'check');
    await page.goto('/checkUserInfoEnter');
    await tapChoice(page, 'radio', '家人');
    await fillPerson(page, '陈小红');
    await submitWithSpareTube(page, api);
    const success = page.url();

    // Both questionnaires apply to a new registration: she chooses, and takes the lifestyle survey first.
    await page.getByRole('button', { name: '填写筛查问卷' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '选择问卷' })).toBeVisible();
    await snap(page, 'checkUserQuestionnaireDetail-choose');
    await expectAccessible(page);
    await page.getByRole('link', { name: /饮食与生活方式调查/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: '填写问卷' })).toBeVisible();
    for (const answer of ['从不吸烟', '不饮酒', '少于 3 次']) await tapChoice(page, 'radio', answer);
    await tapChoice(page, 'checkbox', '每天吃新鲜蔬菜水果');
    await page.getByRole('button', { name: '提交问卷' }).click();
    await expect(page).toHaveURL(/\/checkUserBindSuccess\?id=\d+/);

    // One left: the screening questionnaire opens at once.
    await page.getByRole('button', { name: '填写筛查问卷' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '填写问卷' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '大肠癌筛查风险评估问卷' })).toBeVisible();
    await expect(page.getByText('受检者：陈小红')).toBeVisible();
    await expect(page.getByRole('heading', { name: '选择问卷' })).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${new URL(success).pathname}\\?id=\\d+`));
  });
});
