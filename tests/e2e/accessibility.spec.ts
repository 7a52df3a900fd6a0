import type { Locator, Page } from '@playwright/test';
import { routeTable } from '../../src/app/route-table';
import { pageAudience, type AppPath } from '../../src/config/paths';
import { makeIdCard } from '../../src/mocks/id-card-generator';
import {
  clearAppStorage,
  contrastProblems,
  expect,
  expectAccessible,
  signIn,
  snap,
  test,
  type ApiMock,
} from './support/fixtures';
import { openOptionalFields, saveServerDrafts } from './support/journeys';
import { elderProblems, overflowingElements, setTextSize200 } from './support/layout';
import { stubSpeech } from './support/speech';

/**
 * Every route of the route table, in a realistic state (a session of its audience, ids from the demo
 * data): axe finds no serious or critical violation, and at 200% text (WeChat's largest font setting)
 * the page does not scroll sideways and its main actions are still on screen and tappable.
 */

type Audience = 'work' | 'check';

interface RouteCase {
  /** Signs in (or not, for the public pages), opens the page and waits until its content is there. */
  open: (page: Page, api: ApiMock) => Promise<void>;
  /** The page's main actions, which must stay visible and tappable at 200% text. */
  actions: (page: Page) => Locator[];
  /** Further states of the same page to check with axe (dialogs, forms), run after the page itself. */
  more?: (page: Page, api: ApiMock) => Promise<void>;
}

const ADMIN = '1';
/** A person the demo backend does not know yet (seeded people live in Shanghai, 3101xx). */
const NEW_ID_CARD = makeIdCard('110105', '1966-01-01', 7, '1');

/** A tube in stock that was never bound. */
function spareTube(api: ApiMock): string {
  return firstBy(api.db.state.tubes, (t) => t.status === 'unbound' && t.timeline.length === 1, 'spare tube')
    .code;
}

function firstBy<T>(items: readonly T[], predicate: (item: T) => boolean, what: string): T {
  const found = items.find(predicate);
  if (!found) throw new Error(`the demo data has no ${what}`);
  return found;
}

/** A registration of the admin's whose tube can still be unbound (bound, not yet at the lab). */
function unbindableRegistration(api: ApiMock): string {
  const tube = firstBy(api.db.state.tubes, (t) => t.status === 'bound' && !!t.registrationId, 'bound tube');
  return tube.registrationId!;
}

function reportOf(api: ApiMock, result: 'positive' | 'negative') {
  return firstBy(api.db.state.reports, (r) => r.result === result, `${result} report`);
}

function checkUserReport(api: ApiMock) {
  const user = firstBy(api.db.state.users, (u) => u.role === 'check', 'check user');
  return firstBy(api.db.state.reports, (r) => r.idCard === user.idCard, 'report of the check user');
}

/** A registration the check user entered for a family member (not their own). */
function familyRegistration(api: ApiMock): string {
  const user = firstBy(api.db.state.users, (u) => u.role === 'check', 'check user');
  return firstBy(
    api.db.state.registrations,
    (r) => r.createdByUserId === user.id && r.idCard !== user.idCard,
    'family registration',
  ).id;
}

/** A registration no questionnaire has been answered for. */
function unanswered(api: ApiMock): string {
  return firstBy(
    api.db.state.registrations,
    (r) => !api.db.state.responses.some((response) => response.registrationId === r.id),
    'registration without responses',
  ).id;
}

function submittedResponse(api: ApiMock, owner: string) {
  return firstBy(
    api.db.state.responses,
    (r) => r.ownerUserId === owner && r.status === 'submitted',
    'submitted response',
  );
}

async function openAs(page: Page, api: ApiMock, audience: Audience, path: string) {
  await signIn(page, api, audience);
  await page.goto(path);
}

function heading(page: Page, name: string | RegExp, level?: number) {
  return page.getByRole('heading', { name, ...(level ? { level } : {}) });
}

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name, exact: typeof name === 'string' });

