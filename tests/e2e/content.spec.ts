import type { Page } from '@playwright/test';
import { READ_MAX_TRIES } from '../../src/lib/http/retry-policy';
import { expect, expectAccessible, signIn, snap, test } from './support/fixtures';
import { tapChoice } from './support/journeys';

/** Questionnaires, messages and announcements in the built app, for both user groups. */

const LIFESTYLE = 'qn-lifestyle';

function question(page: Page, title: RegExp) {
  return page.getByRole('group', { name: title });
}

/** A type row's name on /messageType, e.g. 系统通知，2条未读 (Chromium spaces the hidden parts). */
function typeRowName(label: string, unread: number): RegExp {
  return unread > 0 ? new RegExp(`^${label}\\s*，\\s*${unread}\\s*条未读$`) : new RegExp(`^${label}$`);
}

test.describe('questionnaires', () => {
  test('for a person found first; answered halfway, reloaded, resumed and submitted, then in the history', async ({
    page,
    api,
  }) => {
    const person = api.db.state.registrations.find(
      (r) => !api.db.state.responses.some((response) => response.registrationId === r.id),
    )!;
    await signIn(page, api);
    await page.goto(`/questionnaireDetail?questionnaireId=${LIFESTYLE}`);
    // Whose questionnaire it is comes first: the person is found by name.
    await expect(page.getByRole('heading', { name: '这份问卷为谁填写？' })).toBeVisible();
    await page.getByRole('textbox', { name: '姓名' }).fill(person.name);
    await page.getByRole('button', { name: '查询' }).click();
    await page
      .getByRole('list', { name: '登记查询结果' })
      .getByRole('link')
      .filter({ hasText: person.name })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: '饮食与生活方式调查' })).toBeVisible();
    await expect(page.getByText(`受检者：${person.name}`)).toBeVisible();
    await expect(page.getByText('已答 0/6 题')).toBeVisible();

    await tapChoice(page, 'radio', '已戒烟');
    await tapChoice(page, 'radio', '偶尔饮酒（每周少于 1 次）');
    await question(page, /还有什么想告诉我们/)
      .getByRole('textbox')
      .fill('晚饭吃得比较晚');
    await expect(page.getByText('已答 3/6 题')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: '答题进度' })).toHaveAttribute('aria-valuenow', '3');
    await expect(page.getByText('已自动保存')).toBeVisible();
    expect(api.requestsTo('/Response/Add')).toHaveLength(1);
    await snap(page, 'questionnaireDetail');
    await expectAccessible(page);

    await page.reload();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('您上次已回答 3/6 题');
    await snap(page, 'questionnaireDetail-resume');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: '继续填写' }).click();
    await expect(page.getByRole('radio', { name: '已戒烟' })).toBeChecked();
    await expect(page.getByRole('radio', { name: '偶尔饮酒（每周少于 1 次）' })).toBeChecked();
    await expect(question(page, /还有什么想告诉我们/).getByRole('textbox')).toHaveValue('晚饭吃得比较晚');

    // Required questions are checked before anything is sent.
    await page.getByRole('button', { name: '提交问卷' }).click();
    await expect(question(page, /红肉/).getByText('请回答此题')).toBeVisible();
    await expect(question(page, /日常饮食/).getByText('请回答此题')).toBeVisible();
    await expect(question(page, /红肉/)).toBeFocused();
    await snap(page, 'questionnaireDetail-required');
    await expectAccessible(page);
    expect(api.requestsTo('/Response/Submit')).toHaveLength(0);

    // Answers after the resume autosave to the same server draft.
    await tapChoice(page, 'radio', '3～6 次');
    await expect(page.getByText('已自动保存')).toBeVisible();
    const draftId = api.db.state.responses.find(
      (r) => r.questionnaireId === LIFESTYLE && r.registrationId === person.id,
    )?.id;
    expect(api.requestsTo('/Response/Update').at(-1)?.body).toMatchObject({
      id: draftId,
      answers: { l1: 'quit', l3: 'medium' },
    });
    await tapChoice(page, 'checkbox', '常吃粗粮杂粮');
    await page.getByRole('button', { name: '提交问卷' }).click();
    await expect(page.getByText('提交成功')).toBeVisible();
    await expect(page).toHaveURL(/\/questionnaireList$/);

    const submits = api.requestsTo('/Response/Submit');
    expect(submits).toHaveLength(1);
    expect(submits[0].body).toEqual({
      id: draftId,
      questionnaireId: LIFESTYLE,
      registrationId: person.id,
      answers: { l1: 'quit', l2: 'sometimes', l3: 'medium', l4: ['grains'], l6: '晚饭吃得比较晚' },
    });
    expect(api.requestsTo('/Response/Add')).toHaveLength(1);

    const history = page.getByRole('list', { name: '历史问卷' });
    const newest = history.getByRole('link').first();
    await expect(newest).toContainText('饮食与生活方式调查');
    await expect(newest).toContainText('已提交');
    await expect(newest).toContainText(person.name);
    await snap(page, 'questionnaireList');
    await expectAccessible(page);

    await newest.click();
    const answers = page.getByRole('list', { name: '答题情况' });
    await expect(answers.getByRole('listitem').first()).toContainText('已戒烟');
    await expect(answers).toContainText('晚饭吃得比较晚');
    await expect(page.getByRole('radio')).toHaveCount(0);
    await snap(page, 'questionnaireDetail-readonly');
    await expectAccessible(page);
  });

  test('a check user sees their own history; 填写问卷 offers the one questionnaire she has left', async ({
    page,
    api,
  }) => {
    await signIn(page, api, 'check');
    await page.goto('/checkUserQuestionnaireList');
    const history = page.getByRole('list', { name: '历史问卷' });
    await expect(history.getByRole('link')).toHaveCount(
      api.db.state.responses.filter((r) => r.ownerUserId === '3').length,
    );
    await snap(page, 'checkUserQuestionnaireList');
    await expectAccessible(page);

    // Her risk questionnaire is submitted: the lifestyle survey she started is the one to fill in, no
    // choice first (the chooser when both are open: check-user-journey.spec.ts).
    await page.getByRole('button', { name: '填写问卷' }).click();
    const offer = page.getByRole('dialog', { name: '继续上次的填写？' });
    await expect(offer).toBeVisible();
    await expect(page.getByRole('heading', { name: '饮食与生活方式调查' })).toBeVisible();
    await expect(page.getByRole('list', { name: '可填写的问卷' })).toHaveCount(0);
    await snap(page, 'checkUserQuestionnaireDetail-resume');
    await expectAccessible(page);
  });
});

