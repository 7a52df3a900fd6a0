import { pageAudience } from '@/config/paths';
import { checkSignedOut, getSessionOwner } from '@/lib/session';
import { authorizeUrl, createOAuthState, type AuthorizeApp } from '@/lib/wechat/oauth';
import { currentAudience, decideAccess } from './access';
import { appPathname } from './base-path';

/**
 * index.html's first script, built from this module with the build's values and hashed into the CSP
 * (buildEarlyAuthorization, scripts/vite-plugins.ts): a check user's page opened without a session leaves
 * for WeChat's authorization before the app's code loads, as the route guard (access.ts) would after it
 * had. The same rule (decideAccess), the same state (createOAuthState: a nonce this tab remembers, then
 * the path), the same URL (authorizeUrl); every other page, every page with a session, and every page
 * after a check user's sign-out in this tab (checkSignedOut: the route guard then asks for a tap) loads
 * the app. Returns whether the page is leaving.
 */
export function authorizeEarly(app: AuthorizeApp): boolean {
  const path = appPathname(window.location.pathname, app.publicBase);
  if (!Object.prototype.hasOwnProperty.call(pageAudience, path)) return false;
  const decision = decideAccess(pageAudience[path as keyof typeof pageAudience], currentAudience());
  if (decision.kind !== 'sign-in' || decision.audience !== 'check' || checkSignedOut()) return false;
  // The route guard's return path: the app path and its query (appPathOf in router.tsx).
  const state = createOAuthState(`${path}${window.location.search}`);
  // Nothing more of this document is parsed or fetched (the app's scripts and styles): it is leaving.
  window.stop();
  window.location.replace(authorizeUrl(app, { state }));
  return true;
}

/** Whom the page is drawn for: the session's account, or '' without one. */
function drawnFor(): string {
  const owner = getSessionOwner();
  return owner ? `${owner.audience}:${owner.account}` : '';
}

/**
 * A page restored from the back/forward cache (Back to a page left by a full load: a link in a message,
 * the reload after a deploy) shows what it showed when it was left, for whoever was signed in then. So
 * a page going into the cache is hidden and remembers its session; restored, it is shown again only
 * for that same session, and otherwise loads afresh, under the route guard: a signed-out session's or
 * another account's page never shows. Installed by index.html's first script, before the app.
 */
export function reloadRestoredPagesOfOtherSessions(): void {
  let session = drawnFor();
  let hidden = false;
  const show = () => {
    if (!hidden) return;
    if (drawnFor() !== session) {
      window.location.reload();
      return;
    }
    hidden = false;
    document.documentElement.style.visibility = '';
  };
  window.addEventListener('pagehide', (event) => {
    if (!event.persisted) return;
    session = drawnFor();
    hidden = true;
    document.documentElement.style.visibility = 'hidden';
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) show();
  });
  // A webview that hid the page for the cache and then kept it (brought back without a pageshow)
  // is shown again by the same rule.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') show();
  });
}
