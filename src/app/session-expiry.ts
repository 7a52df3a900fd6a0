import { config } from '@/config/env';
import { paths, withQuery } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/http';
import { clearSession, getSessionAudience } from '@/lib/session';
import { uuidV4 } from '@/lib/uuid';
import { encodeOAuthState, startAuthorization } from '@/lib/wechat/oauth';
import type { AppRouter } from './router';
import { findRoute } from './route-table';

/** Where a lost session leads, then back to the page the user was on (their drafts are stored). */
export function installSessionExpiry(router: AppRouter): void {
  setUnauthorizedHandler(() => {
    const { pathname, search } = router.state.location;
    const here = `${pathname}${search}`;
    const audience = getSessionAudience() ?? findRoute(pathname)?.audience;
    clearSession();
    if (pathname === paths.login || pathname === paths.callback) return;
    if (audience === 'check') {
      if (config.demo) {
        // The demo has no WeChat: simulate the OAuth round trip with a fresh demo code. `state` is encoded
        // the way WeChat carries it, so the callback reads it with readOAuthState like a real one.
        const state = encodeOAuthState(here);
        void router.navigate(withQuery(paths.callback, { code: `demo-${uuidV4()}`, state }), { replace: true });
      } else {
        startAuthorization(here);
      }
      return;
    }
    void router.navigate(withQuery(paths.login, { redirect: here }));
  });
}