test.describe('messages', () => {
  test('opening a message lowers the unread counts on the list, the types page and the home page', async ({
    page,
    api,
  }) => {
    const unread = (type?: string) =>
      api.db.state.messages.filter((m) => m.recipientUserId === '1' && !m.read && (!type || m.type === type))
        .length;
    const total = unread();
    const system = unread('system');
    expect(system).toBeGreaterThan(0);

    await signIn(page, api);
    await page.goto('/workUser');
    await expect(page.getByRole('link', { name: `您有 ${total} 条未读消息` })).toBeVisible();
    await page.getByRole('link', { name: `您有 ${total} 条未读消息` }).click();

    await expect(page.getByText(`共 ${total} 条未读消息`)).toBeVisible();
    const types = page.getByRole('navigation', { name: '消息类型' });
    await expect(types.getByRole('link', { name: typeRowName('系统通知', system) })).toBeVisible();
    await snap(page, 'messageType');
    await expectAccessible(page);

    await types.getByRole('link', { name: /^系统通知/ }).click();
    const list = page.getByRole('list', { name: '系统通知' });
    const notice = list.getByRole('link', { name: /系统维护通知/ });
    await expect(notice).toContainText('未读');
    await expect(notice).toContainText('小时前');
    await snap(page, 'messageList');
    await expectAccessible(page);

    await notice.click();
    await expect(page.getByRole('heading', { name: '系统维护通知' })).toBeVisible();
    await expect(page.getByText('本周六 22:00 至次日 02:00', { exact: true })).toBeVisible();
    await expect.poll(() => api.requestsTo('/SystemMessage/ReadSystemMessage').length).toBe(1);
    await snap(page, 'messageDetail');
    await expectAccessible(page);

    await page.goBack();
    await expect(list.getByRole('link', { name: /系统维护通知/ })).not.toContainText('未读');
    await expect(
      page.getByText(system - 1 > 0 ? `系统通知，${system - 1} 条未读` : '系统通知，没有未读'),
    ).toBeVisible();

    await page.goBack();
    await expect(page.getByText(`共 ${total - 1} 条未读消息`)).toBeVisible();
    await expect(types.getByRole('link', { name: typeRowName('系统通知', system - 1) })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/workUser$/);
    await expect(page.getByRole('link', { name: `您有 ${total - 1} 条未读消息` })).toBeVisible();
  });

  test('the check-user home links to the messages, which show their own', async ({ page, api }) => {
    await signIn(page, api, 'check');
    await page.goto('/checkUser');
    await page.getByRole('link', { name: /我的消息/ }).click();
    await expect(page).toHaveURL(/\/messageType$/);
    const own = api.db.state.messages.filter((m) => m.recipientUserId === '3' && !m.read).length;
    await expect(page.getByText(own > 0 ? `共 ${own} 条未读消息` : '没有未读消息')).toBeVisible();
    await snap(page, 'messageType-check');
    await expectAccessible(page);
  });
});

