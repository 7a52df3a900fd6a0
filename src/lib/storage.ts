import * as v from 'valibot';

/**
 * The one way into localStorage ('local': the phone's, shared by its webviews) and sessionStorage
 * ('session': the tab's). Storage may refuse anything: blocked, full, private browsing, a webview that
 * throws on the mere property. Every such failure ends here: a read finds nothing, a write says it was
 * refused, so a caller decides what that means (a draft lives on in memory; a token that cannot be
 * kept fails the sign-in) and needs no try of its own.
 */
export type StorageArea = 'local' | 'session';

/** What a person is told when the phone keeps nothing the app must keep to go on (the session). */
export const STORAGE_REFUSED_MESSAGE = '本机浏览器不允许保存登录状态，请关闭无痕浏览后重试';

function storageOf(area: StorageArea): Storage {
  return area === 'local' ? window.localStorage : window.sessionStorage;
}

/** The text under `key`: null when there is none, undefined when the storage cannot be read at all. */
export function readText(area: StorageArea, key: string): string | null | undefined {
  try {
    return storageOf(area).getItem(key);
  } catch {
    return undefined;
  }
}

/** `text` (a value as it was stored) read as JSON through `schema`, or undefined when it does not fit. */
export function parseStored<T>(text: string, schema: v.GenericSchema<unknown, T>): T | undefined {
  try {
    const read = v.safeParse(schema, JSON.parse(text));
    return read.success ? read.output : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The JSON value under `key` as `schema` reads it, or undefined: none, storage unreadable, or one that
 * does not fit (planted, damaged, written by another version), which is removed with a console line
 * naming its `kind` only (a key may name an account), so it cannot break its page on every load. The
 * one reader of every value the app keeps as JSON: drafts, download records, report criteria, the
 * queue's lease and the rest.
 */
export function readStored<T>(
  area: StorageArea,
  key: string,
  schema: v.GenericSchema<unknown, T>,
  kind: string = key.split(':')[0],
): T | undefined {
  const text = readText(area, key);
  if (text == null) return undefined;
  const value = parseStored(text, schema);
  if (value !== undefined) return value;
  removeStored(area, key);
  console.warn(`本机保存的数据格式不正确，已忽略（${kind}）`);
  return undefined;
}

/** Stores `text` under `key`; false when storage refuses it. */
export function writeText(area: StorageArea, key: string, text: string): boolean {
  try {
    storageOf(area).setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

/** Stores `value` as JSON under `key`; false when storage refuses it. */
export function writeStored(area: StorageArea, key: string, value: unknown): boolean {
  return writeText(area, key, JSON.stringify(value));
}

export function removeStored(area: StorageArea, key: string): void {
  try {
    storageOf(area).removeItem(key);
  } catch {
    // Storage unavailable: nothing is kept there either.
  }
}

/** Every key stored now (a snapshot: removing some as they are walked shifts nothing); none when unreadable. */
export function storedKeys(area: StorageArea): string[] {
  try {
    const storage = storageOf(area);
    return Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
      (key): key is string => key !== null,
    );
  } catch {
    return [];
  }
}
