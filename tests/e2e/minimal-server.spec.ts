import type { Page } from '@playwright/test';
import { loginWithForm } from './support/fault-drivers';
import { expect, signIn, snap, test } from './support/fixtures';
import {
  confirmSubmit,
  fillPerson,
  NEW_ID_CARD,
  openOptionalFields,
  spareTube,
  tapChoice,
  unbindTube,
  viewPdf,
} from './support/journeys';

/**
 * The main journeys against a server that follows the spec and nothing more (the `minimal` project:
 * the demo backend's minimal style). Paged answers carry records only, saves answer the bare id, bind
 * and read answer null, records carry the essential fields only (no names, titles or dates), ids are
 * JSON numbers, and CORS allows the spec's request headers only. Every step is what a person does and
 * sees; nothing here may depend on a field the minimal style leaves out.
 */

declare global {
  interface Window {
    __setNextScanResult: (code: string | null) => void;
  }
}

test.beforeEach(({ api }) => {
  expect(api.style, 'these journeys are the minimal project’s').toBe('minimal');
});

const staffEntry = (page: Page, name: string) =>
  page.getByRole('navigation', { name: '功能' }).getByRole('link', { name: new RegExp(`^${name}`) });

test('staff register a person, scan-bind a tube, find the registration and unbind the tube', async ({
  page,
  api,
}) => {
  const tube = spareTube(api);
  const registration = () => api.db.state.registrations.find((candidate) => candidate.idCard === NEW_ID_CARD);
  const tubeField = page.getByRole('textbox', { name: '采样管编码', exact: true });

  await test.step('sign in and open 信息录入', async () => {
    await page.goto('/login');
    await loginWithForm(page);
    await expect(page).toHaveURL(/\/workUser$/);
    await staffEntry(page, '信息录入').click();
    await expect(page).toHaveURL(/\/infoEnter$/);
  });

  await test.step('fill in the person, scan the tube, submit and bind: 绑定成功', async () => {
    await fillPerson(page);
    await page.evaluate((code) => window.__setNextScanResult(code), tube);
    await page.getByRole('button', { name: '扫描采样管二维码' }).click();
    await expect(tubeField).toHaveValue(tube);
    await page.getByRole('button', { name: '提交并绑定' }).click();
    await confirmSubmit(page);
    await expect(page).toHaveURL(/\/bindSuccess\?id=\d+$/);
    await expect(page.getByText('登记信息已保存，采样管已绑定')).toBeVisible();
    const saved = registration();
    expect(saved?.status).toBe('submitted');
    expect(api.db.state.tubes.find((candidate) => candidate.code === tube)).toMatchObject({
      status: 'bound',
      registrationId: saved?.id,
    });
  });

  await test.step('信息查询 finds it by the tube code; its detail offers 解绑采样管', async () => {
    await page.goto('/infoSearch');
    // The segment's radio is visually hidden; a tap lands on its label.
    await page.getByRole('radio', { name: '采样管编码' }).locator('xpath=..').click();
    await tubeField.fill(tube);
    await page.getByRole('button', { name: '查询' }).click();
    const found = page.getByRole('list', { name: '登记查询结果' }).getByRole('link');
    await expect(found).toHaveCount(1);
    await found.click();
    await expect(page).toHaveURL(new RegExp(`/infoDetail\\?id=${registration()?.id}$`));
    await expect(page.getByRole('region', { name: '采样管进度' })).toBeVisible();
    await expect(page.getByRole('button', { name: '解绑采样管' })).toBeVisible();
  });

  await test.step('unbind the tube', async () => {
    await unbindTube(page);
    expect(api.db.state.tubes.find((candidate) => candidate.code === tube)?.status).toBe('unbound');
  });
});

