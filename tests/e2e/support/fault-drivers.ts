import type { Page } from '@playwright/test';
import { makeIdCard } from '../../../src/mocks/id-card-generator';
import { formatIdCardGroups, formatMaskedIdCard } from '../../../src/lib/id-card';
import { canUnbind, type CheckReport } from '../../../src/types/api';
import { expect, signIn, WORK_ACCOUNT, type ApiMock, type Fault } from './fixtures';
import { openOptionalFields } from './journeys';

/**
 * The fault matrix's pieces (tests/e2e/fault-matrix.spec.ts): the faults with the message spec §8
 * gives each, and for every main call a driver that brings a work user to the point of the call with
 * typed input, makes the call, checks the input is kept and retries it.
 */

export type FaultName =
  | 'network'
  | 'timeout'
  | 'http401'
  | 'http404'
  | 'http500'
  | 'status500'
  | 'status9001'
  | 'statusOther'
  | 'malformed';

export interface FaultCase {
  name: FaultName;
  /** Column heading in docs/fault-matrix.md. */
  title: string;
  fault: Fault;
  /** What the user must read (spec §8); null for HTTP 401, which ends the session without a toast. */
  message: string | null;
}

export const SESSION_EXPIRED_MESSAGE = '无效的会话，或者会话已过期，请重新登录。';

export const FAULTS: readonly FaultCase[] = [
  { name: 'network', title: '网络断开', fault: { kind: 'network' }, message: '后端接口连接异常' },
  { name: 'timeout', title: '超时', fault: { kind: 'timeout' }, message: '系统接口请求超时' },
  { name: 'http401', title: 'HTTP 401', fault: { kind: 'http', status: 401 }, message: null },
  { name: 'http404', title: 'HTTP 404', fault: { kind: 'http', status: 404 }, message: '系统接口404异常' },
  { name: 'http500', title: 'HTTP 500', fault: { kind: 'http', status: 500 }, message: '系统接口500异常' },
  {
    name: 'status500',
    title: 'statusCode 500',
    fault: { kind: 'status', statusCode: 500, responseMessage: '服务器处理出错（故障测试）' },
    message: '服务器处理出错（故障测试）',
  },
  {
    name: 'status9001',
    title: 'statusCode 9001',
    fault: { kind: 'status', statusCode: 9001, responseMessage: '请稍后再操作（故障测试提醒）' },
    message: '请稍后再操作（故障测试提醒）',
  },
  {
    name: 'statusOther',
    title: 'statusCode 5999',
    fault: { kind: 'status', statusCode: 5999, responseMessage: '业务处理失败（故障测试）' },
    message: '业务处理失败（故障测试）',
  },
  {
    name: 'malformed',
    title: 'JSON 格式错误',
    fault: { kind: 'malformed' },
    message: '系统未知错误，请联系客服',
  },
];

/** How the user got back to the call after the failure. */
export type Recovery = 'failure' | 'relogin';

export interface CallDriver<C = unknown> {
  name: string;
  /** Row heading in docs/fault-matrix.md. */
  title: string;
  /** The endpoint the fault is injected on (path suffix). */
  endpoint: string;
  /**
   * A read of the query client: a fault that decided nothing (no connection, a timeout) is tried
   * again by the app (READ_MAX_TRIES in all) before the person sees it, so the matrix injects it that often.
   */
  cachedRead?: boolean;
  /** Signs in (unless the call is the login), opens the page and types the user's input. */
  arrange(page: Page, api: ApiMock): Promise<C>;
  /** The user action that makes the call. */
  act(page: Page, context: C): Promise<void>;
  /**
   * Where a 401 sends a work user back after the re-login (the page the call was made on, path + search).
   * Absent for the login itself, whose 401 is a refused sign-in shown on the form.
   */
  returnPath?(context: C): string;
  /** After the re-login: whatever the page asks before the input is visible again (e.g. resume a draft). */
  resume?(page: Page, context: C): Promise<void>;
  /** The typed input (or the page state) is still there; may first step back to it (e.g. 返回修改). */
  expectKept(page: Page, context: C, via: Recovery): Promise<void>;
  /** The same action again. */
  retry(page: Page, context: C, via: Recovery): Promise<void>;
  /** What success leads to. */
  expectSuccess(page: Page, api: ApiMock, context: C): Promise<void>;
}

