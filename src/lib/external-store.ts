/**
 * A value kept outside React (a module's state, what storage holds), in the shape React's
 * useSyncExternalStore reads: `useSyncExternalStore(store.subscribe, store.get)`. No React here, so the
 * token's store can be in index.html's first script.
 */
export interface ExternalStore<T> {
  /** The current value: the same object until it changes (React compares snapshots by identity). */
  get: () => T;
  subscribe: (listener: () => void) => () => void;
  /** Tells every reader that `get` may answer something new. */
  changed: () => void;
}

export function externalStore<T>(get: () => T): ExternalStore<T> {
  const listeners = new Set<() => void>();
  return {
    get,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    changed: () => {
      for (const listener of listeners) listener();
    },
  };
}
