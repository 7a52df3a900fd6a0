import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, snap, test, WORK_ACCOUNT, type ApiMock } from './support/fixtures';
import { overflowingElements, setTextSize200 } from './support/layout';

const LOGIN_WECHAT = '/Account/LoginWeChat';

/**
 * An app path as the OAuth `state` carries it after its nonce (letters and digits; other bytes as Z + two
 * hex digits), the format of src/lib/wechat/oauth.ts, which cannot be imported here (it reads
 * import.meta.env).
 */
function encodeOAuthState(path: string): string {
  return Array.from(new TextEncoder().encode(path), (byte) => {
    const char = String.fromCharCode(byte);
    return /^[A-Ya-z0-9]$/.test(char) ? char : `Z${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

function sessionToken(page: Page): Promise<string | null> {
  return page.evaluate(() => sessionStorage.getItem('token'));
}

function uniqueCode(): string {
  return `e2e-callback-${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

test.describe('login and logout (work users)', () => {
  test('logs in with the form and shows the name on the home page', async ({ page, api }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible();
    await snap(page, 'login');
    await expectAccessible(page);

    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByText('请输入账号')).toBeVisible();
    await expect(page.getByText('请输入密码')).toBeVisible();
    await snap(page, 'login-validation');
    expect(api.requestsTo('/Account/LoginManage')).toHaveLength(0);

    await page.getByLabel('账号', { exact: true }).fill(WORK_ACCOUNT.accountName);
    await page.getByLabel('密码', { exact: true }).fill(WORK_ACCOUNT.accountPwd);
    await page.getByRole('button', { name: '显示密码' }).click();
    await expect(page.getByLabel('密码', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: '登录' }).click();

    await expect(page).toHaveURL(/\/workUser$/);
    await expect(page.getByText('您好，王医生')).toBeVisible();
    await expect(page).toHaveTitle('首页');
    expect(api.requestsTo('/Account/LoginManage')).toHaveLength(1);
    expect(api.requestsTo('/Account/LoginManage')[0].headers.authorization).toBeUndefined();
    await expect(
      page.getByRole('region', { name: '最新公告' }).getByRole('link', { name: '全部公告' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: '最新公告' }).getByRole('link')).toHaveCount(2);
    await snap(page, 'workUser');
    await expectAccessible(page);

    // The login page was replaced in history: Back leaves the app instead of showing the form again.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('shows the message for a wrong password and keeps the account name', async ({ page, api }) => {
    await page.goto('/login');
    await page.getByLabel('账号', { exact: true }).fill('admin');
    await page.getByLabel('密码', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '账号或密码错误' })).toBeVisible();
    await expect(page.getByLabel('账号', { exact: true })).toHaveValue('admin');
    expect(await sessionToken(page)).toBeNull();
    expect(api.requestsTo('/Account/LoginManage')).toHaveLength(1);
    await snap(page, 'login-wrong-password');
  });

  test('returns to the page a lost session came from', async ({ page, api }) => {
    await page.goto('/login?redirect=%2FinfoSearch');
    await page.getByLabel('账号', { exact: true }).fill('admin');
    await page.getByLabel('密码', { exact: true }).fill('123456');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/infoSearch$/);
    expect(api.requestsTo('/Account/LoginManage')).toHaveLength(1);
  });

  test('logs out after confirming and returns to /login', async ({ page, api }) => {
    await signIn(page, api, 'work');
    await page.goto('/workUser');
    await expect(page.getByText('您好，王医生')).toBeVisible();
    await page.getByRole('button', { name: '退出登录' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('确定要退出登录吗？')).toBeVisible();
    await snap(page, 'workUser-logout-confirm');
    await dialog.getByRole('button', { name: '退出' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('账号', { exact: true })).toHaveValue('');
    expect(await sessionToken(page)).toBeNull();
    expect(api.requestsTo('/Account/LoginOut')).toHaveLength(1);
  });

  test('logs out even when the server cannot be reached', async ({ page, api }) => {
    await signIn(page, api, 'work');
    await page.goto('/workUser');
    await expect(page.getByText('您好，王医生')).toBeVisible();
    api.fault('/Account/LoginOut', { kind: 'network' });
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '退出' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await sessionToken(page)).toBeNull();
  });
});

test.describe('WeChat callback (check users)', () => {
  const codesPosted = (api: ApiMock) =>
    api.requestsTo(LOGIN_WECHAT).map((request) => (request.body as { code: string }).code);

  test('a menu link to the app authorizes silently, exchanges the code once; Back and reload do not repost it', async ({
    page,
    wechat,
    api,
  }) => {
    await page.goto('/login');
    await page.goto('/checkUser');
    await expect(page).toHaveURL(/\/checkUser$/);
    await expect(page.getByText('张秀英，您好')).toBeVisible();
    expect(wechat.visits).toHaveLength(1);
    expect(wechat.visits[0].searchParams.get('scope')).toBe('snsapi_base');
    const callback = wechat.callbacks[0];
    expect(codesPosted(api)).toEqual([callback.searchParams.get('code')]);

    // location.replace took the callback out of history: Back goes to the page before it.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/callback/);
    await page.goForward();
    await expect(page).toHaveURL(/\/checkUser$/);
    await page.reload();
    await expect(page.getByText('张秀英，您好')).toBeVisible();
    // iOS WeChat replays the callback URL itself: with the session it just goes on.
    await page.goto(callback.href);
    await expect(page).toHaveURL(/\/checkUser$/);
    await expect(page.getByText('张秀英，您好')).toBeVisible();
    expect(api.requestsTo(LOGIN_WECHAT)).toHaveLength(1);
  });

  test('after 退出, Back does not sign the same WeChat account in again: one tap on 用微信重新进入 does', async ({
    page,
    wechat,
    api,
  }) => {
    await page.goto('/checkUserInfoEnter');
    await expect(page).toHaveURL(/\/checkUserInfoEnter$/);
    await expect.poll(() => sessionToken(page)).not.toBeNull();
    // A link in a message: the home, by a full load, and 退出 there; Back goes to the form's page.
    await page.goto('/checkUser');
    await expect(page.getByText('张秀英，您好')).toBeVisible();
    await page.getByRole('button', { name: '退出', exact: true }).click();
    await page.getByRole('dialog', { name: '退出' }).getByRole('button', { name: '退出' }).click();
    await expect(page).toHaveURL(/\/callback\?signedOut=asked$/);

    // Back loads the home afresh, with no session: WeChat's silent authorization would sign the
    // account straight back in. It waits for the tap instead.
    await page.goBack();
    await expect(page).toHaveURL(/\/callback$/);
    await expect(page.getByRole('heading', { name: '已退出' })).toBeVisible();
    await expect(page.getByText('张秀英，您好')).toHaveCount(0);
    expect(wechat.visits).toHaveLength(1);
    expect(api.requestsTo(LOGIN_WECHAT)).toHaveLength(1);
    expect(await sessionToken(page)).toBeNull();

    await page.getByRole('button', { name: '用微信重新进入' }).click();
    await expect(page.getByText('张秀英，您好')).toBeVisible();
    expect(wechat.visits).toHaveLength(2);
    expect(api.requestsTo(LOGIN_WECHAT)).toHaveLength(2);
  });

  test('after 退出, a message link’s 微信登录 is the one tap: the message opens, no 已退出 page between', async ({
    page,
    wechat,
    api,
  }) => {
    const message = api.db.state.messages.find((candidate) => candidate.recipientUserId === '3')!;
    await page.goto('/checkUser');
    await expect(page.getByText('张秀英，您好')).toBeVisible();
    await page.getByRole('button', { name: '退出', exact: true }).click();
    await page.getByRole('dialog', { name: '退出' }).getByRole('button', { name: '退出' }).click();
    await expect(page).toHaveURL(/\/callback\?signedOut=asked$/);

    await page.goto(`/messageDetail?id=${message.id}`);
    await page.getByRole('main').getByRole('button', { name: '微信登录' }).click();
    await expect(page).toHaveURL(new RegExp(`/messageDetail\\?id=${message.id}$`));
    await expect(page.getByText(message.title).first()).toBeVisible();
    expect(wechat.visits).toHaveLength(2);
    expect(api.requestsTo(LOGIN_WECHAT)).toHaveLength(2);
  });

  test('a cold menu link leaves for WeChat before any of the app’s code is asked for', async ({
    page,
    wechat,
    baseURL,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await page.goto('/checkUser');
    await expect(page.getByText('张秀英，您好')).toBeVisible();
    const authorization = asked.findIndex((url) => url.startsWith('https://open.weixin.qq.com/'));
    expect(authorization).toBeGreaterThan(0);
    const before = asked.slice(0, authorization);
    // The page itself only: no script, module preload or stylesheet of the app.
    expect(before).toEqual([`${baseURL}/checkUser`]);
    expect(asked.slice(authorization).some((url) => /\/assets\/.*\.js$/.test(url))).toBe(true);
    expect(wechat.visits).toHaveLength(1);
  });

  test('a sign-in in a clean tab goes on to the page within the app, without loading it again', async ({
    page,
    wechat,
  }) => {
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame())
        documents.push(request.url());
    });
    // Set in every document as it opens, so only a document that opened at /callback carries it.
    await page.addInitScript(() => Object.assign(window, { openedAt: window.location.pathname }));
    await page.goto('/checkUserQuestionnaireList');
    await expect(page).toHaveTitle('历史问卷');
    await expect(page).toHaveURL(/\/checkUserQuestionnaireList$/);
    // The document is still the one WeChat's redirect opened (its fragment kept): the marker set as it
    // opened survives.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation')[0].name)).toBe(
      `${wechat.callbacks[0].href}#wechat_redirect`,
    );
    expect(await page.evaluate(() => (window as { openedAt?: string }).openedAt)).toBe('/callback');
    expect(documents.map((url) => new URL(url).pathname)).toEqual([
      '/checkUserQuestionnaireList',
      '/connect/oauth2/authorize',
      '/callback',
    ]);
  });

  test('a menu link straight to the authorize URL signs in after one more silent round trip', async ({
    page,
    wechat,
    api,
    baseURL,
  }) => {
    const menuLink =
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1234567890test0' +
      `&redirect_uri=${encodeURIComponent(`${baseURL}/callback`)}` +
      '&response_type=code&scope=snsapi_base&state=STATE#wechat_redirect';
    await page.goto(menuLink);
    await expect(page).toHaveURL(/\/checkUser$/);
    await expect(page.getByText('张秀英，您好')).toBeVisible();
    // The menu's code came with a state the app did not make: never sent; the app's own one was.
    expect(wechat.visits).toHaveLength(2);
    expect(codesPosted(api)).toEqual([wechat.callbacks[1].searchParams.get('code')]);
  });

  for (const [label, state] of [
    ['with no state', null],
    // A real nonce-shaped state, made in another browser: its nonce is not this tab's.
    ['with a wrong nonce', `${'Q'.repeat(20)}${encodeOAuthState('/checkUser')}`],
  ] as const) {
    test(`a planted callback link ${label} never signs into the planted code's account`, async ({
      page,
      wechat,
      api,
    }) => {
      const planted = `attacker-${uniqueCode()}`;
      await page.goto(state ? `/callback?code=${planted}&state=${state}` : `/callback?code=${planted}`);
      await expect(page.getByText('张秀英，您好')).toBeVisible();
      expect(wechat.visits).toHaveLength(1);
      expect(codesPosted(api)).toEqual([wechat.callbacks[0].searchParams.get('code')]);
      expect(codesPosted(api)).not.toContain(planted);
    });
  }

  test('a replayed callback without a session is not posted again: a fresh authorization instead', async ({
    page,
    wechat,
    api,
  }) => {
    await page.goto('/checkUser');
    await expect(page.getByText('张秀英，您好')).toBeVisible();
    await page.evaluate(() => sessionStorage.removeItem('token'));
    await page.goto(wechat.callbacks[0].href);
    await expect(page).toHaveURL(/\/checkUser$/);
    await expect(page.getByText('张秀英，您好')).toBeVisible();
    expect(wechat.visits).toHaveLength(2);
    const [first, second] = wechat.callbacks.map((url) => url.searchParams.get('code'));
    expect(codesPosted(api)).toEqual([first, second]);
    expect(second).not.toBe(first);
  });

  test('comes back to the page that needed the sign-in', async ({ page, api, wechat }) => {
    await page.goto('/checkUserQuestionnaireList');
    await expect(page).toHaveURL(/\/checkUserQuestionnaireList$/);
    await expect(page).toHaveTitle('历史问卷');
    expect(api.requestsTo(LOGIN_WECHAT)[0].body).toEqual(
      expect.objectContaining({ state: wechat.callbacks[0].searchParams.get('state') }),
    );
  });

  test('explains an expired code and a missing code', async ({ page, api, wechat }) => {
    wechat.queueCodes('invalid');
    await page.goto('/checkUser');
    await expect(page.getByRole('heading', { name: '授权已过期' })).toBeVisible();
    await snap(page, 'callback-code-invalid');
    await expectAccessible(page);

    await page.goto('/callback');
    await expect(page.getByRole('heading', { name: '没有收到微信授权' })).toBeVisible();
    await snap(page, 'callback-missing-code');
    await expectAccessible(page);
    expect(api.requestsTo(LOGIN_WECHAT)).toHaveLength(1);

    // 重新授权 goes through WeChat's authorization with the callback as redirect_uri, and signs in.
    await page.getByRole('button', { name: '重新授权' }).click();
    await expect(page.getByText('张秀英，您好')).toBeVisible();
    expect(wechat.visits).toHaveLength(2);
    expect(wechat.visits[1].searchParams.get('redirect_uri')).toMatch(/\/callback$/);
  });

  test('results day: LoginWeChat turned away twice (503, Retry-After: 1), then the person is home with no tap', async ({
    page,
    api,
    wechat,
  }) => {
    api.fault(LOGIN_WECHAT, { kind: 'http', status: 503, retryAfter: '1' }, 2);
    const sentAt: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(LOGIN_WECHAT)) sentAt.push(Date.now());
    });
    await page.goto('/checkUser');
    await expect(page.getByText('张秀英，您好')).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/checkUser$/);
    // One authorization, its code sent three times (a 503 did not spend it), each retry after Retry-After.
    expect(wechat.visits).toHaveLength(1);
    expect(codesPosted(api)).toEqual(Array(3).fill(wechat.callbacks[0].searchParams.get('code')));
    expect(sentAt[1] - sentAt[0]).toBeGreaterThanOrEqual(1000);
    expect(sentAt[2] - sentAt[1]).toBeGreaterThanOrEqual(1000);
  });

  test('a refusal of the exchange is not retried: 重新授权 at once', async ({ page, api, wechat }) => {
    api.fault(LOGIN_WECHAT, { kind: 'status', statusCode: 500, responseMessage: '微信服务暂不可用' }, 1);
    await page.goto('/checkUser');
    await expect(page.getByRole('heading', { name: '登录没有成功' })).toBeVisible();
    await expect(page.getByText('微信服务暂不可用。请稍后点击“重新授权”再试。')).toBeVisible();
    expect(api.requestsTo(LOGIN_WECHAT)).toHaveLength(1);
    await page.getByRole('button', { name: '重新授权' }).click();
    await expect(page.getByText('张秀英，您好')).toBeVisible();
    expect(wechat.visits).toHaveLength(2);
  });

  test('shows the signing-in state while the code is exchanged', async ({ page, api, wechat }) => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/Account/LoginWeChat', async (route) => {
      await gate;
      await route.fallback();
    });
    const navigation = page.goto('/checkUser');
    await expect(page.getByRole('status').filter({ hasText: '正在通过微信登录' })).toBeVisible();
    await snap(page, 'callback-signing-in');
    release();
    await navigation;
    await expect(page).toHaveURL(/\/checkUser$/);
    expect(wechat.visits).toHaveLength(1);
    expect(api.requestsTo(LOGIN_WECHAT)).toHaveLength(1);
  });

  test('outside WeChat, a callback without a code asks to open it in WeChat', async ({ browser }) => {
    const context = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      viewport: { width: 375, height: 812 },
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto('/callback');
    await expect(page.getByRole('heading', { name: '请在微信中打开本页面' })).toBeVisible();
    await snap(page, 'callback-outside-wechat');
    await expectAccessible(page);
    await context.close();
  });
});

