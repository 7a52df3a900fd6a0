import type { Page } from '@playwright/test';
import { http, HttpResponse } from 'msw';
import { OFFLINE_QUEUE_KEY } from '../../src/config/storage-keys';
import { formatIdCardGroups } from '../../src/lib/id-card';
import { makeIdCard } from '../../src/mocks/id-card-generator';
import { WORK_ACCOUNT, expect, expectAccessible, snap, test, type ApiMock } from './support/fixtures';

/**
 * One phone, several people: webviews share localStorage and keep a sessionStorage each (a new page of
 * the test's browser context). What 王医生 (admin) queued and typed stays hers: another nurse or a
 * screened person signing in on the phone neither sees, removes nor sends it; it is sent once, under
 * her own token, when she is signed in.
 */
const QUEUED = { name: '赵一', idCard: makeIdCard('110105', '1962-02-03', 11, '1') };
const TYPED = { name: '钱二', idCard: makeIdCard('110105', '1958-07-09', 12, '2') };
const SUBMIT = '/ScreeningRegister/Submit';
const BIND = '/Sampling/BindSamplingTube';

const textbox = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

async function logIn(page: Page, accountName: string) {
  await page.goto('/login');
  await page.getByLabel('账号', { exact: true }).fill(accountName);
  await page.getByLabel('密码', { exact: true }).fill(WORK_ACCOUNT.accountPwd);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/workUser$/);
}

const sessionToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('token'));

function spareTube(api: ApiMock): string {
  const tube = api.db.state.tubes.find((t) => t.status === 'unbound' && t.timeline.length === 1);
  if (!tube) throw new Error('the demo data has no spare tube');
  return tube.code;
}

/**
 * On 信息录入: QUEUED's registration, which the network drops, goes to the phone's queue. Returns how
 * many API requests had been made by then (the form's own attempt among them).
 */
async function queueWhileOffline(page: Page, api: ApiMock): Promise<number> {
  api.fault(SUBMIT, { kind: 'network' });
  await page.getByRole('link', { name: /信息录入/ }).click();
  await textbox(page, '姓名').fill(QUEUED.name);
  await textbox(page, '身份证号').fill(QUEUED.idCard);
  await textbox(page, '联系电话').fill('13800138000');
  await textbox(page, '采样管编码').fill(spareTube(api));
  await page.getByRole('button', { name: '提交并绑定' }).click();
  await page
    .getByRole('dialog', { name: '请确认登记信息' })
    .getByRole('button', { name: /^(确认提交|仍要登记)$/ })
    .first()
    .click();
  await page
    .getByRole('dialog', { name: '网络不可用' })
    .getByRole('button', { name: '保存到待发送队列' })
    .click();
  await expect(textbox(page, '姓名')).toHaveValue('');
  return api.requests.length;
}

/** The requests since `from` that sent QUEUED's registration: its Submit and the Bind, with their tokens. */
function queuedSends(api: ApiMock, from: number): [string, string | undefined][] {
  return api.requests
    .slice(from)
    .filter(
      (request) =>
        request.path.endsWith(BIND) ||
        (request.path.endsWith(SUBMIT) && (request.body as { idCard?: string }).idCard === QUEUED.idCard),
    )
    .map((request) => [request.path, request.headers.authorization]);
}

