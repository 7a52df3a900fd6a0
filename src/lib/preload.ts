import { getToken } from '@/lib/token';

export interface Preloadable<T> {
  /** Starts the load now (a route's loader, or a sign-in as soon as its token exists), unless one is kept. */
  start: () => void;
  /**
   * The load a page asks for: the one started early for this session, handed over once, or a new one.
   * Pass it as the page's service (useApiRequest), so refreshes ask the server again.
   */
  load: () => Promise<T>;
}

/** A load started longer ago than this belongs to a visit that never took it: the page asks afresh. */
const HANDED_OVER_WITHIN_MS = 15_000;

/**
 * A page's data that may be asked for before the page's code has loaded, so that its requests go out
 * together with the code rather than after it. What was started for another session is never handed
 * over.
 */
export function preloadable<T>(load: () => Promise<T>): Preloadable<T> {
  let early: { token: string | null; at: number; promise: Promise<T> } | null = null;
  /** Started for this session, recently enough that its answer is the page's (not a visit abandoned). */
  const usable = () =>
    early !== null && early.token === getToken() && Date.now() - early.at < HANDED_OVER_WITHIN_MS;
  return {
    start: () => {
      if (usable()) return;
      const promise = load();
      // Its failure is the page's to show, when the page takes it; until then it is not unhandled.
      promise.catch(() => undefined);
      early = { token: getToken(), at: Date.now(), promise };
    },
    load: () => {
      const kept = usable() ? early!.promise : null;
      early = null;
      return kept ?? load();
    },
  };
}
