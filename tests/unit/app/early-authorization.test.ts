import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guardRoute } from '@/app/access';
import { authorizeEarly, reloadRestoredPagesOfOtherSessions } from '@/app/early-authorization';
import { config } from '@/config/env';
import { pageAudience, paths } from '@/config/paths';
import { clearSession, recordCheckSignOut, setSessionOwner } from '@/lib/session';
import { setToken } from '@/lib/token';
import { consumeOAuthState, readOAuthState } from '@/lib/wechat/oauth';
import { TEST_OWNERS } from '../support/render-route';
import { ANDROID_WECHAT_UA } from '../wechat/support';

/**
 * index.html's inline script (built from authorizeEarly) and the route guard decide alike: the script
 * leaves for WeChat exactly where the guard would, with a state of the same strength.
 */

const app = { wechatAppId: config.wechatAppId, publicBase: config.publicBase };
let replace: ReturnType<typeof vi.fn<(url: string) => void>>;
let reload: ReturnType<typeof vi.fn<() => void>>;
let stop: ReturnType<typeof vi.fn<() => void>>;

/** jsdom cannot navigate: `window.location` as a page at `pathname` and `search` would have it. */
function openAt(pathname: string, search = '') {
  replace = vi.fn<(url: string) => void>();
  reload = vi.fn<() => void>();
  vi.stubGlobal('location', {
    origin: window.location.origin,
    href: `${window.location.origin}${pathname}${search}`,
    pathname,
    search,
    hash: '',
    replace,
    reload,
  });
}

function signedIn(session: 'work' | 'check' | null) {
  clearSession();
  if (!session) return;
  setToken(`token-${session}`);
  setSessionOwner(TEST_OWNERS[session]);
}

beforeEach(() => {
  stop = vi.fn<() => void>();
  vi.spyOn(window, 'stop').mockImplementation(stop);
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('authorizeEarly (index.html’s inline script)', () => {
  const cases = Object.keys(pageAudience).flatMap((path) =>
    (['none', 'work', 'check'] as const).flatMap((session) =>
      (['a browser', 'WeChat'] as const).map((where) => [path, session, where] as const),
    ),
  );

  it.each(cases)(
    '%s with session %s in %s: leaves where the route guard would, for the same page',
    (path, session, where) => {
      if (where === 'WeChat') vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID_WECHAT_UA);
      const search = '?id=42';
      signedIn(session === 'none' ? null : session);
      openAt(path, search);
      void guardRoute(pageAudience[path as keyof typeof pageAudience], `${path}${search}`);
      const guardLeft = replace.mock.calls.map(([url]) => url);

      openAt(path, search);
      const left = authorizeEarly(app);
      expect(left).toBe(guardLeft.length === 1);
      expect(replace.mock.calls.length).toBe(guardLeft.length);
      if (!left) {
        expect(stop).not.toHaveBeenCalled();
        return;
      }
      // Stopped before leaving: nothing more of the document is fetched.
      expect(stop).toHaveBeenCalledTimes(1);
      const [early, guard] = [new URL(replace.mock.calls[0][0]), new URL(guardLeft[0])];
      for (const name of ['appid', 'redirect_uri', 'response_type', 'scope'])
        expect(early.searchParams.get(name), name).toBe(guard.searchParams.get(name));
      expect(early.origin + early.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
      const state = early.searchParams.get('state');
      expect(readOAuthState(state)).toBe(readOAuthState(guard.searchParams.get('state')));
      expect(readOAuthState(state)).toBe(`${path}${search}`);
    },
  );

  it('makes a state the callback trusts once, as the app’s own do (login CSRF)', () => {
    openAt(paths.checkUser);
    expect(authorizeEarly(app)).toBe(true);
    const state = new URL(replace.mock.calls[0][0]).searchParams.get('state');
    expect(state).toMatch(/^[A-Za-z0-9]{20}/);
    expect(consumeOAuthState(state)).toBe(true);
    expect(consumeOAuthState(state)).toBe(false);
    // A state of the same shape that this tab did not make is refused.
    expect(consumeOAuthState(`${'Q'.repeat(20)}${state!.slice(20)}`)).toBe(false);
  });

  it('after a check user’s sign-out in this tab: loads the app, whose route guard asks at /callback for a tap', () => {
    recordCheckSignOut('asked');
    openAt(paths.checkUserRepoetList);
    expect(authorizeEarly(app)).toBe(false);
    const guarded = guardRoute(pageAudience[paths.checkUserRepoetList], paths.checkUserRepoetList);
    expect(guarded).toBeInstanceOf(Response);
    expect((guarded as Response).headers.get('Location')).toBe(paths.callback);
    expect(replace).not.toHaveBeenCalled();
    // A new session in the tab ends the wait.
    signedIn('check');
    signedIn(null);
    openAt(paths.checkUserRepoetList);
    expect(authorizeEarly(app)).toBe(true);
  });

  it('reads the page under the public base, and sends WeChat back under it', () => {
    openAt('/h5/checkUserRepoetList', '?type=mine');
    expect(authorizeEarly({ ...app, publicBase: '/h5/' })).toBe(true);
    const url = new URL(replace.mock.calls[0][0]);
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/h5/callback`);
    expect(readOAuthState(url.searchParams.get('state'))).toBe('/checkUserRepoetList?type=mine');
  });
});

describe('reloadRestoredPagesOfOtherSessions (index.html’s inline script)', () => {
  it('a page the back/forward cache restores is shown again for its own session only, else loads afresh', () => {
    const page = (type: 'pagehide' | 'pageshow') =>
      window.dispatchEvent(new PageTransitionEvent(type, { persisted: true }));
    signedIn('work');
    openAt(paths.checkUserRepoetDetail, '?id=1');
    reloadRestoredPagesOfOtherSessions();

    // Into the cache: hidden, whatever restores it.
    page('pagehide');
    expect(document.documentElement.style.visibility).toBe('hidden');
    // Back, the same session: shown as it was.
    page('pageshow');
    expect(document.documentElement.style.visibility).toBe('');
    expect(reload).not.toHaveBeenCalled();

    // Into the cache again; signed out meanwhile (退出登录 on the next page): loads afresh, still hidden.
    page('pagehide');
    signedIn(null);
    page('pageshow');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(document.documentElement.style.visibility).toBe('hidden');

    // Another account's session: loads afresh too.
    reload.mockClear();
    signedIn('work');
    page('pagehide');
    signedIn('check');
    page('pageshow');
    expect(reload).toHaveBeenCalledTimes(1);

    // Hidden for the cache, then kept and brought back without a pageshow: shown by the same rule.
    reload.mockClear();
    page('pagehide');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(document.documentElement.style.visibility).toBe('');
    expect(reload).not.toHaveBeenCalled();
  });
});
