/** Spec §4: the session token lives in per-tab sessionStorage under "token". */
const TOKEN_KEY = 'token';

export function getToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Who is told when this tab's session changes: the read cache (lib/query-client.ts) and the offline queue's flush. */
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/**
 * Calls `listener` after this tab's token is set or removed (a sign-in, a sign-out, a 401); returns
 * the unsubscribe. Work that belongs to one session (the offline queue's flush) stops on it.
 */
export function onTokenChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token);
  changed();
}

export function removeToken(): void {
  try {
    sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage unavailable (private mode): nothing to remove
  }
  changed();
}
