import { paths } from '@/config/paths';

const PROBE_ORIGIN = 'https://app.invalid';
/** Every page of the app (the route table's paths), the only places a redirect may lead. */
const APP_PATHS: ReadonlySet<string> = new Set(Object.values(paths));

/**
 * The in-app path a `?redirect=` names, or null when it must not be followed: only a page of this app
 * ('/x?y'), judged after the URL is normalised ('/.//evil.example', '/a/..//evil.example' and
 * '/%2e//evil.example' all normalise to '//evil.example'), never '//host' or '/\host' (browsers read
 * both as another origin), control characters, or the sign-in pages themselves (that would loop).
 */
export function readRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.includes('\\') || /\p{Cc}/u.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (!APP_PATHS.has(url.pathname)) return null;
  if (url.pathname === paths.login || url.pathname === paths.callback) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