/** The report list, reached as a person does: through the search page. */
async function openWorkReportList(page: Page, api: ApiMock) {
  await openAs(page, api, 'work', '/reportSearch?type=idCard');
  await page.getByLabel('身份证号').fill(reportOf(api, 'positive').idCard);
  await button(page, '查询报告').click();
  await expect(page).toHaveURL(/\/repoetList$/);
  await expect(page.getByRole('list', { name: '检测报告列表' }).getByRole('link')).toHaveCount(1);
}

/** /downSuccess or /downErr, reached by downloading a report from its detail page (staff's, or a check user's own). */
async function downloadReport(page: Page, api: ApiMock, fail: boolean, audience: Audience = 'work') {
  const report = audience === 'work' ? reportOf(api, 'negative') : checkUserReport(api);
  // Counted from here: an earlier route of the same test may have fetched this report already.
  const fetchedBefore = api.requestsTo('/Sampling/DownloadCheckReport').length;
  // The fetch while the detail is read, and the one 保存报告图片 makes after it.
  if (fail)
    api.fault(
      '/Sampling/DownloadCheckReport',
      { kind: 'status', statusCode: 4004, responseMessage: '报告文件正在生成，请稍后再试' },
      2,
    );
  await openAs(
    page,
    api,
    audience,
    `/${audience === 'work' ? 'repoetDetail' : 'checkUserRepoetDetail'}?id=${report.id}`,
  );
  await expect(heading(page, '本次未发现异常')).toBeVisible();
  await expect.poll(() => api.requestsTo('/Sampling/DownloadCheckReport').length).toBe(fetchedBefore + 1);
  await button(page, '保存报告图片').click();
  await expect(page).toHaveURL(new RegExp(`/${fail ? 'downErr' : 'downSuccess'}\\?report=${report.id}$`));
  if (fail) await expect(page.getByText('报告图片没有生成')).toBeVisible();
  else await expect(page.getByRole('img', { name: `${report.fileName} 第 1 页` })).toBeVisible();
}

