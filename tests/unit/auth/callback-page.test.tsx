import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { config } from '@/config/env';
import { paths, withQuery } from '@/config/paths';
import { OFFLINE_QUEUE_KEY } from '@/config/storage-keys';
import { claimDeviceData } from '@/lib/device-data';
import { checkSignedOut, getSessionAudience, getSessionOwner, recordCheckSignOut } from '@/lib/session';
import { getToken } from '@/lib/token';
import { createOAuthState, readOAuthState } from '@/lib/wechat/oauth';
import { MAX_AUTOMATIC_REAUTHORIZATIONS, SIGN_IN_RETRY_BUDGET_MS } from '@/features/auth/wechat-sign-in';
import { server } from '../../msw-server';
import { renderRoute, signInForTest, TEST_OWNERS, testDraftKey } from '../support/render-route';
import { stubLocation } from '../support/location-stub';
import { recordRequests } from '../support/request-log';

const LOGIN_WECHAT = '/Account/LoginWeChat';
/** The first visit to a route compiles its lazy page module: allow for it. */
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 12; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560 WeChat/arm64';

let codeSeq = 0;
const freshCode = () => `callback-test-${(codeSeq += 1)}-${Date.now()}`;
const callbackUrl = (query: Record<string, string | undefined>) => withQuery(paths.callback, query);

let location: ReturnType<typeof stubLocation>;

