import { homePathFor, type UserAudience } from '@/config/audience';
import { clearDownloadState } from '@/lib/file-download';
import { removeToken } from '@/lib/token';

/**
 * Which group the current session belongs to, so that a lost session (HTTP 401) sends a work user to
 * /login and a check user back through WeChat authorization. Per tab, like the token.
 */
const AUDIENCE_KEY = 'session-audience';

export function getSessionAudience(): UserAudience | null {
  try {
    const value = sessionStorage.getItem(AUDIENCE_KEY);
    return value === 'work' || value === 'check' ? value : null;
  } catch {
    return null;
  }
}

/** The signed-in group's home page. */
export function sessionHomePath(): string {
  return homePathFor(getSessionAudience());
}

export function setSessionAudience(audience: UserAudience): void {
  sessionStorage.setItem(AUDIENCE_KEY, audience);
}

/** Ends the local session: token, audience, and any downloaded file still held in memory. */
export function clearSession(): void {
  removeToken();
  clearDownloadState();
  try {
    sessionStorage.removeItem(AUDIENCE_KEY);
  } catch {
    // storage unavailable
  }
}