const CASES: Record<AppPath, RouteCase> = {
  // ---- work users
  '/login': {
    open: async (page) => {
      await page.goto('/login');
      await expect(page.getByLabel('账号', { exact: true })).toBeVisible();
    },
    actions: (page) => [
      page.getByLabel('账号', { exact: true }),
      page.getByLabel('密码', { exact: true }),
      button(page, '登录'),
    ],
    more: async (page) => {
      await button(page, '登录').click();
      await expect(page.getByText('请输入账号')).toBeVisible();
      await expectAccessible(page);
    },
  },
  '/workUser': {
    open: async (page, api) => {
      await openAs(page, api, 'work', '/workUser');
      await expect(page.getByText('您好，王医生')).toBeVisible();
      await expect(page.getByRole('region', { name: '最新公告' }).getByRole('link').nth(1)).toBeVisible();
    },
    actions: (page) => [
      page.getByRole('navigation', { name: '功能' }).getByRole('link', { name: /信息录入/ }),
      page.getByRole('navigation', { name: '功能' }).getByRole('link', { name: /公告/ }),
      button(page, '退出登录'),
    ],
    more: async (page) => {
      await button(page, '退出登录').click();
      const dialog = page.getByRole('dialog', { name: '退出登录' });
      await expect(dialog.getByText('确定要退出登录吗？')).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: '取消' }).click();
      await expect(dialog).toHaveCount(0);
    },
  },
  '/pendingRegistrations': {
    open: async (page, api) => {
      saveServerDrafts(api, ['周一鸣', '吴二妹', '郑三强']);
      await openAs(page, api, 'work', '/pendingRegistrations');
      await expect(page.getByRole('list', { name: '待提交登记' }).getByRole('listitem')).toHaveCount(3);
    },
    actions: (page) => [
      page.getByRole('link', { name: '继续填写 郑三强 的登记' }),
      button(page, '删除 郑三强 的登记'),
    ],
    more: async (page) => {
      await button(page, '删除 郑三强 的登记').click();
      const dialog = page.getByRole('dialog', { name: '删除未提交的登记' });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: '取消' }).click();
      await expect(dialog).toHaveCount(0);
    },
  },
  '/infoEnter': {
    open: async (page, api) => {
      await openAs(page, api, 'work', '/infoEnter');
      await expect(page.getByRole('textbox', { name: '姓名', exact: true })).toBeVisible();
    },
    actions: (page) => [
      page.getByRole('textbox', { name: '身份证号', exact: true }),
      button(page, '扫描采样管二维码'),
      button(page, '提交并绑定'),
    ],
    more: async (page, api) => {
      // The field messages.
      await button(page, '提交并绑定').click();
      await expect(page.getByText('请填写姓名').first()).toBeVisible();
      await expectAccessible(page);
      // The dictionary picker.
      await openOptionalFields(page);
      await page.getByRole('button', { name: /^民族：/ }).click();
      const picker = page.getByRole('dialog', { name: '选择民族' });
      await expect(picker).toBeVisible();
      await expectAccessible(page);
      await picker.getByRole('button', { name: '汉族' }).click();
      await expect(picker).toBeHidden();
      // The confirmation before submitting.
      await page.getByRole('textbox', { name: '姓名', exact: true }).fill('王小明');
      await page.getByRole('textbox', { name: '身份证号', exact: true }).fill(NEW_ID_CARD);
      await page.getByRole('textbox', { name: '联系电话', exact: true }).fill('13800138000');
      await page.getByRole('textbox', { name: '采样管编码', exact: true }).fill(spareTube(api));
      await expect(page.getByText('可以绑定')).toBeVisible();
      await button(page, '提交并绑定').click();
      const confirm = page.getByRole('dialog', { name: '请确认登记信息' });
      await expect(confirm).toBeVisible();
      await expectAccessible(page);
      await confirm.getByRole('button', { name: '返回修改' }).click();
      await expect(confirm).toHaveCount(0);
      // An ID card registered already: the offer to open that registration.
      const seeded = api.db.state.registrations[2];
      await page.getByRole('textbox', { name: '身份证号', exact: true }).fill(seeded.idCard);
      await button(page, '提交并绑定').click();
      await expect(page.getByRole('dialog', { name: '该身份证号已登记' })).toBeVisible();
      await expectAccessible(page);
    },
  },
  '/bindSuccess': {
    open: async (page, api) => {
      await openAs(page, api, 'work', `/bindSuccess?id=${unbindableRegistration(api)}`);
      await expect(page.getByText('登记信息已保存，采样管已绑定')).toBeVisible();
    },
    actions: (page) => [button(page, '继续登记'), button(page, '查看详情')],
  },
  '/bindErr': {
    open: async (page, api) => {
      await openAs(page, api, 'work', '/bindErr?reason=server');
      await expect(page.getByText('服务器暂时无法完成绑定，请稍后重试。')).toBeVisible();
    },
    actions: (page) => [button(page, '返回修改')],
  },
  '/infoSearch': {
    open: async (page, api) => {
      await openAs(page, api, 'work', '/infoSearch');
      await expect(page.getByRole('list', { name: '登记查询结果' }).getByRole('link').first()).toBeVisible();
    },
    actions: (page) => [page.getByRole('textbox', { name: '姓名', exact: true }), button(page, '查询')],
    more: async (page) => {
      await button(page, '查询').click();
      await expect(page.getByRole('alert')).toHaveText('请输入要查询的姓名');
      await expectAccessible(page);
    },
  },
  '/infoDetail': {
    open: async (page, api) => {
      await openAs(page, api, 'work', `/infoDetail?id=${unbindableRegistration(api)}`);
      await expect(heading(page, '登记信息')).toBeVisible();
      await expect(
        page.getByRole('list', { name: /进度/ }).or(page.getByText('扫码绑定受检者').first()).first(),
      ).toBeVisible();
    },
    actions: (page) => [button(page, '解绑采样管')],
  },
  '/infoSearchBindSuccess': {
    open: async (page, api) => {
      await openAs(page, api, 'work', `/infoSearchBindSuccess?id=${unbindableRegistration(api)}`);
      await expect(page.getByText('采样管绑定成功')).toBeVisible();
      await expect(heading(page, '登记信息')).toBeVisible();
    },
    actions: (page) => [button(page, '解绑采样管')],
  },
  '/unbindTube': {
    open: async (page, api) => {
      await openAs(page, api, 'work', `/unbindTube?id=${unbindableRegistration(api)}`);
      await expect(page.getByRole('radio').first()).toBeAttached();
    },
    actions: (page) => [button(page, '确认解绑')],
    more: async (page) => {
      await button(page, '确认解绑').click();
      await expect(page.getByText('请选择解绑原因').first()).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('radio', { name: '扫码绑定错误（绑错受检者）' }).check();
      await button(page, '确认解绑').click();
      await expect(page.getByRole('dialog', { name: '确认解绑采样管' })).toBeVisible();
      await expectAccessible(page);
    },
  },
  '/reportSearch': {
    open: async (page, api) => {
      await openAs(page, api, 'work', '/reportSearch?type=idCard');
      await expect(page.getByLabel('身份证号')).toBeVisible();
    },
    actions: (page) => [page.getByLabel('身份证号'), button(page, '查询报告')],
  },
  '/searchType': {
    open: async (page, api) => {
      await openAs(page, api, 'work', '/searchType');
      await expect(heading(page, '请选择查询方式')).toBeVisible();
    },
    actions: (page) => [
      page.getByRole('link', { name: /按身份证号查询/ }),
      page.getByRole('link', { name: /按采样管编码查询/ }),
    ],
  },
  '/repoetList': {
    open: openWorkReportList,
    actions: (page) => [page.getByRole('list', { name: '检测报告列表' }).getByRole('link').first()],
  },
  '/repoetDetail': {
    open: async (page, api) => {
      await openAs(page, api, 'work', `/repoetDetail?id=${reportOf(api, 'positive').id}`);
      await expect(heading(page, '建议尽快做结肠镜检查')).toBeVisible();
    },
    actions: (page) => [button(page, '保存报告图片')],
  },
  '/questionnaireList': {
    open: async (page, api) => {
      await openAs(page, api, 'work', '/questionnaireList');
      await expect(page.getByRole('list', { name: '历史问卷' }).getByRole('link').first()).toBeVisible();
    },
    actions: (page) => [button(page, '填写问卷')],
  },
  '/questionnaireDetail': {
    // A questionnaire being filled in: radios, checkboxes and a text box.
    open: async (page, api) => {
      await openAs(
        page,
        api,
        'work',
        `/questionnaireDetail?questionnaireId=qn-lifestyle&registrationId=${unanswered(api)}`,
      );
      await expect(heading(page, '饮食与生活方式调查')).toBeVisible();
    },
    actions: (page) => [button(page, '提交问卷')],
    more: async (page, api) => {
      await button(page, '提交问卷').click();
      await expect(page.getByText('请回答此题').first()).toBeVisible();
      // The page as it stays, not the summary toast that fades out after two seconds (axe once caught it
      // mid-fade, white on grey).
      await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
      await expectAccessible(page);
      // A submitted response, read-only.
      await page.goto(`/questionnaireDetail?responseId=${submittedResponse(api, ADMIN).id}`);
      await expect(page.getByRole('list', { name: '答题情况' })).toBeVisible();
      await expectAccessible(page);
      // No questionnaire named: the chooser.
      await page.goto(`/questionnaireDetail?registrationId=${unanswered(api)}`);
      await expect(page.getByRole('list', { name: '可填写的问卷' }).getByRole('link').first()).toBeVisible();
      await expectAccessible(page);
      // No person named: whose questionnaire it is, found by search.
      await page.goto('/questionnaireDetail');
      await expect(page.getByRole('search', { name: '登记查询' })).toBeVisible();
      await expect(page.getByRole('list', { name: '登记查询结果' }).getByRole('link').first()).toBeVisible();
      await expectAccessible(page);
    },
  },
  '/messageType': {
    open: async (page, api) => {
      await openAs(page, api, 'work', '/messageType');
      await expect(page.getByText(/共 \d+ 条未读消息/)).toBeVisible();
    },
    actions: (page) => [page.getByRole('navigation', { name: '消息类型' }).getByRole('link').first()],
  },
  '/messageList': {
    open: async (page, api) => {
      await openAs(page, api, 'work', '/messageList?type=system');
      await expect(page.getByRole('list', { name: '系统通知' }).getByRole('link').first()).toBeVisible();
    },
    actions: (page) => [page.getByRole('list', { name: '系统通知' }).getByRole('link').first()],
  },
  '/messageDetail': {
    open: async (page, api) => {
      const html = firstBy(
        api.db.state.messages,
        (m) => m.recipientUserId === ADMIN && m.contentFormat === 'html',
        'HTML message',
      );
      await openAs(page, api, 'work', `/messageDetail?id=${html.id}`);
      await expect(heading(page, html.title)).toBeVisible();
    },
    actions: (page) => [button(page, '返回')],
    more: async (page, api) => {
      // A report notice links to the report.
      const notice = firstBy(
        api.db.state.messages,
        (m) => m.recipientUserId === ADMIN && !!m.reportId,
        'report notice',
      );
      await page.goto(`/messageDetail?id=${notice.id}`);
      await expect(page.getByRole('link', { name: /查看检测报告/ })).toBeVisible();
      await expectAccessible(page);
    },
  },
  '/downSuccess': {
    open: (page, api) => downloadReport(page, api, false),
    actions: (page) => [button(page, '回到原页面')],
  },
  '/downErr': {
    open: (page, api) => downloadReport(page, api, true),
    actions: (page) => [button(page, '重试')],
  },
  '/announcement': {
    open: async (page, api) => {
      await openAs(page, api, 'work', '/announcement');
      await expect(page.getByRole('list', { name: '公告列表' }).getByRole('link').first()).toBeVisible();
    },
    actions: (page) => [page.getByRole('list', { name: '公告列表' }).getByRole('link').first()],
  },
  '/announcementDetail': {
    open: async (page, api) => {
      await openAs(page, api, 'work', '/announcementDetail?id=6002');
      await expect(heading(page, '便隐血采样操作指南', 2)).toBeVisible();
    },
    actions: (page) => [button(page, '下载 便隐血采样操作指南.pdf')],
    more: async (page) => {
      // The announcement with an image and a phone link.
      await page.goto('/announcementDetail?id=6001');
      await expect(page.getByRole('img', { name: /大肠癌免费筛查/ })).toBeVisible();
      await expectAccessible(page);
    },
  },

  // ---- check users
  '/callback': {
    open: async (page) => {
      await page.goto('/callback');
      await expect(heading(page, '没有收到微信授权')).toBeVisible();
    },
    actions: (page) => [button(page, '重新授权')],
  },
  '/checkUser': {
    open: async (page, api) => {
      await openAs(page, api, 'check', '/checkUser');
      await expect(page.getByText('张秀英，您好')).toBeVisible();
      await expect(page.getByRole('region', { name: '待办事项' }).getByRole('link').first()).toBeVisible();
    },
    actions: (page) => [
      page.getByRole('article', { name: '张秀英的筛查情况' }).getByRole('link', { name: '查看报告' }),
      page.getByRole('link', { name: /登记信息/ }).first(),
      page.getByRole('link', { name: /我的消息/ }),
    ],
  },
  '/checkUserInfoEnter': {
    open: async (page, api) => {
      await openAs(page, api, 'check', '/checkUserInfoEnter');
      await expect(page.getByRole('list', { name: '办理步骤' })).toBeVisible();
    },
    actions: (page) => [page.getByRole('textbox', { name: '姓名', exact: true }), button(page, '提交')],
  },
  '/checkUserBindSuccess': {
    open: async (page, api) => {
      await openAs(page, api, 'check', `/checkUserBindSuccess?id=${familyRegistration(api)}`);
      await expect(heading(page, '接下来怎么做')).toBeVisible();
    },
    actions: (page) => [button(page, '返回首页'), button(page, '查看登记信息')],
  },
  '/checkUserInfoSearch': {
    open: async (page, api) => {
      await openAs(page, api, 'check', '/checkUserInfoSearch');
      await expect(page.getByRole('list', { name: '我的登记' }).getByRole('link').first()).toBeVisible();
    },
    actions: (page) => [page.getByRole('list', { name: '我的登记' }).getByRole('link').first()],
  },
  '/checkUserInfoDetail': {
    open: async (page, api) => {
      await openAs(page, api, 'check', `/checkUserInfoDetail?id=${familyRegistration(api)}`);
      await expect(heading(page, '登记信息')).toBeVisible();
    },
    actions: (page) => [button(page, '返回')],
  },
  '/checkReportSearch': {
    open: async (page, api) => {
      await openAs(page, api, 'check', '/checkReportSearch?type=tubeCode');
      await expect(page.getByLabel('采样管编码')).toBeVisible();
    },
    actions: (page) => [page.getByLabel('采样管编码'), button(page, '查询报告')],
    more: async (page) => {
      await showKnownIdCards(page);
      await expectAccessible(page);
    },
  },
  '/checkUserSearchType': {
    open: async (page, api) => {
      await openAs(page, api, 'check', '/checkUserSearchType');
      await expect(page.getByRole('button', { name: /查看我的报告/ })).toBeVisible();
    },
    actions: (page) => [
      page.getByRole('button', { name: /查看我的报告/ }),
      page.getByRole('link', { name: /按采样管编码查询/ }),
    ],
  },
  '/checkUserRepoetList': {
    open: async (page, api) => {
      await openAs(page, api, 'check', '/checkUserSearchType');
      await page.getByRole('button', { name: /查看我的报告/ }).click();
      await expect(page).toHaveURL(/\/checkUserRepoetList$/);
      await expect(page.getByRole('list', { name: '检测报告列表' }).getByRole('link').first()).toBeVisible();
    },
    actions: (page) => [page.getByRole('list', { name: '检测报告列表' }).getByRole('link').first()],
  },
  '/checkUserRepoetDetail': {
    open: async (page, api) => {
      await openAs(page, api, 'check', `/checkUserRepoetDetail?id=${checkUserReport(api).id}`);
      await expect(heading(page, '本次未发现异常')).toBeVisible();
    },
    actions: (page) => [button(page, '保存报告图片')],
  },
  '/checkUserQuestionnaireList': {
    open: async (page, api) => {
      await openAs(page, api, 'check', '/checkUserQuestionnaireList');
      await expect(page.getByRole('list', { name: '历史问卷' }).getByRole('link').first()).toBeVisible();
    },
    actions: (page) => [button(page, '填写问卷')],
  },
  '/checkUserQuestionnaireDetail': {
    open: async (page, api) => {
      await openAs(
        page,
        api,
        'check',
        `/checkUserQuestionnaireDetail?responseId=${submittedResponse(api, '3').id}`,
      );
      await expect(page.getByRole('list', { name: '答题情况' })).toBeVisible();
    },
    actions: (page) => [button(page, '返回')],
  },
};

