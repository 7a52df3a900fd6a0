import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AUDIENCE_ONLY_MESSAGES, SIGN_IN_HERE } from '@/app/access';
import { createAppRoutes } from '@/app/router';
import { routeTable } from '@/app/route-table';
import type { UserAudience } from '@/config/audience';
import { toast } from '@/lib/feedback';
import { setSessionOwner } from '@/lib/session';
import { removeToken, setToken } from '@/lib/token';
import { beginCheckSignIn } from '@/lib/wechat/oauth';
import { TEST_OWNERS } from '../support/render-route';
import { ANDROID_WECHAT_UA } from '../wechat/support';

vi.mock('@/lib/feedback', async (original) => ({
  ...(await original<typeof import('@/lib/feedback')>()),
  toast: vi.fn(),
}));
vi.mock('@/lib/wechat/oauth', async (original) => ({
  ...(await original<typeof import('@/lib/wechat/oauth')>()),
  beginCheckSignIn: vi.fn(() => null),
}));

const HOME: Record<UserAudience, string> = { work: '/workUser', check: '/checkUser' };

type Expected = { opens: true } | { redirectsTo: string; toast?: string } | { authorizesBackTo: string };

function expected(
  audience: (typeof routeTable)[number]['audience'],
  session: UserAudience | null,
  path: string,
): Expected {
  if (audience === 'public') return { opens: true };
  if (!session) {
    return audience === 'check'
      ? { authorizesBackTo: path }
      : { redirectsTo: `/login?redirect=${encodeURIComponent(path)}` };
  }
  if (audience === 'signed-in' || audience === session) return { opens: true };
  return { redirectsTo: HOME[session], toast: AUDIENCE_ONLY_MESSAGES[audience] };
}

async function open(path: string) {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  await vi.waitFor(() => {
    if (!vi.mocked(beginCheckSignIn).mock.calls.length) expect(router.state.navigation.state).toBe('idle');
    if (!vi.mocked(beginCheckSignIn).mock.calls.length) expect(router.state.initialized).toBe(true);
  });
  return router;
}

const SESSIONS: readonly (UserAudience | null)[] = [null, 'work', 'check'];

describe('who may open each route', () => {
  afterEach(() => {
    removeToken();
    sessionStorage.clear();
    vi.mocked(toast).mockClear();
    vi.mocked(beginCheckSignIn).mockClear();
  });

  it.each(
    routeTable.flatMap((route) => SESSIONS.map((session) => [route.path, route.audience, session] as const)),
  )('%s (%s) with session %s', async (path, audience, session) => {
    if (session) {
      setToken(`token-${session}`);
      setSessionOwner(TEST_OWNERS[session]);
    }
    const router = await open(path);
    const outcome = expected(audience, session, path);

    if ('opens' in outcome) {
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(path);
      expect(toast).not.toHaveBeenCalled();
    } else if ('redirectsTo' in outcome) {
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(outcome.redirectsTo);
      if (outcome.toast) expect(toast).toHaveBeenCalledWith(outcome.toast);
      else expect(toast).not.toHaveBeenCalled();
      // The sign-in takes the page's place in history: once signed in, Back does not show it again.
      if (!session) expect(router.state.historyAction).toBe('REPLACE');
    } else {
      expect(beginCheckSignIn).toHaveBeenCalledWith(outcome.authorizesBackTo);
    }
    router.dispose();
  });

  it.each(routeTable.filter((route) => route.audience === 'signed-in').map((route) => route.path))(
    '%s opened in WeChat without a session shows the sign-in in its place, at its own address',
    async (path) => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID_WECHAT_UA);
      const router = await open(`${path}?id=7`);
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`${path}?id=7`);
      const page = router.state.matches.at(-1)!;
      expect(router.state.loaderData[page.route.id]).toBe(SIGN_IN_HERE);
      expect(beginCheckSignIn).not.toHaveBeenCalled();
      router.dispose();
    },
  );

  it('a token without its account (a session from before accounts were recorded) signs in again', async () => {
    setToken('token-of-an-older-version');
    sessionStorage.setItem('session-audience', 'work');
    const router = await open('/infoEnter');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      `/login?redirect=${encodeURIComponent('/infoEnter')}`,
    );
    router.dispose();
  });
});