test('王医生 queues and types, her webview closes; 李护士 sees none of it, nor her name; 王医生 signs in again and it is sent once', async ({
  page,
  api,
}) => {
  await logIn(page, WORK_ACCOUNT.accountName);
  const firstToken = await sessionToken(page);
  const queued = await queueWhileOffline(page, api);
  // The next person is half typed (a draft on the phone), then WeChat closes the page.
  await textbox(page, '姓名').fill(TYPED.name);
  await textbox(page, '身份证号').fill(TYPED.idCard);
  await expect.poll(() => page.evaluate(() => JSON.stringify({ ...localStorage }))).toContain(TYPED.idCard);
  const phone = page.context();
  await page.close();
  api.clearFaults();

  const worker = await phone.newPage();
  await worker.goto('/login');
  // Whoever holds the phone learns that work waits, not whose: no account name, none offered to sign in with.
  await expect(worker.getByRole('note')).toHaveText(
    '此手机上还有 1 条登记未上传，录入它们的工作人员登录后会继续上传。',
  );
  await expect(worker.getByLabel('账号', { exact: true })).toHaveValue('');
  await expect(worker.getByText(WORK_ACCOUNT.accountName)).toHaveCount(0);
  await logIn(worker, 'worker');
  await expect(worker.getByText('您好，李晓梅')).toBeVisible();
  await expect(worker.getByText(/待发送/)).toHaveCount(0);
  await worker.getByRole('link', { name: /信息录入/ }).click();
  await expect(textbox(worker, '姓名')).toHaveValue('');
  await expect(textbox(worker, '身份证号')).toHaveValue('');
  for (const person of [QUEUED, TYPED]) await expect(worker.getByText(person.name)).toHaveCount(0);
  // Her session, online all along, never sent 王医生's registration (only 王医生's own page retried it,
  // with backoff, while the network was down).
  expect(queuedSends(api, queued).filter(([, token]) => token !== firstToken)).toEqual([]);

  await worker.getByRole('button', { name: '返回' }).click();
  await worker.getByRole('button', { name: '退出登录' }).click();
  await worker.getByRole('dialog', { name: '退出登录' }).getByRole('button', { name: '退出' }).click();
  await expect(worker).toHaveURL(/\/login$/);
  await expect(worker.getByRole('note')).toContainText('此手机上还有 1 条登记未上传');
  await expect(worker.getByLabel('账号', { exact: true })).toHaveValue('');

  await logIn(worker, WORK_ACCOUNT.accountName);
  await expect(worker.getByText('已自动提交 1 条登记')).toBeVisible();
  const adminToken = await sessionToken(worker);
  expect(queuedSends(api, queued).filter(([, token]) => token !== firstToken)).toEqual([
    ['/api/v1/ScreeningRegister/Submit', adminToken],
    ['/api/v1/Sampling/BindSamplingTube', adminToken],
  ]);
  expect(api.db.state.registrations.filter((r) => r.idCard === QUEUED.idCard)).toHaveLength(1);
  await worker.getByRole('link', { name: /信息录入/ }).click();
  await expect(textbox(worker, '姓名')).toHaveValue(TYPED.name);
});

test('a nurse queues offline, a screened person signs in through WeChat on the phone; back online, hers is sent once under her account', async ({
  page,
  api,
  wechat,
}) => {
  await logIn(page, WORK_ACCOUNT.accountName);
  const nurseToken = await sessionToken(page);
  const queued = await queueWhileOffline(page, api);

  // The phone is handed over: the WeChat menu link opens in another webview of the same phone.
  const checkUser = await page.context().newPage();
  await checkUser.goto('/checkUser');
  await expect(checkUser.getByText('张秀英，您好')).toBeVisible();
  expect(wechat.visits).toHaveLength(1);
  const checkToken = await sessionToken(checkUser);

  // The network comes back for both webviews: the nurse's sends her entry, the check user's sends nothing.
  api.clearFaults();
  await page.context().setOffline(true);
  await page.context().setOffline(false);
  await expect(page.getByText('已自动提交 1 条登记')).toBeVisible();
  // Every send under the nurse's token: her page's retries while the network was down, then the two
  // that went through; the person registered once.
  const sends = queuedSends(api, queued);
  expect(sends.filter(([, token]) => token !== nurseToken)).toEqual([]);
  expect(sends.slice(-2)).toEqual([
    ['/api/v1/ScreeningRegister/Submit', nurseToken],
    ['/api/v1/Sampling/BindSamplingTube', nurseToken],
  ]);
  expect(api.db.state.registrations.filter((r) => r.idCard === QUEUED.idCard)).toHaveLength(1);
  expect(
    api.requests.filter((request) => request.headers.authorization === checkToken).map((r) => r.path),
  ).not.toContain(`/api/v1${SUBMIT}`);
  await expect(checkUser.getByText('张秀英，您好')).toBeVisible();
});

