import { pageAudience } from '@/config/paths';
import { checkSignedOut } from '@/lib/session';
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