test('a check user signed in through WeChat opens their report and its PDF', async ({
  page,
  api,
  wechat,
}) => {
  const checkUser = api.db.state.users.find((user) => user.role === 'check');
  const report = api.db.state.reports.find((candidate) => candidate.idCard === checkUser?.idCard);
  if (!report) throw new Error('the demo check user has no report');

  await test.step('the menu link signs in silently (/callback)', async () => {
    await page.goto('/checkUser');
    await expect(page).toHaveURL(/\/checkUser$/);
    expect(wechat.callbacks).toHaveLength(1);
  });

  await test.step('the home agrees with itself without names or the report’s links', async () => {
    // The tube says 报告已出; the report names neither registration nor tube here, so the card sends
    // the person to the report lookup instead of saying there is no result.
    const reported = page.getByRole('article').filter({ hasText: `报告已出（${report.tubeCode}）` });
    await expect(reported).toHaveCount(1);
    await expect(reported.getByText('还没有结果')).toHaveCount(0);
    await expect(reported.getByText('报告已出，请点“查看报告”查看')).toBeVisible();
    await expect(reported.getByRole('link', { name: '查看报告' })).toHaveAttribute(
      'href',
      '/checkUserSearchType',
    );
    await expect(page.getByText(/，您好/)).toHaveCount(0);
    await snap(page, 'checkUser-minimal');
  });

  await test.step('查看报告 → 查看我的报告 lists the report', async () => {
    await page
      .getByRole('navigation', { name: '常用功能' })
      .getByRole('link', { name: /^查看报告/ })
      .click();
    await page.getByRole('button', { name: /查看我的报告/ }).click();
    const reports = page.getByRole('list', { name: '检测报告列表' }).getByRole('link');
    await expect(reports).toHaveCount(
      api.db.state.reports.filter((candidate) => candidate.idCard === checkUser?.idCard).length,
    );
    await reports.first().click();
    await expect(page).toHaveURL(new RegExp(`/checkUserRepoetDetail\\?id=${report.id}$`));
  });

  await test.step('the detail says the result, and the PDF is drawn in the page', async () => {
    const negative = report.result === 'negative';
    await expect(
      page.getByRole('heading', { name: negative ? '本次未发现异常' : '建议尽快做结肠镜检查' }),
    ).toBeVisible();
    const viewer = await viewPdf(page);
    await expect(viewer.getByRole('region', { name: /^第 1 页/ })).toContainText(
      `检测结果：${negative ? '阴性' : '阳性'}`,
    );
  });
});

test('the entry form’s pickers list every option of their dictionary', async ({ page, api }) => {
  await signIn(page, api);
  await page.goto('/infoEnter');
  await openOptionalFields(page);
  const pickers = [
    ['民族', 'nation'],
    ['文化程度', 'education'],
    ['职业', 'occupation'],
    ['与本人关系', 'relation'],
  ] as const;
  for (const [label, typeCode] of pickers) {
    await test.step(label, async () => {
      const items = api.db.state.dictionaries[typeCode];
      await page.getByRole('button', { name: `${label}：未选择` }).click();
      const sheet = page.getByRole('dialog', { name: `选择${label}` });
      await expect(sheet.getByRole('list').getByRole('button')).toHaveCount(items.length);
      const last = String(items[items.length - 1].itemText);
      await sheet.getByRole('button', { name: last, exact: true }).click();
      await expect(page.getByRole('button', { name: `${label}：${last}` })).toBeVisible();
    });
  }
});