test('王医生’s queued registration is in flight when a 401 sends the tab to the login and 李护士 signs in there: nothing of it goes out under her token', async ({
  page,
  api,
}) => {
  await logIn(page, WORK_ACCOUNT.accountName);
  const adminToken = await sessionToken(page);
  await queueWhileOffline(page, api);
  // The queue's next Submit is held at the server until the test lets it answer.
  let answerSubmit = () => {};
  const submitHeld = new Promise<void>((resolve) => (answerSubmit = resolve));
  let submitArrived = () => {};
  const arrived = new Promise<void>((resolve) => (submitArrived = resolve));
  api.use(
    http.post(`*/api/v1${SUBMIT}`, async () => {
      submitArrived();
      await submitHeld;
      return undefined;
    }),
  );
  const from = api.requests.length;
  api.clearFaults();
  await page.getByRole('button', { name: '返回' }).click();
  // 立即发送, unless the queue's own backoff timer has started the send first (the button then waits).
  await Promise.race([arrived, page.getByRole('button', { name: '立即发送' }).click()]);
  await arrived;

  // Elsewhere in the tab, a call answers 401: the login page, where the next nurse signs in. The list's
  // read (a page of 10), not the home's own newest-announcement read (a page of 1), which it may make
  // again on its return: the tab must leave for the login from the list, after the tap.
  let refused = false;
  api.use(
    http.post('*/api/v1/Announcement/Page', async ({ request }) => {
      const { pageSize } = (await request.clone().json()) as { pageSize: number };
      if (refused || pageSize === 1) return undefined;
      refused = true;
      return new HttpResponse(null, { status: 401 });
    }),
  );
  await page.getByRole('link', { name: '全部公告' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  // Her sign-in stores her token, then reloads the app: the reload is held until the held Submit has
  // answered and the queue has settled, so whatever the old page does with that answer happens first.
  let reloadRequested = () => {};
  const reloading = new Promise<void>((resolve) => (reloadRequested = resolve));
  let letReload = () => {};
  const reloadHeld = new Promise<void>((resolve) => (letReload = resolve));
  await page.route(
    (url) => url.pathname.endsWith('/announcement'),
    async (route) => {
      reloadRequested();
      await reloadHeld;
      await route.continue();
    },
  );
  await page.getByLabel('账号', { exact: true }).fill('worker');
  await page.getByLabel('密码', { exact: true }).fill(WORK_ACCOUNT.accountPwd);
  await page.getByRole('button', { name: '登录' }).click();
  await reloading;
  answerSubmit();
  // The held page cannot be asked while its reload waits; another page of the phone reads the queue.
  const observer = await page.context().newPage();
  await observer.goto('/app-load-check.js');
  await expect
    .poll(() =>
      observer.evaluate((key) => {
        const entries = JSON.parse(localStorage.getItem(key) ?? '[]') as { status: string }[];
        return entries.map((entry) => entry.status);
      }, OFFLINE_QUEUE_KEY),
    )
    .not.toContain('sending');
  await observer.close();
  letReload();
  await expect(page.getByRole('heading', { name: '公告' })).toBeVisible();

  const steps = api.requests
    .slice(from)
    .filter(
      (request) =>
        request.path.endsWith(BIND) ||
        request.path.endsWith('/Sampling/GetSamplingTubeStatus') ||
        (request.path.endsWith(SUBMIT) && (request.body as { idCard?: string }).idCard === QUEUED.idCard),
    )
    .map((request) => [request.path, request.headers.authorization]);
  expect(steps).toEqual([['/api/v1/ScreeningRegister/Submit', adminToken]]);
  // Still 王医生’s, waiting for her: the next nurse’s home has none of it.
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page.getByText('您好，李晓梅')).toBeVisible();
  await expect(page.getByText(/待发送/)).toHaveCount(0);
});

test('王医生 leaves the phone for 15 minutes with a queued and a half-typed registration: it locks, shows none of it, and she finds both when she signs in again', async ({
  page,
  api,
}) => {
  await page.clock.install();
  await logIn(page, WORK_ACCOUNT.accountName);
  // A report looked up by a person's ID number first: the lock leaves no trace of it on the phone.
  const looked = api.db.state.reports[0].idCard;
  await page.getByRole('link', { name: /报告查询/ }).click();
  await page.getByRole('link', { name: /按身份证号查询/ }).click();
  await page.getByLabel('身份证号').fill(looked);
  await page.getByRole('button', { name: '查询报告' }).click();
  await expect(page).toHaveURL(/\/repoetList$/);
  for (let step = 0; step < 3; step += 1) await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/workUser$/);
  await queueWhileOffline(page, api);
  const token = await sessionToken(page);
  await textbox(page, '姓名').fill(TYPED.name);
  await textbox(page, '身份证号').fill(TYPED.idCard);

  // Touched within the 15 minutes: still signed in, on her form.
  await page.clock.fastForward('14:00');
  await textbox(page, '姓名').click();
  await page.clock.fastForward('14:00');
  await expect(page).toHaveURL(/\/infoEnter$/);
  await expect(textbox(page, '姓名')).toHaveValue(TYPED.name);

  await page.clock.fastForward('01:01');
  await expect(page).toHaveURL(/\/login\?signedOut=idle&redirect=%2FinfoEnter$/);
  await expect(page.getByRole('status')).toHaveText(
    '长时间未操作，已自动退出登录。重新登录后，未完成的登记仍在。',
  );
  expect(await sessionToken(page)).toBeNull();
  for (const person of [QUEUED, TYPED]) await expect(page.getByText(person.name)).toHaveCount(0);
  // Nor her account name: whoever holds the phone now is not offered it.
  await expect(page.getByLabel('账号', { exact: true })).toHaveValue('');
  // Ended on the server too, by the page the lock loaded, with the locked session's token.
  await expect
    .poll(() => api.requestsTo('/Account/LoginOut').map((r) => r.headers.authorization))
    .toEqual([token]);
  expect(await phoneStorage(page)).not.toContain(looked);

  await page.getByLabel('账号', { exact: true }).fill(WORK_ACCOUNT.accountName);
  await page.getByLabel('密码', { exact: true }).fill(WORK_ACCOUNT.accountPwd);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/infoEnter$/);
  await expect(textbox(page, '姓名')).toHaveValue(TYPED.name);
  await expect(textbox(page, '身份证号')).toHaveValue(formatIdCardGroups(TYPED.idCard));
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page.getByRole('heading', { name: '待发送 1 条' })).toBeVisible();
});