test.describe('announcements', () => {
  test('the list, newest first, and an attachment that downloads', async ({ page, api }) => {
    await signIn(page, api);
    await page.goto('/announcement');
    const list = page.getByRole('list', { name: '公告列表' });
    await expect(list.getByRole('link').first()).toContainText('国庆假期实验室收样时间调整');
    await snap(page, 'announcement');
    await expectAccessible(page);

    await list.getByRole('link', { name: /便隐血采样操作指南/ }).click();
    await expect(page.getByRole('heading', { name: '便隐血采样操作指南', level: 2 })).toBeVisible();
    const attachments = page.getByRole('region', { name: '附件（1）' });
    await expect(attachments).toContainText('便隐血采样操作指南.pdf');
    await expect(attachments).toContainText(/\d+(\.\d)? KB/);
    await snap(page, 'announcementDetail');
    await expectAccessible(page);

    await attachments.getByRole('button', { name: '下载 便隐血采样操作指南.pdf' }).click();
    await expect(page).toHaveURL(/\/downSuccess\?(report|attachment)=[\w-]+$/);
    await expect(page.getByText('便隐血采样操作指南.pdf')).toBeVisible();
    const downloads = api.requestsTo('/Attachement/Download');
    expect(downloads).toHaveLength(1);
    expect(downloads[0].search).toBe('?attachmentId=5001');
  });

  test('a list whose server never answers says 系统接口请求超时 within the spec’s 10 s of asking, and 重试 loads it', async ({
    page,
    api,
  }) => {
    await signIn(page, api);
    api.fault('/Announcement/Page', { kind: 'timeout' });
    const firstTry = page.waitForRequest((request) => request.url().endsWith('/Announcement/Page'));
    await page.goto('/announcement');
    await firstTry;
    const askedAt = Date.now();
    const failure = page.getByRole('alert');
    await expect(failure.getByText('系统接口请求超时')).toBeVisible({ timeout: 15_000 });
    // However many tries fit (the test build's are 2.5 s), they share the 10 s from the first.
    expect(Date.now() - askedAt).toBeLessThan(11_000);
    expect(api.requestsTo('/Announcement/Page').length).toBeLessThanOrEqual(READ_MAX_TRIES);
    api.clearFaults();
    await failure.getByRole('button', { name: '重试' }).click();
    await expect(page.getByRole('list', { name: '公告列表' }).getByRole('link').first()).toBeVisible();
  });

  test('a failed attachment download shows /downErr', async ({ page, api }) => {
    await signIn(page, api);
    api.fault('/Attachement/Download', {
      kind: 'status',
      statusCode: 4004,
      responseMessage: '附件不存在或已删除',
    });
    await page.goto('/announcementDetail?id=6003');
    await page.getByRole('button', { name: '下载 结肠镜检查定点医院名单.txt' }).click();
    await expect(page).toHaveURL(/\/downErr\?(report|attachment)=[\w-]+$/);
    await expect(page.getByText('附件不存在或已删除')).toBeVisible();
  });

  test('an announcement carrying an XSS payload renders as safe content and runs nothing', async ({
    page,
    api,
  }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    api.db.mutate((state) => {
      const target = state.announcements.find((a) => a.id === '6004')!;
      target.content =
        '<p>安全的正文</p>' +
        '<script>window.__xss = 1; alert("script")</script>' +
        '<img src="x" onerror="window.__xss = 1; alert(\'img\')">' +
        '<svg onload="window.__xss = 1"><circle r="1"></circle></svg>' +
        '<a href="javascript:window.__xss=1;alert(\'link\')">点我领奖</a>' +
        '<iframe srcdoc="<script>parent.__xss = 1</script>"></iframe>' +
        '<details open ontoggle="window.__xss = 1"><summary>详情</summary></details>' +
        '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>';
    });
    await signIn(page, api);
    await page.goto('/announcementDetail?id=6004');
    await expect(page.getByText('安全的正文')).toBeVisible();
    await expect(page.getByText('<script>alert(1)</script>')).toBeVisible();
    await page.getByText('点我领奖').click();
    await page.waitForTimeout(300);

    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    const article = page.locator('article');
    await expect(article.locator('script, iframe')).toHaveCount(0);
    const handlers = await article.evaluate((root) =>
      [...root.querySelectorAll('*')].flatMap((el) =>
        [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => a.name),
      ),
    );
    expect(handlers).toEqual([]);
    await expect(page.getByText('点我领奖')).not.toHaveAttribute('href', /javascript/i);
    await expect(page).toHaveURL(/\/announcementDetail\?id=6004$/);
    await snap(page, 'announcementDetail-xss');
    await expectAccessible(page);
  });

  test('an announcement shows images from listed hosts only, stays in its box, and asks before leaving', async ({
    page,
    context,
    api,
  }) => {
    const requested: string[] = [];
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    // The listed host (.env.test's VITE_CONTENT_IMAGE_ORIGINS) and another one.
    await context.route(/^https:\/\/(img\.screening\.test|evil\.example)\//, (route) => {
      requested.push(route.request().url());
      return route.request().resourceType() === 'image'
        ? route.fulfill({ contentType: 'image/gif', body: gif })
        : route.fulfill({ contentType: 'text/html', body: '<title>外部网站</title>' });
    });
    api.db.mutate((state) => {
      state.announcements.find((a) => a.id === '6004')!.content =
        '<p>正文开始</p>' +
        '<img src="https://img.screening.test/banner.gif" alt="活动横幅" width="40" height="20">' +
        '<img src="https://evil.example/track.gif" alt="追踪">' +
        '<div style="margin-top:-48px">上移的文字</div>' +
        '<a href="https://evil.example/login">重新登录</a>';
    });
    await signIn(page, api);
    await page.goto('/announcementDetail?id=6004');
    await expect(page.getByRole('img', { name: '活动横幅' })).toBeVisible();
    await expect(page.getByText('图片已屏蔽')).toBeVisible();
    expect(requested).toEqual(['https://img.screening.test/banner.gif']);
    const rich = page.locator('[data-rich-content]');
    await expect(rich).toHaveCSS('overflow', 'hidden');
    await expect(rich).toHaveCSS('contain', 'paint');
    await snap(page, 'announcementDetail-blocked-image');
    await expectAccessible(page);

    await page.getByRole('link', { name: '重新登录' }).click();
    const leaving = page.getByRole('dialog');
    await expect(leaving).toContainText('该链接将打开外部网站 evil.example');
    await leaving.getByRole('button', { name: '继续访问' }).click();
    await expect(page).toHaveURL('https://evil.example/login');
  });
});