beforeEach(() => {
  location = stubLocation();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/**
 * The callback went on to `path` within the app, replacing its own history entry (Back never returns to
 * it), without loading the page again.
 */
async function expectWentOnTo(router: Router, path: string) {
  await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(path));
  expect(router.state.historyAction).toBe('REPLACE');
  expect(location.replace).not.toHaveBeenCalled();
  expect(location.reload).not.toHaveBeenCalled();
}

type Router = ReturnType<typeof createMemoryRouter>;

function inWeChat() {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
}

describe('/callback', () => {
  it('exchanges a fresh code once, stores a check session and goes on within the app, no reload', async () => {
    const log = recordRequests();
    const code = freshCode();
    const state = createOAuthState('/checkUser');
    const { router } = renderRoute(callbackUrl({ code, state }));
    await expectWentOnTo(router, '/checkUser');
    expect(getToken()).toMatch(/^demo-/);
    expect(getSessionAudience()).toBe('check');
    expect(await log.bodies(LOGIN_WECHAT)).toEqual([{ code, state }]);
  });

  it.each([
    ['without role', { id: '3', name: '张秀英' }],
    ['with a role the app does not know', { id: '3', name: '张秀英', role: 'patient' }],
  ])(
    'signs a check user in with a profile %s: pages follow the session, not the role',
    async (_name, profile) => {
      server.use(
        http.get('*/api/v1/Account/GetUserManageProfile', () =>
          HttpResponse.json({ statusCode: 2000, responseMessage: '操作成功', responseData: profile }),
        ),
      );
      const { router } = renderRoute(
        callbackUrl({ code: freshCode(), state: createOAuthState('/checkUser') }),
      );
      await expectWentOnTo(router, '/checkUser');
      expect(getToken()).toMatch(/^demo-/);
      expect(getSessionAudience()).toBe('check');
      expect(screen.queryByRole('heading', { name: '登录没有成功' })).not.toBeInTheDocument();
    },
  );

  it('posts the code once under StrictMode double effects', async () => {
    const log = recordRequests();
    const router = createMemoryRouter(createAppRoutes(), {
      initialEntries: [callbackUrl({ code: freshCode(), state: createOAuthState('/checkUser') })],
    });
    render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
    await expectWentOnTo(router, '/checkUser');
    expect(log.count(LOGIN_WECHAT)).toBe(1);
    expect(screen.queryByText('授权已使用过')).not.toBeInTheDocument();
  });

  it('goes to the deep link carried in state', async () => {
    const target = '/checkUserRepoetDetail?id=rpt-2001';
    const state = createOAuthState(target);
    const log = recordRequests();
    const { router } = renderRoute(callbackUrl({ code: freshCode(), state }));
    await expectWentOnTo(router, target);
    expect(readOAuthState(state)).toBe(target);
    expect(await log.bodies(LOGIN_WECHAT)).toEqual([expect.objectContaining({ state })]);
  });

  it.each([
    ['another origin', 'https://evil.example/'],
    ['the callback itself', '/callback?code=1'],
    ['a staff page', '/workUser'],
    ['not a page of the app', '/admin'],
    ['too long for WeChat', `/checkUser?id=${'9'.repeat(200)}`],
  ])('signs in but ignores a return path that is %s and goes home', async (_label, target) => {
    const { router } = renderRoute(callbackUrl({ code: freshCode(), state: createOAuthState(target) }));
    await expectWentOnTo(router, '/checkUser');
    expect(getToken()).not.toBeNull();
  });

  it.each([
    ['a planted code (no state)', () => ({})],
    ['a state of another tab or person (its nonce is not this tab’s)', () => ({ state: 'x'.repeat(20) })],
    ['a menu link’s own state', () => ({ state: 'STATE' })],
  ])(
    'never exchanges %s: starts a fresh silent authorization for the same page',
    async (_label, extra: () => { state?: string }) => {
      const log = recordRequests();
      const planted = freshCode();
      renderRoute(callbackUrl({ code: planted, ...extra() }));
      await waitFor(() => expect(location.replace).toHaveBeenCalledTimes(1));
      const authorizeUrl = new URL(location.replace.mock.calls[0][0]);
      expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(
        'https://open.weixin.qq.com/connect/oauth2/authorize',
      );
      expect(authorizeUrl.searchParams.get('scope')).toBe('snsapi_base');
      expect(readOAuthState(authorizeUrl.searchParams.get('state'))).toBe('/checkUser');
      // The page says so in the render after the redirect was started (a busy machine may not be there yet).
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('正在重新进行微信授权'));
      expect(log.count(LOGIN_WECHAT)).toBe(0);
      expect(getToken()).toBeNull();
    },
  );

  it('a replayed callback (Back, reload) is not posted again: a fresh authorization for its page', async () => {
    const log = recordRequests();
    const code = freshCode();
    const state = createOAuthState('/checkUserQuestionnaireList');
    const first = renderRoute(callbackUrl({ code, state }));
    await expectWentOnTo(first.router, '/checkUserQuestionnaireList');
    first.unmount();
    // The session was lost meanwhile (e.g. expired), so the page cannot just go on.
    sessionStorage.removeItem('token');

    renderRoute(callbackUrl({ code, state }));
    await waitFor(() => expect(location.replace).toHaveBeenCalledTimes(1));
    const authorizeUrl = new URL(location.replace.mock.calls[0][0]);
    expect(authorizeUrl.hostname).toBe('open.weixin.qq.com');
    const newState = authorizeUrl.searchParams.get('state');
    expect(newState).not.toBe(state);
    expect(readOAuthState(newState)).toBe('/checkUserQuestionnaireList');
    expect(log.count(LOGIN_WECHAT)).toBe(1);
  });

  it(`stops after ${MAX_AUTOMATIC_REAUTHORIZATIONS} automatic authorizations and asks instead of looping`, async () => {
    inWeChat();
    const log = recordRequests();
    for (let attempt = 1; attempt <= MAX_AUTOMATIC_REAUTHORIZATIONS; attempt += 1) {
      const view = renderRoute(callbackUrl({ code: freshCode(), state: 'STATE' }));
      await waitFor(() => expect(location.replace).toHaveBeenCalledTimes(attempt));
      view.unmount();
    }
    renderRoute(callbackUrl({ code: freshCode(), state: 'STATE' }));
    expect(await screen.findByRole('heading', { name: '微信授权没有完成' })).toBeInTheDocument();
    expect(location.replace).toHaveBeenCalledTimes(MAX_AUTOMATIC_REAUTHORIZATIONS);
    expect(log.count(LOGIN_WECHAT)).toBe(0);

    // The person may still try: the button leaves for WeChat with a state of this tab.
    await userEvent.setup().click(screen.getByRole('button', { name: '重新授权' }));
    expect(location.replace).toHaveBeenCalledTimes(MAX_AUTOMATIC_REAUTHORIZATIONS + 1);
    expect(new URL(location.replace.mock.calls.at(-1)![0]).hostname).toBe('open.weixin.qq.com');
  });

  it('a sign-in resets the count of automatic authorizations', async () => {
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 1; attempt <= MAX_AUTOMATIC_REAUTHORIZATIONS; attempt += 1) {
        const view = renderRoute(callbackUrl({ code: freshCode() }));
        await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('正在重新进行微信授权'));
        view.unmount();
      }
      const view = renderRoute(callbackUrl({ code: freshCode(), state: createOAuthState('/checkUser') }));
      await waitFor(() => expect(view.router.state.location.pathname).toBe('/checkUser'));
      view.unmount();
      sessionStorage.removeItem('token');
    }
    expect(screen.queryByText('微信授权没有完成')).not.toBeInTheDocument();
  });

  it('explains a code the server says was already used', async () => {
    renderRoute(callbackUrl({ code: 'used', state: createOAuthState('/checkUser') }));
    expect(await screen.findByRole('heading', { name: '授权已使用过' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新授权' })).toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(location.replace).not.toHaveBeenCalled();
  });

  it('explains an invalid or expired code', async () => {
    renderRoute(callbackUrl({ code: 'invalid', state: createOAuthState('/checkUser') }));
    expect(await screen.findByRole('heading', { name: '授权已过期' })).toBeInTheDocument();
    expect(location.replace).not.toHaveBeenCalled();
  });

  it('retries a network failure of LoginWeChat for about 15 s, then explains it with the reason', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const log = recordRequests();
    server.use(http.post('*/api/v1/Account/LoginWeChat', () => HttpResponse.error()));
    const start = Date.now();
    renderRoute(callbackUrl({ code: freshCode(), state: createOAuthState('/checkUser') }));
    await waitFor(() => expect(log.count(LOGIN_WECHAT)).toBeGreaterThan(0));
    await act(() => vi.advanceTimersByTimeAsync(SIGN_IN_RETRY_BUDGET_MS));
    expect(await screen.findByRole('heading', { name: '登录没有成功' })).toBeInTheDocument();
    expect(Date.now() - start).toBeLessThan(SIGN_IN_RETRY_BUDGET_MS + 1_000);
    expect(log.count(LOGIN_WECHAT)).toBeGreaterThan(1);
    expect(screen.getByText(/后端接口连接异常。请稍后点击“重新授权”再试/)).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('a code an unanswered try may have spent: the retry\'s "code used" authorizes afresh, no tap', async () => {
    inWeChat();
    const log = recordRequests();
    let tries = 0;
    server.use(
      http.post('*/api/v1/Account/LoginWeChat', () =>
        (tries += 1) === 1
          ? HttpResponse.error()
          : HttpResponse.json({ statusCode: 6003, responseMessage: '授权码已使用', responseData: null }),
      ),
    );
    renderRoute(callbackUrl({ code: freshCode(), state: createOAuthState('/checkUserInfoSearch') }));
    await waitFor(() => expect(location.replace).toHaveBeenCalledTimes(1), {
      timeout: SIGN_IN_RETRY_BUDGET_MS,
    });
    const authorizeUrl = new URL(location.replace.mock.calls[0][0]);
    expect(authorizeUrl.hostname).toBe('open.weixin.qq.com');
    expect(readOAuthState(authorizeUrl.searchParams.get('state'))).toBe('/checkUserInfoSearch');
    expect(log.count(LOGIN_WECHAT)).toBe(2);
    expect(screen.queryByRole('button', { name: '重新授权' })).not.toBeInTheDocument();
  });

  it('without a code in WeChat: says so and restarts authorization for the state page', async () => {
    inWeChat();
    const log = recordRequests();
    const state = createOAuthState('/checkUserInfoSearch');
    renderRoute(callbackUrl({ state }));
    expect(await screen.findByRole('heading', { name: '没有收到微信授权' })).toBeInTheDocument();
    expect(log.count(LOGIN_WECHAT)).toBe(0);
    await userEvent.setup().click(screen.getByRole('button', { name: '重新授权' }));
    const authorizeUrl = new URL(location.replace.mock.calls[0][0]);
    expect(authorizeUrl.hostname).toBe('open.weixin.qq.com');
    expect(readOAuthState(authorizeUrl.searchParams.get('state'))).toBe('/checkUserInfoSearch');
  });

  it('without a code outside WeChat: asks to open the page in WeChat', async () => {
    renderRoute(paths.callback);
    expect(await screen.findByRole('heading', { name: '请在微信中打开本页面' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '账号密码登录' })).toHaveAttribute('href', paths.login);
  });

  it.each([
    ['asked', '已退出'],
    ['idle', '已自动退出'],
  ])(
    'after a check user’s sign-out (%s): says so, posts nothing, and the button re-enters through WeChat',
    async (reason, title) => {
      inWeChat();
      const log = recordRequests();
      renderRoute(callbackUrl({ signedOut: reason }));
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
      expect(screen.getByText(/刚才填写的内容已从这部手机上清除/)).toBeInTheDocument();
      await userEvent.setup().click(screen.getByRole('button', { name: '用微信重新进入' }));
      const authorizeUrl = new URL(location.replace.mock.calls[0][0]);
      expect(authorizeUrl.hostname).toBe('open.weixin.qq.com');
      expect(readOAuthState(authorizeUrl.searchParams.get('state'))).toBe('/checkUser');
      expect(log.count(LOGIN_WECHAT)).toBe(0);
    },
  );

  it('after a check user’s sign-out in this tab, a callback with a code posts nothing until the tap', async () => {
    inWeChat();
    recordCheckSignOut('asked');
    const log = recordRequests();
    // Back onto the sign-in's callback, or WeChat loading it again: a code and a state of this tab.
    renderRoute(callbackUrl({ code: freshCode(), state: createOAuthState('/checkUser') }));
    expect(await screen.findByRole('heading', { name: '已退出' })).toBeInTheDocument();
    expect(log.count(LOGIN_WECHAT)).toBe(0);
    expect(getToken()).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: '用微信重新进入' }));
    // The tap: WeChat authorizes afresh, and its callback will be exchanged.
    expect(new URL(location.replace.mock.calls[0][0]).hostname).toBe('open.weixin.qq.com');
    expect(checkSignedOut()).toBeNull();
    expect(log.count(LOGIN_WECHAT)).toBe(0);
  });

  it('with a check session: goes straight on without posting the code', async () => {
    await signInForTest('check');
    const log = recordRequests();
    const { router } = renderRoute(
      callbackUrl({ code: freshCode(), state: createOAuthState('/checkUserRepoetList') }),
      { session: 'check' },
    );
    await expectWentOnTo(router, '/checkUserRepoetList');
    expect(log.count(LOGIN_WECHAT)).toBe(0);
  });

  it('with a check session and no code (Back onto the callback): goes home', async () => {
    await signInForTest('check');
    const { router } = renderRoute(paths.callback, { session: 'check' });
    await expectWentOnTo(router, '/checkUser');
  });

  describe('on a phone with staff work', () => {
    const storedDraft = JSON.stringify({ savedAt: Date.now(), value: { name: '王小明' } });

    /** admin's unsent registration and typed form, and a form of her session that is not work. */
    function staffWorkOnPhone() {
      claimDeviceData(TEST_OWNERS.work);
      localStorage.setItem(
        OFFLINE_QUEUE_KEY,
        JSON.stringify([{ id: 'q1', status: 'pending', owner: TEST_OWNERS.work }]),
      );
      localStorage.setItem(testDraftKey(), storedDraft);
      localStorage.setItem('draft:bind:work:r-1', storedDraft);
    }

    function expectStaffWorkKept() {
      expect(JSON.parse(localStorage.getItem(OFFLINE_QUEUE_KEY) ?? '[]')).toEqual([
        { id: 'q1', status: 'pending', owner: TEST_OWNERS.work },
      ]);
      expect(localStorage.getItem(testDraftKey())).toBe(storedDraft);
    }

    it('a check user signing in (another webview) keeps the staff work; her other data goes', async () => {
      staffWorkOnPhone();
      const { router } = renderRoute(
        callbackUrl({ code: freshCode(), state: createOAuthState('/checkUser') }),
      );
      // Staff work on the phone is no session in this tab: nothing in memory to clear.
      await expectWentOnTo(router, '/checkUser');
      expect(getSessionOwner()).toEqual(TEST_OWNERS.check);
      expectStaffWorkKept();
      expect(localStorage.getItem('draft:bind:work:r-1')).toBeNull();
    });

    it('a profile that does not load fails the sign-in: no session, nothing claimed', async () => {
      staffWorkOnPhone();
      server.use(
        http.get('*/api/v1/Account/GetUserManageProfile', () =>
          HttpResponse.json({ statusCode: 500, responseMessage: '服务暂时不可用', responseData: null }),
        ),
      );
      renderRoute(callbackUrl({ code: freshCode(), state: createOAuthState('/checkUser') }));
      expect(await screen.findByRole('heading', { name: '登录没有成功' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '重新授权' })).toBeInTheDocument();
      expect(getToken()).toBeNull();
      expect(getSessionOwner()).toBeNull();
      expect(location.replace).not.toHaveBeenCalled();
      expectStaffWorkKept();
      expect(localStorage.getItem('draft:bind:work:r-1')).toBe(storedDraft);
    });

    it('with a staff session in the tab: asks first; 返回工作人员首页 changes nothing', async () => {
      const token = await signInForTest('work');
      staffWorkOnPhone();
      const log = recordRequests();
      const state = createOAuthState('/checkUser');
      const { router } = renderRoute(callbackUrl({ code: freshCode(), state }), { session: 'work' });
      expect(await screen.findByRole('heading', { name: '切换为微信身份登录？' })).toBeInTheDocument();
      expect(
        screen.getByText(
          '当前已登录工作人员账号「admin」。继续将退出该账号，未上传的登记会保留在此手机上，该账号再次登录后继续上传。',
        ),
      ).toBeInTheDocument();
      await userEvent.setup().click(screen.getByRole('button', { name: '返回工作人员首页' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.workUser));
      expect(log.count(LOGIN_WECHAT)).toBe(0);
      expect(location.replace).not.toHaveBeenCalled();
      expect(getToken()).toBe(token);
      expect(getSessionOwner()).toEqual(TEST_OWNERS.work);
      expect(readOAuthState(state)).toBe('/checkUser');
      expectStaffWorkKept();
      expect(localStorage.getItem('draft:bind:work:r-1')).toBe(storedDraft);
    });

    it('with a staff session in the tab: 继续 ends it, signs in and reloads; her unsent work stays', async () => {
      await signInForTest('work');
      staffWorkOnPhone();
      const log = recordRequests();
      const code = freshCode();
      renderRoute(callbackUrl({ code, state: createOAuthState('/checkUser') }), { session: 'work' });
      await userEvent.setup().click(await screen.findByRole('button', { name: '继续' }));
      await waitFor(() => expect(location.replace).toHaveBeenCalledWith(`${config.publicBase}checkUser`));
      expect(await log.bodies(LOGIN_WECHAT)).toEqual([expect.objectContaining({ code })]);
      expect(getSessionOwner()).toEqual(TEST_OWNERS.check);
      expectStaffWorkKept();
    });
  });

  it('reloads when the browser restores it from the back-forward cache', async () => {
    renderRoute(callbackUrl({ code: 'invalid', state: createOAuthState('/checkUser') }));
    await screen.findByRole('heading', { name: '授权已过期' });
    const { reload } = location;
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  describe('in the demo', () => {
    beforeEach(() => {
      config.demo = true;
    });
    afterEach(() => {
      config.demo = false;
    });

    it('explains that there is no WeChat and continues as the demo user', async () => {
      const log = recordRequests();
      const { router } = renderRoute(paths.callback);
      expect(await screen.findByRole('heading', { name: '演示模式' })).toBeInTheDocument();
      await userEvent.setup().click(screen.getByRole('button', { name: '以演示用户继续' }));
      await expectWentOnTo(router, '/checkUser');
      const [body] = (await log.bodies(LOGIN_WECHAT)) as { code: string }[];
      expect(body.code).toMatch(/^demo-/);
      expect(getSessionAudience()).toBe('check');
    });

    it('authorizes again with a fresh demo code after a used one', async () => {
      const { router } = renderRoute(callbackUrl({ code: 'used', state: createOAuthState('/checkUser') }));
      await userEvent.setup().click(await screen.findByRole('button', { name: '重新授权' }));
      await expectWentOnTo(router, '/checkUser');
    });

    it('stands in for WeChat when a planted code arrives: signs in with a demo code, never the planted one', async () => {
      const log = recordRequests();
      const { router } = renderRoute(callbackUrl({ code: 'planted-code' }));
      await expectWentOnTo(router, '/checkUser');
      const bodies = (await log.bodies(LOGIN_WECHAT)) as { code: string }[];
      expect(bodies.map((body) => body.code)).toEqual([expect.stringMatching(/^demo-/)]);
    });
  });
});