/**
 * Screened people self-register with the clinic phone's one WeChat, so they are all one check-user
 * account. Once a staff account has signed in on the phone it is a shared phone: a check user's draft
 * lives only as long as their session (退出, 5 idle minutes, a new webview, a staff sign-in or
 * sign-out end it), and the home says who sees its records. On a person's own phone nothing changes.
 */
const PERSON_A = { name: '孙甲', idCard: makeIdCard('110105', '1950-03-04', 13, '1') };
/** An ID card person A looks a report up by. */
const OTHER_ID_CARD = makeIdCard('110105', '1952-06-07', 14, '2');
const SHARED_NOTICE = '这是一部共用手机：用本微信登录的每个人都能看到下面的记录。用完请点“退出”。';

/** The nurse signs in on the phone and out again: the phone is a shared phone from then on. */
async function nurseSignsInAndOut(page: Page) {
  await logIn(page, WORK_ACCOUNT.accountName);
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('dialog', { name: '退出登录' }).getByRole('button', { name: '退出' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** A screened person opens the WeChat menu link in a new webview of the phone: the check-user home. */
async function arriveThroughWeChat(page: Page) {
  await page.goto('/checkUser');
  await expect(page.getByText('张秀英，您好')).toBeVisible();
}

/** On the home, 登记信息, then half of person A's registration: kept on the phone as a draft. */
async function personATypesPartly(page: Page) {
  await page.getByRole('link', { name: /登记信息/ }).click();
  await expect(page).toHaveURL(/\/checkUserInfoEnter$/);
  await textbox(page, '姓名').fill(PERSON_A.name);
  await textbox(page, '身份证号').fill(PERSON_A.idCard);
  await expect.poll(() => phoneStorage(page)).toContain(PERSON_A.idCard);
}

/** A shared phone (the nurse signed in and out), then person A's webview with her half-typed draft. */
async function personATypesOnSharedPhone(page: Page): Promise<Page> {
  await nurseSignsInAndOut(page);
  const personA = await page.context().newPage();
  await arriveThroughWeChat(personA);
  await personATypesPartly(personA);
  return personA;
}

/** What the page's storage holds: the phone's (localStorage) and its webview's own (sessionStorage). */
const phoneStorage = (page: Page) =>
  page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]));