/** WeChat's largest font setting, as it reaches the page (see auth-home.spec.ts: Chromium doubles the text). */
/** Snapshot names: the path without its slash. */
const snapName = (path: string) => path.slice(1);

/**
 * The page as its audience finds it: a fresh page load with none of the previous route's storage (drafts,
 * a session of another audience), axe, then 200% text with its main actions on screen and tappable.
 */
async function checkRoute(page: Page, api: ApiMock, route: (typeof routeTable)[number]) {
  const routeCase = CASES[route.path];
  await clearAppStorage(page);
  await routeCase.open(page, api);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectAccessible(page);

  await setTextSize200(page, page.getByRole('heading', { level: 1 }).first());
  expect(await overflowingElements(page), 'wider than the screen at 200% text').toEqual([]);
  const viewportWidth = page.viewportSize()!.width;
  for (const action of routeCase.actions(page)) {
    await action.scrollIntoViewIfNeeded();
    await expect(action).toBeVisible();
    await expect(action).toBeEnabled();
    const box = (await action.boundingBox())!;
    expect(box.x, `${action.toString()} starts on screen`).toBeGreaterThanOrEqual(-1);
    expect(box.x + box.width, `${action.toString()} ends on screen`).toBeLessThanOrEqual(viewportWidth + 1);
    // Nothing covers it: a trial tap lands on the control itself.
    await action.click({ trial: true });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, `${snapName(route.path)}-200`);
  await expectAccessible(page);

  if (routeCase.more) await routeCase.more(page, api);
}

