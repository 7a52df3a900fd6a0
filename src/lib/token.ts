import { externalStore } from './external-store';
import { readText, removeStored, STORAGE_REFUSED_MESSAGE, writeText } from './storage';

/** Spec §4: the session token lives in per-tab sessionStorage under "token". */
const TOKEN_KEY = 'token';

/**
 * This tab's token. Its readers are told when it is set or removed (a sign-in, a sign-out, a 401): the
 * read cache (lib/query-client.ts), a downloaded file (lib/file-download.ts) and the offline queue's
 * flush, whose work belongs to one session.
 */
const token = externalStore(() => readText('session', TOKEN_KEY) ?? null);

export const getToken = token.get;

/** Calls `listener` after this tab's token is set or removed; returns the unsubscribe. */
export const onTokenChange = token.subscribe;

/** Throws when the tab cannot keep it: a session the next page load would not have is no sign-in. */
export function setToken(value: string): void {
  if (!writeText('session', TOKEN_KEY, value)) throw new Error(STORAGE_REFUSED_MESSAGE);
  token.changed();
}

export function removeToken(): void {
  removeStored('session', TOKEN_KEY);
  token.changed();
}