/** Logs in with the form (after a 401 the app is on /login?redirect=…). */
export async function loginWithForm(page: Page): Promise<void> {
  await page.getByLabel('账号', { exact: true }).fill(WORK_ACCOUNT.accountName);
  await page.getByLabel('密码', { exact: true }).fill(WORK_ACCOUNT.accountPwd);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The URL of exactly this in-app path + search. */
export function urlOf(pathAndSearch: string): RegExp {
  return new RegExp(`^[^?#]*//[^/]+${escapeRegExp(pathAndSearch)}$`);
}

// ---------------------------------------------------------------------------------------------------------
// Login

const login: CallDriver<null> = {
  name: 'login',
  title: '登录',
  endpoint: '/Account/LoginManage',
  arrange: async (page) => {
    await page.goto('/login');
    await page.getByLabel('账号', { exact: true }).fill(WORK_ACCOUNT.accountName);
    await page.getByLabel('密码', { exact: true }).fill(WORK_ACCOUNT.accountPwd);
    return null;
  },
  act: async (page) => {
    await page.getByRole('button', { name: '登录', exact: true }).click();
  },
  expectKept: async (page) => {
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('账号', { exact: true })).toHaveValue(WORK_ACCOUNT.accountName);
    await expect(page.getByLabel('密码', { exact: true })).toHaveValue(WORK_ACCOUNT.accountPwd);
  },
  retry: async (page) => {
    await page.getByRole('button', { name: '登录', exact: true }).click();
  },
  expectSuccess: async (page) => {
    await expect(page).toHaveURL(/\/workUser$/);
    await expect(page.getByText('您好，王医生')).toBeVisible();
  },
};

// ---------------------------------------------------------------------------------------------------------
// Registration (submit, then bind): one form, two calls

/** A person the demo backend does not know yet (seeded people live in Shanghai, 3101xx). */
const NEW_ID_CARD = makeIdCard('110105', '1966-01-01', 7, '1');
const PERSON = {
  name: '王小明',
  idCard: NEW_ID_CARD,
  phone: '13800138000',
  address: '北京市朝阳区幸福里 8 号',
};

interface RegistrationContext {
  tube: string;
}

function spareTube(api: ApiMock): string {
  const spare = api.db.state.tubes.find((tube) => tube.status === 'unbound' && tube.timeline.length === 1);
  if (!spare) throw new Error('no spare tube in the demo data');
  return spare.code;
}

async function submitRegistrationForm(page: Page): Promise<void> {
  await page.getByRole('button', { name: '提交并绑定' }).click();
  const dialog = page.getByRole('dialog', { name: '请确认登记信息' });
  await expect(dialog.getByText(formatMaskedIdCard(NEW_ID_CARD))).toBeVisible();
  await dialog.getByRole('button', { name: '确认提交' }).click();
  await expect(dialog).toBeHidden();
}