/**
 * Five routes per test, each a step: a test per route spent about a second of its time on Playwright's
 * reset between tests.
 */
const ROUTES_PER_TEST = 5;
const groups = Array.from({ length: Math.ceil(routeTable.length / ROUTES_PER_TEST) }, (_, index) =>
  routeTable.slice(index * ROUTES_PER_TEST, (index + 1) * ROUTES_PER_TEST),
);

test.describe('accessibility and 200% text, every route', () => {
  // Up to seven axe runs per page, five pages.
  test.describe.configure({ timeout: 240_000 });

  test('every route of the route table has a case here', () => {
    expect(Object.keys(CASES).sort()).toEqual(routeTable.map((route) => route.path).sort());
  });

  for (const routes of groups) {
    test(routes.map((route) => route.path).join(', '), async ({ page, api }) => {
      for (const route of routes) {
        await test.step(`${route.path} (${route.title})`, () => checkRoute(page, api, route));
      }
    });
  }
});

/**
 * The pages a check user opens that staff share (spec: the message pages; the download pages), opened
 * as a check user.
 */
const CHECK_SHARED_PAGES: Partial<Record<AppPath, (page: Page, api: ApiMock) => Promise<void>>> = {
  '/messageType': async (page, api) => {
    await openAs(page, api, 'check', '/messageType');
    await expect(page.getByText(/共 \d+ 条未读消息|没有未读消息/)).toBeVisible();
  },
  '/messageList': async (page, api) => {
    await openAs(page, api, 'check', '/messageList?type=report');
    await expect(page.getByRole('list').getByRole('link').first()).toBeVisible();
  },
  '/messageDetail': async (page, api) => {
    const notice = firstBy(
      api.db.state.messages,
      (m) => m.recipientUserId === '3' && !!m.reportId,
      'report notice',
    );
    await openAs(page, api, 'check', `/messageDetail?id=${notice.id}`);
    await expect(page.getByRole('link', { name: /查看检测报告/ })).toBeVisible();
  },
  '/downSuccess': (page, api) => downloadReport(page, api, false, 'check'),
  '/downErr': (page, api) => downloadReport(page, api, true, 'check'),
};