test.describe('check home', () => {
  test('shows status, result and to-dos in large text', async ({ page, api }) => {
    await signIn(page, api, 'check');
    await page.goto('/checkUser');
    const own = page.getByRole('article', { name: '张秀英的筛查情况' });
    await expect(own.getByText('阴性')).toBeVisible();
    await expect(page.getByRole('article', { name: '陈建国的筛查情况' })).toBeVisible();
    await expect(page.getByRole('region', { name: '待办事项' }).getByText('问卷未完成')).toBeVisible();
    await snap(page, 'checkUser');
    await expectAccessible(page);

    // Body text is at least 18px for older users.
    const stageSize = await own
      .getByText('报告已出', { exact: true })
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(stageSize).toBeGreaterThanOrEqual(18);

    await own.getByRole('link', { name: '查看报告' }).click();
    await expect(page).toHaveURL(/\/checkUserRepoetDetail\?id=/);
  });

  test('a busy server (503, Retry-After: 1, twice) is asked again by itself: the screening shows, no message', async ({
    page,
    api,
  }) => {
    await signIn(page, api, 'check');
    // Every failure message the page shows, as it appears (a toast or the error state).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seenFailures: string[] }).seenFailures = seen;
      new MutationObserver(() => {
        const text = document.body?.innerText ?? '';
        if (/加载失败|系统接口503异常/.test(text) && !seen.includes(text)) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    api.fault('/ScreeningRegister/Search', { kind: 'http', status: 503, retryAfter: '1' }, 2);
    const started = Date.now();
    await page.goto('/checkUser');
    await expect(page.getByRole('article', { name: '张秀英的筛查情况' })).toBeVisible({ timeout: 10_000 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(api.requestsTo('/ScreeningRegister/Search')).toHaveLength(3);
    expect(await page.evaluate(() => (window as unknown as { seenFailures: string[] }).seenFailures)).toEqual(
      [],
    );
  });

  test('a refusal (404) is shown at once with 重试 and not asked again', async ({ page, api }) => {
    await signIn(page, api, 'check');
    api.fault('/ScreeningRegister/Search', { kind: 'http', status: 404 });
    await page.goto('/checkUser');
    const failure = page.getByRole('alert');
    await expect(failure.getByText('系统接口404异常')).toBeVisible({ timeout: 3_000 });
    // Longer than any retry's wait would be: nothing more is sent until the person taps 重试.
    await page.waitForTimeout(2_500);
    expect(api.requestsTo('/ScreeningRegister/Search')).toHaveLength(1);
    api.clearFaults();
    await failure.getByRole('button', { name: '重试' }).click();
    await expect(page.getByRole('article', { name: '张秀英的筛查情况' })).toBeVisible();
  });

  test('a 401 of the home’s read goes to sign-in at once, not asked again, and back to the home', async ({
    page,
    api,
    wechat,
  }) => {
    await signIn(page, api, 'check');
    api.fault('/ScreeningRegister/Search', { kind: 'http', status: 401 }, 1);
    await page.goto('/checkUser');
    await expect.poll(() => wechat.visits.length, { timeout: 3_000 }).toBe(1);
    await expect(page).toHaveURL(/\/checkUser$/);
    await expect(page.getByRole('article', { name: '张秀英的筛查情况' })).toBeVisible();
    // The refused try, then the new session's one.
    expect(api.requestsTo('/ScreeningRegister/Search')).toHaveLength(2);
  });

  test('holds its layout at 200% text (WeChat large font)', async ({ page, api }) => {
    await signIn(page, api, 'check');
    await page.goto('/checkUser');
    const hello = page.getByText('张秀英，您好');
    await expect(hello).toBeVisible();
    await expect(page.getByRole('region', { name: '待办事项' }).getByText('问卷未完成')).toBeVisible();
    await setTextSize200(page, hello);
    expect(await overflowingElements(page)).toEqual([]);
    await snap(page, 'checkUser-200-percent-text');
    await expectAccessible(page);
  });

  test('work home at 200% text keeps every entry reachable', async ({ page, api }) => {
    await signIn(page, api, 'work');
    await page.goto('/workUser');
    await setTextSize200(page, page.getByText('您好，王医生'));
    expect(await overflowingElements(page)).toEqual([]);
    await expect(page.getByRole('navigation', { name: '功能' }).getByRole('link')).toHaveCount(6);
    await snap(page, 'workUser-200-percent-text');
  });
});
