/** Spec §4: the session token lives in per-tab sessionStorage under "token". */
const TOKEN_KEY = 'token';

export function getToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Who is told when this tab's session changes (lib/query-client.ts: whose answers the cache keeps). */
const listeners = new Set<() => void>();

/** Calls `listener` after every sign-in and sign-out of this tab; returns the unsubscribe. */
export function onTokenChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function tokenChanged(): void {
  listeners.forEach((listener) => listener());
}

export function setToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token);
  tokenChanged();
}

export function removeToken(): void {
  try {
    sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage unavailable (private mode): nothing to remove
  }
  tokenChanged();
}