/** /checkReportSearch by ID number: a check user's own and family's numbers to tap, then the field. */
async function showKnownIdCards(page: Page) {
  await button(page, '按身份证号').click();
  await expect(
    page.getByRole('region', { name: '点选要查询的人，也可以在下面输入号码' }).getByRole('button'),
  ).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: '身份证号' })).toBeVisible();
}

/** Further states of a check-user page that show more controls and texts, each walked too. */
const CHECK_MORE_STATES: Partial<Record<AppPath, (page: Page, api: ApiMock) => Promise<void>>> = {
  // Every field's message, and the folded 选填信息 open.
  '/checkUserInfoEnter': async (page) => {
    await button(page, '提交').click();
    await expect(page.getByText('请填写姓名').first()).toBeVisible();
    await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
    await openOptionalFields(page);
  },
  // By ID number: her own and her husband's, one tap each, above the field.
  '/checkReportSearch': showKnownIdCards,
  // With a Chinese voice on the phone: 朗读.
  '/checkUserRepoetDetail': async (page) => {
    await stubSpeech(page, [{ lang: 'zh-CN', name: 'Tingting' }]);
    await page.reload();
    await expect(button(page, '朗读')).toBeVisible();
  },
  // A questionnaire being filled in: radios, checkboxes and a text box.
  '/checkUserQuestionnaireDetail': async (page, api) => {
    const own = firstBy(
      api.db.state.registrations,
      (r) =>
        r.createdByUserId === '3' &&
        !api.db.state.responses.some((response) => response.registrationId === r.id),
      'check user registration without responses',
    );
    await page.goto(`/checkUserQuestionnaireDetail?questionnaireId=qn-lifestyle&registrationId=${own.id}`);
    await expect(heading(page, '饮食与生活方式调查')).toBeVisible();
  },
};