function registrationDriver(name: string, title: string, endpoint: string): CallDriver<RegistrationContext> {
  return {
    name,
    title,
    endpoint,
    arrange: async (page, api) => {
      const tube = spareTube(api);
      await signIn(page, api);
      await page.goto('/infoEnter');
      await page.getByRole('textbox', { name: '姓名', exact: true }).fill(PERSON.name);
      await page.getByRole('textbox', { name: '身份证号', exact: true }).fill(PERSON.idCard);
      await page.getByRole('textbox', { name: '联系电话', exact: true }).fill(PERSON.phone);
      await openOptionalFields(page);
      await page.getByRole('textbox', { name: '住址', exact: true }).fill(PERSON.address);
      await page.getByRole('textbox', { name: '采样管编码', exact: true }).fill(tube);
      await expect(page.getByText('可以绑定')).toBeVisible();
      return { tube };
    },
    act: (page) => submitRegistrationForm(page),
    returnPath: () => '/infoEnter',
    expectKept: async (page, { tube }) => {
      // No network: staff are offered the offline queue; the user stays to retry by hand.
      const offline = page.getByRole('dialog', { name: '网络不可用' });
      if (await offline.isVisible()) {
        await offline.getByRole('button', { name: '留在本页' }).click();
        await expect(offline).toBeHidden();
      }
      // Some failures are explained on /bindErr; 返回修改 is the user's way back to the form.
      if (/\/bindErr\?/.test(page.url())) {
        await expect(page.getByText('已填写的信息都已保存')).toBeVisible();
        await page.getByRole('button', { name: '返回修改' }).click();
      }
      await expect(page).toHaveURL(/\/infoEnter$/);
      await expect(page.getByRole('textbox', { name: '姓名', exact: true })).toHaveValue(PERSON.name);
      await expect(page.getByRole('textbox', { name: '身份证号', exact: true })).toHaveValue(
        formatIdCardGroups(PERSON.idCard),
      );
      await expect(page.getByRole('textbox', { name: '联系电话', exact: true })).toHaveValue(PERSON.phone);
      await expect(page.getByRole('textbox', { name: '住址', exact: true })).toHaveValue(PERSON.address);
      await expect(page.getByRole('textbox', { name: '采样管编码', exact: true })).toHaveValue(tube);
    },
    retry: (page) => submitRegistrationForm(page),
    expectSuccess: async (page, api, { tube }) => {
      await expect(page).toHaveURL(/\/bindSuccess\?id=\d+$/);
      await expect(page.getByRole('region', { name: '绑定信息' }).getByText(tube)).toBeVisible();
      // The retry completed the first attempt instead of registering the person twice.
      expect(
        api.db.state.registrations.filter((registration) => registration.idCard === NEW_ID_CARD),
      ).toHaveLength(1);
      expect(api.db.state.tubes.find((candidate) => candidate.code === tube)?.status).toBe('bound');
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Unbind

interface UnbindContext {
  registrationId: string;
  tube: string;
}

const UNBIND_REASON = '采样管破损或污染';
const UNBIND_NOTE = '管盖破裂，已更换新管';

async function confirmUnbind(page: Page): Promise<void> {
  await page.getByRole('button', { name: '确认解绑' }).click();
  const dialog = page.getByRole('dialog', { name: '确认解绑采样管' });
  await dialog.getByRole('button', { name: '确认解绑' }).click();
  await expect(dialog).toBeHidden();
}

const unbind: CallDriver<UnbindContext> = {
  name: 'unbind',
  title: '解绑',
  endpoint: '/Sampling/UpdateSamplingOperation',
  arrange: async (page, api) => {
    const tube = api.db.state.tubes.find(
      (candidate) => candidate.registrationId && canUnbind(candidate.status),
    );
    if (!tube?.registrationId) throw new Error('no unbindable tube in the demo data');
    await signIn(page, api);
    await page.goto(`/unbindTube?id=${tube.registrationId}`);
    await page.getByRole('radio', { name: UNBIND_REASON }).check();
    await page.getByRole('textbox', { name: '备注（选填）' }).fill(UNBIND_NOTE);
    return { registrationId: tube.registrationId, tube: tube.code };
  },
  act: (page) => confirmUnbind(page),
  returnPath: ({ registrationId }) => `/unbindTube?id=${registrationId}`,
  expectKept: async (page, { registrationId, tube }) => {
    await expect(page).toHaveURL(urlOf(`/unbindTube?id=${registrationId}`));
    await expect(page.getByRole('region', { name: '要解绑的采样管' })).toContainText(tube);
    await expect(page.getByRole('radio', { name: UNBIND_REASON })).toBeChecked();
    await expect(page.getByRole('textbox', { name: '备注（选填）' })).toHaveValue(UNBIND_NOTE);
  },
  retry: (page) => confirmUnbind(page),
  expectSuccess: async (page, api, { registrationId, tube }) => {
    await expect(page).toHaveURL(urlOf(`/infoDetail?id=${registrationId}`));
    await expect(page.getByText(/这条登记还没有绑定采样管/)).toBeVisible();
    expect(api.db.state.tubes.find((candidate) => candidate.code === tube)?.status).toBe('unbound');
  },
};

// ---------------------------------------------------------------------------------------------------------
// Reports: the list (looked up by a typed ID card) and the download

interface ReportContext {
  report: CheckReport;
}

async function searchReportsByIdCard(page: Page, api: ApiMock): Promise<ReportContext> {
  const report = api.db.state.reports.find((candidate) => candidate.result === 'negative');
  if (!report) throw new Error('no report in the demo data');
  await signIn(page, api);
  await page.goto('/reportSearch?type=idCard');
  await page.getByLabel('身份证号').fill(report.idCard);
  return { report };
}

function reportCards(page: Page) {
  return page.getByRole('list', { name: '检测报告列表' }).getByRole('link');
}

const reportList: CallDriver<ReportContext> = {
  name: 'report-list',
  title: '报告列表',
  endpoint: '/Sampling/PageCheckReport',
  cachedRead: true,
  arrange: searchReportsByIdCard,
  act: async (page) => {
    await page.getByRole('button', { name: '查询报告' }).click();
  },
  returnPath: () => '/repoetList',
  expectKept: async (page, { report }) => {
    // The criteria stay with the list (masked on screen), ready for 重试 and 重新查询.
    await expect(page).toHaveURL(/\/repoetList$/);
    await expect(page.getByText(`身份证号 ${formatMaskedIdCard(report.idCard)}`)).toBeVisible();
  },
  retry: async (page, _context, via) => {
    // Back from the re-login the list loads by itself; after a failure the user taps 重试.
    if (via === 'failure') await page.getByRole('alert').getByRole('button', { name: '重试' }).click();
  },
  expectSuccess: async (page, _api, { report }) => {
    await expect(reportCards(page)).toHaveCount(1);
    await expect(reportCards(page)).toContainText(report.tubeCode);
  },
};

const reportDownload: CallDriver<ReportContext> = {
  name: 'report-download',
  title: '报告下载',
  endpoint: '/Sampling/DownloadCheckReport',
  arrange: async (page, api) => {
    const context = await searchReportsByIdCard(page, api);
    // The detail page fetches the PDF while it is read, and 保存报告图片 would use those bytes: that fetch
    // fails here (the PDF in the page offers 重试), so the tap makes the request the fault is injected on.
    api.fault('/Sampling/DownloadCheckReport', { kind: 'network' }, 1);
    await page.getByRole('button', { name: '查询报告' }).click();
    await reportCards(page).click();
    await expect(page).toHaveURL(urlOf(`/repoetDetail?id=${context.report.id}`));
    await expect(page.getByRole('button', { name: '保存报告图片' })).toBeVisible();
    await expect.poll(() => api.requestsTo('/Sampling/DownloadCheckReport').length).toBe(1);
    return context;
  },
  act: async (page) => {
    await page.getByRole('button', { name: '保存报告图片' }).click();
  },
  returnPath: ({ report }) => `/repoetDetail?id=${report.id}`,
  expectKept: async (page, { report }, via) => {
    if (via === 'failure') {
      // /downErr says the pictures were not made, names the file and offers 重试; 回到原页面 leads
      // back to the report.
      await expect(page).toHaveURL(urlOf(`/downErr?report=${report.id}`));
      await expect(page.getByText('报告图片没有生成')).toBeVisible();
    } else {
      await expect(page).toHaveURL(urlOf(`/repoetDetail?id=${report.id}`));
      await expect(page.getByText(report.tubeCode).filter({ visible: true }).first()).toBeVisible();
    }
  },
  retry: async (page, _context, via) => {
    await page.getByRole('button', { name: via === 'failure' ? '重试' : '保存报告图片' }).click();
  },
  expectSuccess: async (page, _api, { report }) => {
    await expect(page).toHaveURL(urlOf(`/downSuccess?report=${report.id}`));
    await expect(page.getByText(report.fileName)).toBeVisible();
  },
};

// ---------------------------------------------------------------------------------------------------------
// Questionnaire submit

const LIFESTYLE = 'qn-lifestyle';
const FREE_TEXT = '晚饭吃得比较晚';

function question(page: Page, title: RegExp) {
  return page.getByRole('group', { name: title });
}

/** antd-mobile hides the native input under its own icon: tap the label, as a person does. */
async function choose(page: Page, role: 'radio' | 'checkbox', name: string): Promise<void> {
  await page
    .locator('label')
    .filter({ has: page.getByRole(role, { name, exact: true }) })
    .click();
}

/** A questionnaire is always for a person: the page is opened for one (as after choosing them). */
interface QuestionnaireContext {
  registrationId: string;
  path: string;
}

const questionnaireSubmit: CallDriver<QuestionnaireContext> = {
  name: 'questionnaire-submit',
  title: '问卷提交',
  endpoint: '/Response/Submit',
  arrange: async (page, api) => {
    const person = api.db.state.registrations.find(
      (r) =>
        r.status === 'submitted' &&
        !api.db.state.responses.some((response) => response.registrationId === r.id),
    );
    if (!person) throw new Error('the demo data has nobody without a questionnaire');
    const path = `/questionnaireDetail?questionnaireId=${LIFESTYLE}&registrationId=${person.id}`;
    await signIn(page, api);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: '饮食与生活方式调查' })).toBeVisible();
    await choose(page, 'radio', '已戒烟');
    await choose(page, 'radio', '偶尔饮酒（每周少于 1 次）');
    await choose(page, 'radio', '3～6 次');
    await choose(page, 'checkbox', '常吃粗粮杂粮');
    await question(page, /还有什么想告诉我们/)
      .getByRole('textbox')
      .fill(FREE_TEXT);
    await expect(page.getByText('已自动保存')).toBeVisible();
    return { registrationId: person.id, path };
  },
  act: async (page) => {
    await page.getByRole('button', { name: '提交问卷' }).click();
  },
  returnPath: ({ path }) => path,
  resume: async (page) => {
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('您上次已回答');
    await dialog.getByRole('button', { name: '继续填写' }).click();
  },
  expectKept: async (page, { path }) => {
    await expect(page).toHaveURL(urlOf(path));
    await expect(page.getByRole('radio', { name: '已戒烟' })).toBeChecked();
    await expect(page.getByRole('radio', { name: '偶尔饮酒（每周少于 1 次）' })).toBeChecked();
    await expect(page.getByRole('radio', { name: '3～6 次' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: '常吃粗粮杂粮' })).toBeChecked();
    await expect(question(page, /还有什么想告诉我们/).getByRole('textbox')).toHaveValue(FREE_TEXT);
  },
  retry: async (page) => {
    await page.getByRole('button', { name: '提交问卷' }).click();
  },
  expectSuccess: async (page, api, { registrationId }) => {
    await expect(page.getByText('提交成功')).toBeVisible();
    await expect(page).toHaveURL(/\/questionnaireList$/);
    const submitted = api.db.state.responses.filter(
      (r) =>
        r.questionnaireId === LIFESTYLE &&
        r.registrationId === registrationId &&
        r.ownerUserId === '1' &&
        r.status === 'submitted',
    );
    expect(submitted.some((r) => r.answers.l6 === FREE_TEXT)).toBe(true);
  },
};

