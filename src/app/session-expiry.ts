import { paths } from '@/config/paths';
// Not '@/lib/http': that would put the HTTP client (axios) into the entry chunk's evaluation.
import { setUnauthorizedHandler } from '@/lib/http/unauthorized';
import { clearSession, getSessionAudience } from '@/lib/session';
import { signInTarget } from './access';
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
    const target = signInTarget(audience === 'check' ? 'check' : 'work', here);
    // The OAuth round trip (demo) replaces the page; the login page is a step the user may go Back from.
    if (target) void router.navigate(target, { replace: audience === 'check' });
  });
}