/** Every page a check user opens: their own routes, and the shared ones as they reach them. */
const CHECK_USER_PAGES = [
  ...routeTable.filter((route) => pageAudience[route.path] === 'check' || route.path === '/callback'),
  ...routeTable.filter((route) => route.path in CHECK_SHARED_PAGES),
];

/** What falls short on the page as it is now, for older eyes and fingers (support/layout.ts). */
async function shortfalls(page: Page): Promise<string[]> {
  return [...(await elderProblems(page)), ...(await contrastProblems(page))];
}

test.describe('older eyes and fingers: every check-user page (issue 57)', () => {
  test.describe.configure({ timeout: 240_000 });

  // At the narrowest phone only: the app's stylesheet has no width-dependent rules, so sizes and
  // colours are the same at 375 px, where the route walk above runs axe; only wrapping differs.
  for (const viewport of [{ width: 320, height: 568 }]) {
    test(`at ${viewport.width} px, 100 % and 200 % text: text ≥ 16 px, controls ≥ 44×44 px, contrast AA`, async ({
      page,
      api,
    }) => {
      await page.setViewportSize(viewport);
      for (const route of CHECK_USER_PAGES) {
        await clearAppStorage(page);
        const open = CHECK_SHARED_PAGES[route.path] ?? CASES[route.path].open;
        await open(page, api);
        const title = page.getByRole('heading', { level: 1 }).first();
        await expect(title).toBeVisible();
        expect(await shortfalls(page), `${route.path} at ${viewport.width} px, 100 % text`).toEqual([]);
        await setTextSize200(page, title);
        expect(await shortfalls(page), `${route.path} at ${viewport.width} px, 200 % text`).toEqual([]);
        const more = CHECK_MORE_STATES[route.path];
        if (!more) continue;
        await page.reload();
        await more(page, api);
        expect(await shortfalls(page), `${route.path} (more) at ${viewport.width} px, 100 % text`).toEqual(
          [],
        );
        await setTextSize200(page, page.getByRole('heading', { level: 1 }).first());
        expect(await shortfalls(page), `${route.path} (more) at ${viewport.width} px, 200 % text`).toEqual(
          [],
        );
      }
    });
  }
});
