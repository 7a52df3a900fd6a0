import { useCallback, useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { draftStorage } from './shared-phone';

/**
 * State that survives a reload, a back navigation, a failed request and a 401 re-login: it is written
 * to storage on every change (debounced) and read back on mount. `clear()` removes it, e.g. after a
 * successful submit. Drafts hold personal data, so they stay on this device only and expire; a check
 * user's on a shared phone stay in the tab only (draftStorage in lib/shared-phone.ts).
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

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** `text` (a stored value as it was written) read as JSON through `schema`, or undefined when it does not fit. */
export function parseStored<T>(text: string, schema: v.GenericSchema<unknown, T>): T | undefined {
  const read = v.safeParse(schema, parseJson(text));
  return read.success ? read.output : undefined;
}

/**
 * The JSON value stored under `key` as `schema` reads it, or undefined: none, or one that does not fit
 * (planted, damaged, written by another version), which is removed with a console line naming its kind
 * only (a key may name an account), so it cannot break its page on every load. The one reader of every
 * value the app keeps as JSON: drafts (readPersisted), download records, report criteria, the queue's
 * lease and the rest.
 */
export function readStored<T>(
  storage: Storage,
  key: string,
  schema: v.GenericSchema<unknown, T>,
  kind: string = key.split(':')[0],
): T | undefined {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  const value = parseStored(raw, schema);
  if (value !== undefined) return value;
  try {
    storage.removeItem(key);
  } catch {
    // storage unavailable: nothing to remove
  }
  console.warn(`本机保存的数据格式不正确，已忽略（${kind}）`);
  return undefined;
}

/** The storage key a draft is kept under. */
export function persistedStorageKey(key: string): string {
  return PREFIX + key;
}

/** The stored text of a draft, as written (null: none), to tell whether it changed. */
export function readPersistedText(key: string): string | null {
  try {
    return draftStorage().getItem(PREFIX + key);
  } catch {
    return null;
  }
}

/**
 * The draft under `key` as `schema` reads it, or undefined: none, expired (removed), or not fitting the
 * schema (removed: readStored). The one reader of every draft.
 */
export function readPersisted<T>(key: string, schema: DraftSchema<T>): T | undefined {
  const stored = readStored(
    draftStorage(),
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
  try {
    draftStorage().setItem(PREFIX + key, JSON.stringify({ savedAt: Date.now(), value } satisfies Stored<T>));
    return true;
  } catch {
    return false;
  }
}

export function removePersisted(key: string): void {
  try {
    draftStorage().removeItem(PREFIX + key);
  } catch {
    // storage unavailable
  }
}

/** How many drafts this device keeps (forms typed in and not yet submitted) whose key `include` accepts. */
export function countPersistedDrafts(include: (key: string) => boolean): number {
  try {
    // A snapshot of the keys: reading an expired draft removes it, which would shift a live index.
    const storage = draftStorage();
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '');
    return keys
      .filter((key) => key.startsWith(PREFIX))
      .map((key) => key.slice(PREFIX.length))
      .filter((key) => include(key) && readPersisted(key, anyValue) !== undefined).length;
  } catch {
    return 0;
  }
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
