import { paths } from '@/config/paths';

const PROBE_ORIGIN = 'https://app.invalid';

/**
 * The in-app path a `?redirect=` names, or null when it must not be followed: only paths on this app
 * ('/x?y'), never '//host' or '/\host' (browsers read both as another origin), control characters, or
 * the sign-in pages themselves (that would loop).
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
  if (url.pathname === paths.login || url.pathname === paths.callback) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