/** What the phone keeps beyond the webview: localStorage, which every webview on it shares. */
const sharedStorage = (page: Page) => page.evaluate(() => JSON.stringify({ ...localStorage }));

async function expectEmptyForm(page: Page) {
  await page.getByRole('link', { name: /登记信息/ }).click();
  await expect(page).toHaveURL(/\/checkUserInfoEnter$/);
  await expect(textbox(page, '姓名')).toHaveValue('');
  await expect(textbox(page, '身份证号')).toHaveValue('');
  await expect(page.getByText(PERSON_A.name)).toHaveCount(0);
}

test.describe('a shared phone forgets each screened person', () => {
  test('person A taps 退出; person B re-enters through WeChat and finds the notice before the records, and an empty form', async ({
    page,
    wechat,
  }) => {
    await nurseSignsInAndOut(page);
    const personA = await page.context().newPage();
    await arriveThroughWeChat(personA);
    const notice = personA.getByRole('note');
    await expect(notice).toHaveText(SHARED_NOTICE);
    // The notice comes before (above) the records it is about.
    const records = personA.getByRole('heading', { name: '我的筛查' });
    await expect(records).toBeVisible();
    const top = async (locator: typeof notice) => (await locator.boundingBox())?.y ?? Number.NaN;
    expect(await top(notice)).toBeLessThan(await top(records));
    await snap(personA, 'checkUser-shared-phone');
    await expectAccessible(personA);
    await personATypesPartly(personA);

    await personA.getByRole('button', { name: '返回' }).click();
    await personA.getByRole('button', { name: '退出', exact: true }).click();
    await personA.getByRole('dialog', { name: '退出' }).getByRole('button', { name: '退出' }).click();
    await expect(personA).toHaveURL(/\/callback\?signedOut=asked$/);
    await expect(personA.getByRole('heading', { name: '已退出' })).toBeVisible();
    await snap(personA, 'callback-signed-out');
    await expectAccessible(personA);
    expect(await phoneStorage(personA)).not.toContain(PERSON_A.idCard);
    expect(await sessionToken(personA)).toBeNull();

    // Person B is handed the phone and taps the button: WeChat signs the same account in again.
    const visits = wechat.visits.length;
    await personA.getByRole('button', { name: '用微信重新进入' }).click();
    await expect(personA.getByText('张秀英，您好')).toBeVisible();
    expect(wechat.visits).toHaveLength(visits + 1);
    await expect(personA.getByRole('note')).toHaveText(SHARED_NOTICE);
    await expectEmptyForm(personA);
  });

  test('person A leaves without 退出 (WeChat closes the page): person B’s new session has an empty form; what B leaves, a nurse’s sign-in removes', async ({
    page,
    wechat,
  }) => {
    const phone = page.context();
    const personA = await personATypesOnSharedPhone(page);
    await personA.close();

    // The next person opens the menu link in a new webview: a new session, without A's draft.
    const personB = await phone.newPage();
    await arriveThroughWeChat(personB);
    expect(await phoneStorage(personB)).not.toContain(PERSON_A.idCard);
    await expect(personB.getByRole('note')).toHaveText(SHARED_NOTICE);
    await expectEmptyForm(personB);

    // B types too and leaves; the nurse's sign-in removes it, and her own work stays hers.
    await textbox(personB, '姓名').fill(PERSON_A.name);
    await textbox(personB, '身份证号').fill(PERSON_A.idCard);
    await expect.poll(() => phoneStorage(personB)).toContain(PERSON_A.idCard);
    await personB.close();
    await logIn(page, WORK_ACCOUNT.accountName);
    expect(await phoneStorage(page)).not.toContain(PERSON_A.idCard);
    expect(wechat.visits).toHaveLength(2);
  });

  test('what person A types (her registration, a report search) lives only in her webview: kept over a reload, gone from the phone when WeChat closes the page', async ({
    page,
    wechat,
  }) => {
    const phone = page.context();
    const personA = await personATypesOnSharedPhone(page);
    await personA.goto('/checkReportSearch');
    await personA.getByRole('textbox', { name: '身份证号' }).fill(OTHER_ID_CARD);
    await expect.poll(() => phoneStorage(personA)).toContain(OTHER_ID_CARD);
    // Nothing she typed is on the phone for the next webview, even while she is still here.
    const shared = await sharedStorage(personA);
    for (const typed of [PERSON_A.name, PERSON_A.idCard, OTHER_ID_CARD]) expect(shared).not.toContain(typed);

    await personA.reload();
    await expect(personA.getByRole('textbox', { name: '身份证号' })).toHaveValue(
      formatIdCardGroups(OTHER_ID_CARD),
    );
    await personA.goto('/checkUserInfoEnter');
    await expect(textbox(personA, '姓名')).toHaveValue(PERSON_A.name);

    await personA.close();
    const next = await phone.newPage();
    await next.goto('/app-load-check.js');
    const left = await phoneStorage(next);
    for (const typed of [PERSON_A.name, PERSON_A.idCard, OTHER_ID_CARD]) expect(left).not.toContain(typed);
    expect(wechat.visits).toHaveLength(1);
  });

  test('person A stops touching the phone for 5 minutes: signed out, draft gone; person B gets an empty form', async ({
    page,
    wechat,
  }) => {
    await nurseSignsInAndOut(page);
    const personA = await page.context().newPage();
    await personA.clock.install();
    await arriveThroughWeChat(personA);
    await personATypesPartly(personA);

    // Touched within the 5 minutes: still signed in, the draft there.
    await personA.clock.fastForward('04:00');
    await textbox(personA, '姓名').click();
    await personA.clock.fastForward('04:00');
    await expect(textbox(personA, '身份证号')).toHaveValue(formatIdCardGroups(PERSON_A.idCard));
    await expect(personA).toHaveURL(/\/checkUserInfoEnter$/);

    await personA.clock.fastForward('05:01');
    await expect(personA).toHaveURL(/\/callback\?signedOut=idle$/);
    await expect(personA.getByRole('heading', { name: '已自动退出' })).toBeVisible();
    expect(await phoneStorage(personA)).not.toContain(PERSON_A.idCard);
    expect(await sessionToken(personA)).toBeNull();

    await personA.getByRole('button', { name: '用微信重新进入' }).click();
    await expect(personA.getByText('张秀英，您好')).toBeVisible();
    expect(wechat.visits).toHaveLength(2);
    await expectEmptyForm(personA);
  });
});

test('on a person’s own phone (no staff ever signed in) the draft waits for them, with no idle sign-out and no notice', async ({
  page,
  wechat,
}) => {
  await page.clock.install();
  await arriveThroughWeChat(page);
  expect(wechat.visits).toHaveLength(1);
  await expect(page.getByRole('button', { name: '退出', exact: true })).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
  await personATypesPartly(page);
  await page.reload();
  await expect(textbox(page, '姓名')).toHaveValue(PERSON_A.name);
  await page.clock.fastForward('30:00');
  await expect(page).toHaveURL(/\/checkUserInfoEnter$/);
  await page.reload();
  await expect(textbox(page, '身份证号')).toHaveValue(formatIdCardGroups(PERSON_A.idCard));
  expect(await sessionToken(page)).not.toBeNull();
  expect(wechat.visits).toHaveLength(1);
});