// ---------------------------------------------------------------------------------------------------------
// Message read (opening an unread message marks it read)

interface MessageContext {
  id: string;
}

const MESSAGE_TITLE = '系统维护通知';

const messageRead: CallDriver<MessageContext> = {
  name: 'message-read',
  title: '消息已读',
  endpoint: '/SystemMessage/ReadSystemMessage',
  arrange: async (page, api) => {
    const message = api.db.state.messages.find(
      (m) => m.recipientUserId === '1' && m.title === MESSAGE_TITLE && !m.read,
    );
    if (!message) throw new Error('no unread message in the demo data');
    await signIn(page, api);
    await page.goto('/messageList?type=system');
    await expect(page.getByRole('link', { name: new RegExp(MESSAGE_TITLE) })).toContainText('未读');
    return { id: message.id };
  },
  act: async (page) => {
    await page.getByRole('link', { name: new RegExp(MESSAGE_TITLE) }).click();
  },
  returnPath: ({ id }) => `/messageDetail?id=${id}`,
  expectKept: async (page, { id }) => {
    // The reader keeps the message on screen.
    await expect(page).toHaveURL(urlOf(`/messageDetail?id=${id}`));
    await expect(page.getByRole('heading', { name: MESSAGE_TITLE })).toBeVisible();
    await expect(page.getByText('本周六 22:00 至次日 02:00', { exact: true })).toBeVisible();
  },
  retry: async (page, _context, via) => {
    // Back from the re-login the page marks the message by itself; after a failure the user taps 重试.
    if (via === 'failure') await page.getByRole('button', { name: '重新标记为已读' }).click();
  },
  expectSuccess: async (page, api, { id }) => {
    await expect.poll(() => api.db.state.messages.find((m) => m.id === id)?.read).toBe(true);
    await expect(page.getByRole('button', { name: '重新标记为已读' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: MESSAGE_TITLE })).toBeVisible();
  },
};

// Method syntax in CallDriver lets each driver keep its own context type in this one list.
export const CALLS: readonly CallDriver[] = [
  login,
  registrationDriver('registration-submit', '登记提交', '/ScreeningRegister/Submit'),
  registrationDriver('bind', '绑定采样管', '/Sampling/BindSamplingTube'),
  unbind,
  reportList,
  reportDownload,
  questionnaireSubmit,
  messageRead,
];
