import { useCallback, useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { draftArea } from './shared-phone';
import { readStored, readText, removeStored, storedKeys, writeStored } from './storage';

/**
 * State that survives a reload, a back navigation, a failed request and a 401 re-login: it is written
 * to storage on every change (debounced) and read back on mount. `clear()` removes it, e.g. after a
 * successful submit. Drafts hold personal data, so they stay on this device only and expire; a check
 * user's on a shared phone stay in the tab only (draftArea in lib/shared-phone.ts).
 */
const PREFIX = 'draft:';
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

interface Stored<T> {
  savedAt: number;
  value: T;
}

/** What a draft's value must be to be used: the form's shape (a schema may also migrate older ones). */
export type DraftSchema<T> = v.GenericSchema<unknown, T>;

/** Any value, for a reader that only asks whether a draft is there (countPersistedDrafts). */
const anyValue: DraftSchema<unknown> = v.unknown();

/** The storage key a draft is kept under. */
export function persistedStorageKey(key: string): string {
  return PREFIX + key;
}

/** The stored text of a draft, as written (null: none), to tell whether it changed. */
export function readPersistedText(key: string): string | null {
  return readText(draftArea(), PREFIX + key) ?? null;
}

/**
 * The draft under `key` as `schema` reads it, or undefined: none, expired (removed), or not fitting the
 * schema (removed: lib/storage.ts readStored). The one reader of every draft.
 */
export function readPersisted<T>(key: string, schema: DraftSchema<T>): T | undefined {
  const stored = readStored(
    draftArea(),
    PREFIX + key,
    v.object({ savedAt: v.number(), value: schema }),
    key.split(':')[0],
  );
  if (!stored) return undefined;
  if (Date.now() - stored.savedAt > MAX_AGE_MS) {
    removePersisted(key);
    return undefined;
  }
  return stored.value;
}

/** Stores `value` under `key`; false when storage is full or unavailable (it then lives in memory only). */
export function writePersisted<T>(key: string, value: T): boolean {
  return writeStored(draftArea(), PREFIX + key, { savedAt: Date.now(), value } satisfies Stored<T>);
}

export function removePersisted(key: string): void {
  removeStored(draftArea(), PREFIX + key);
}

/** How many drafts this device keeps (forms typed in and not yet submitted) whose key `include` accepts. */
export function countPersistedDrafts(include: (key: string) => boolean): number {
  return storedKeys(draftArea())
    .filter((key) => key.startsWith(PREFIX))
    .map((key) => key.slice(PREFIX.length))
    .filter((key) => include(key) && readPersisted(key, anyValue) !== undefined).length;
}

export interface PersistentState<T> {
  value: T;
  setValue: (next: T | ((previous: T) => T)) => void;
  /** Forget the stored draft and return to the initial value. */
  clear: () => void;
  /** True when the value was restored from an earlier visit. */
  restored: boolean;
}

/** A stored value as comparable text (null: nothing stored). */
const storedText = (key: string) => JSON.stringify(readPersisted(key, anyValue) ?? null);

/**
 * `key`'s draft, read through `schema` (a stored value that does not fit is dropped and `initial`
 * used), written back on every change.
 */
export function usePersistentState<T>(
  key: string,
  schema: DraftSchema<T>,
  initial: T,
  debounceMs = 300,
): PersistentState<T> {
  // Read once per mount: the value, and its text for `ours` (not serialised again on every render):
  // as stored, after the schema's read (which removes a value that does not fit).
  const [stored] = useState(() => {
    const found = readPersisted(key, schema);
    return { value: found, text: storedText(key) };
  });
  const restored = stored.value !== undefined;
  const [value, setValueState] = useState<T>(stored.value ?? initial);
  const initialRef = useRef(initial);
  const pending = useRef<number | undefined>(undefined);
  const latest = useRef(value);
  const dirty = useRef(false);
  /** What this form last read or wrote under `key`, to tell whether another form changed it since. */
  const ours = useRef(stored.text);
  const left = useRef(false);

  const flush = useCallback(() => {
    window.clearTimeout(pending.current);
    pending.current = undefined;
    if (dirty.current) {
      writePersisted(key, latest.current);
      ours.current = storedText(key);
    }
    dirty.current = false;
  }, [key]);

  const setValue = useCallback(
    (next: T | ((previous: T) => T)) => {
      // Resolved against the latest value outside React's updater, which may run late or twice:
      // side effects (the dirty flag, the save timer) must happen exactly once, here.
      const resolved = typeof next === 'function' ? (next as (p: T) => T)(latest.current) : next;
      // A late answer for a form that was left (its server id, say) is written at once, and only while
      // nothing else has changed the draft since: not over what the form opened again emptied or typed.
      if (left.current && storedText(key) !== ours.current) return;
      latest.current = resolved;
      dirty.current = true;
      if (left.current) {
        flush();
        return;
      }
      window.clearTimeout(pending.current);
      pending.current = window.setTimeout(flush, debounceMs);
      setValueState(resolved);
    },
    [key, debounceMs, flush],
  );

  const clear = useCallback(() => {
    window.clearTimeout(pending.current);
    dirty.current = false;
    removePersisted(key);
    ours.current = storedText(key);
    latest.current = initialRef.current;
    setValueState(initialRef.current);
  }, [key]);

  // Write what is pending when the page is left or hidden (WeChat may kill a backgrounded webview).
  useEffect(() => {
    left.current = false;
    const onHide = () => flush();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onHide);
      flush();
      left.current = true;
    };
  }, [flush]);

  return { value, setValue, clear, restored };
}