test('staff open a message, which the server then has as read', async ({ page, api }) => {
  await signIn(page, api);
  await page.goto('/workUser');

  await test.step('消息 → 系统通知 lists the messages', async () => {
    await staffEntry(page, '消息').click();
    await page
      .getByRole('navigation', { name: '消息类型' })
      .getByRole('link', { name: /^系统通知/ })
      .click();
    await expect(page.getByRole('list', { name: '系统通知' }).getByRole('link').first()).toBeVisible();
  });

  await test.step('opening one marks it read, and says nothing about it', async () => {
    const read = page.waitForResponse(
      (response) => response.url().endsWith('/SystemMessage/ReadSystemMessage'),
      { timeout: 10_000 },
    );
    await page.getByRole('list', { name: '系统通知' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/messageDetail\?id=\d+$/);
    const id = new URL(page.url()).searchParams.get('id');
    await read;
    expect(api.requestsTo('/SystemMessage/ReadSystemMessage').map((request) => request.body)).toEqual([
      { id },
    ]);
    expect(api.db.state.messages.find((message) => message.id === id)?.read).toBe(true);
    // What the page made of the answer is on screen by the next frames.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await expect(page.getByText(/未能标记为已读/)).toHaveCount(0);
  });
});

test('unread counts agree with each other and with the list when messages carry no type or read flag', async ({
  page,
  api,
}) => {
  const mine = api.db.state.messages.filter((message) => message.recipientUserId === '1');
  const unread = mine.filter((message) => !message.read);
  expect(unread.length).toBeGreaterThan(0);
  expect(unread.length).toBeLessThan(mine.length);
  await signIn(page, api);
  await page.goto('/messageType');
  await expect(page.getByText(`共 ${unread.length} 条未读消息`)).toBeVisible();
  const rows = page.getByRole('navigation', { name: '消息类型' }).getByRole('link');
  // The types are unknown: no count beside them rather than a 0 beside the total.
  await expect(rows.filter({ hasText: /^全部消息/ })).toHaveAccessibleName(
    new RegExp(`^全部消息\\s*，\\s*${unread.length}\\s*条未读$`),
  );
  await expect(rows.filter({ hasText: '条未读' })).toHaveCount(1);

  await rows.filter({ hasText: /^全部消息/ }).click();
  const links = page.getByRole('list', { name: '全部消息' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  // Only the unread ones are marked 未读, though no record says whether it was read.
  const shown = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => ({
      id: new URL((anchor as HTMLAnchorElement).href).searchParams.get('id'),
      marked: (anchor.textContent ?? '').includes('未读'),
    })),
  );
  expect(shown.map(({ id, marked }) => [id, marked])).toEqual(
    shown.map(({ id }) => [id, unread.some((message) => message.id === id)]),
  );
});

test('staff read an announcement and open its attachment', async ({ page, api }) => {
  await signIn(page, api);
  await page.goto('/workUser');

  await test.step('公告 lists the announcements; one has an attachment', async () => {
    await staffEntry(page, '公告').click();
    const list = page.getByRole('list', { name: '公告列表' });
    await expect(list.getByRole('link')).toHaveCount(api.db.state.announcements.length);
    await list.getByRole('link').filter({ hasText: '附件 1 个' }).first().click();
    await expect(page).toHaveURL(/\/announcementDetail\?id=\d+$/);
  });

  await test.step('its attachment downloads and shows', async () => {
    const attachments = page.getByRole('region', { name: '附件（1）' });
    await attachments.getByRole('button').click();
    await expect(page).toHaveURL(/\/downSuccess\?attachment=\d+$/);
    const id = new URL(page.url()).searchParams.get('attachment') ?? '';
    const source = api.db.state.attachmentSources[id];
    // Inside WeChat a text file is shown in the page, a PDF as page pictures.
    if (source.kind === 'text') {
      await expect(page.getByLabel(/^文件内容：/)).toContainText(source.text.split('\n')[0]);
    } else {
      await expect(page.getByRole('img', { name: /第 1 页$/ })).toBeVisible();
    }
  });
});

test('staff fill in a questionnaire for a person, leave and resume it, submit it and find it in the history', async ({
  page,
  api,
}) => {
  const { registrations, responses } = api.db.state;
  const person = registrations.find(
    (candidate) =>
      candidate.status === 'submitted' &&
      !responses.some((response) => response.registrationId === candidate.id) &&
      registrations.filter((other) => other.name === candidate.name).length === 1,
  );
  if (!person) throw new Error('the demo data has nobody without a questionnaire');
  const responsesOfPerson = () =>
    api.db.state.responses.filter((response) => response.registrationId === person.id);
  await signIn(page, api);
  await page.goto('/workUser');

  await test.step('历史问卷 → 填写问卷: find the person, choose the questionnaire', async () => {
    await staffEntry(page, '历史问卷').click();
    await page.getByRole('button', { name: '填写问卷' }).click();
    await expect(page.getByRole('heading', { name: '这份问卷为谁填写？' })).toBeVisible();
    await page.getByRole('textbox', { name: '姓名' }).fill(person.name);
    await page.getByRole('button', { name: '查询' }).click();
    const found = page.getByRole('list', { name: '登记查询结果' }).getByRole('link');
    await expect(found).toHaveCount(1);
    await found.click();
    // The second questionnaire published (the server sends no titles: it is known by its questions).
    await page.getByRole('list', { name: '可填写的问卷' }).getByRole('link').nth(1).click();
    await expect(page.getByRole('group', { name: /您的吸烟情况是/ })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('registrationId')).toBe(person.id);
  });

  await test.step('answer two questions: saved on the server', async () => {
    await tapChoice(page, 'radio', '已戒烟');
    await tapChoice(page, 'radio', '偶尔饮酒（每周少于 1 次）');
    await expect(page.getByText('已自动保存')).toBeVisible();
    expect(responsesOfPerson()).toHaveLength(1);
  });

  await test.step('come back later: the answers are offered and kept', async () => {
    await page.reload();
    const offer = page.getByRole('dialog');
    await expect(offer).toContainText('您上次已回答 2/6 题');
    await offer.getByRole('button', { name: '继续填写' }).click();
    await expect(page.getByRole('radio', { name: '已戒烟' })).toBeChecked();
    await expect(page.getByRole('radio', { name: '偶尔饮酒（每周少于 1 次）' })).toBeChecked();
  });

  await test.step('answer the rest and submit: in the history as 已提交', async () => {
    await tapChoice(page, 'radio', '3～6 次');
    await tapChoice(page, 'checkbox', '常吃粗粮杂粮');
    await page.getByRole('button', { name: '提交问卷' }).click();
    await expect(page.getByText('提交成功')).toBeVisible();
    await expect(page).toHaveURL(/\/questionnaireList$/);
    await expect(page.getByRole('list', { name: '历史问卷' }).getByRole('link').first()).toContainText(
      '已提交',
    );
    expect(responsesOfPerson()).toHaveLength(1);
    expect(responsesOfPerson()[0]).toMatchObject({
      status: 'submitted',
      answers: { l1: 'quit', l2: 'sometimes', l3: 'medium', l4: ['grains'] },
    });
  });
});
