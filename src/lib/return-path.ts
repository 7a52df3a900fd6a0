import type { UserAudience } from '@/config/audience';
import { pageAudience, type AppPath } from '@/config/paths';

const PROBE_ORIGIN = 'https://app.invalid';

function isPage(pathname: string): pathname is AppPath {
  return Object.prototype.hasOwnProperty.call(pageAudience, pathname);
}

/**
 * Where a sign-in may return to: the login page's `?redirect=` and the path the WeChat OAuth `state`
 * carries both come here. Returns the normalised in-app path ('/x?y#z'), or null when it must not be
 * followed: only a page of this app that `audience` opens (its own or either group's), judged after the
 * URL is normalised ('/.//evil.example', '/a/..//evil.example' and '/%2e//evil.example' all normalise to
 * '//evil.example'); never '//host' or '/\host' (browsers read both as another origin), control
 * characters, the sign-in pages themselves (that would loop) or the other group's pages.
 */
export function readReturnPath(value: string | null | undefined, audience: UserAudience): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.includes('\\') || /\p{Cc}/u.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || !isPage(url.pathname)) return null;
  const opensFor = pageAudience[url.pathname];
  if (opensFor !== audience && opensFor !== 'signed-in') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
