import type { DemoState } from './demo-state';
import { createSeed } from './seed';

export type * from './demo-state';

/** localStorage key of the persisted demo data; bump the suffix when DemoState changes shape. */
export const DEMO_DB_STORAGE_KEY = 'demo-db-v1';
const STATE_VERSION = 1;

/** The parts of Storage the store needs (window.localStorage in the browser). */
export type DemoStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface DemoDbOptions {
  /** Where to persist; null or absent keeps the data in memory only (node, tests, the browser-test harness). */
  storage?: DemoStorage | null;
  /** The clock the seed and the handlers use. */
  now?: () => Date;
}

export interface DemoDb {
  /** Read-only by convention: change data through `mutate`, so it is persisted. */
  readonly state: DemoState;
  /** Applies a change and persists it. */
  mutate<T>(change: (state: DemoState) => T): T;
  /** Back to fresh seed data (and the persisted copy replaced). */
  reset(): void;
  now(): Date;
  /** A new unique numeric id such as '9042' (real servers number their records; the answer sends it as a number). */
  nextId(): string;
}

function isDemoState(value: unknown): value is DemoState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<DemoState>;
  return (
    state.version === STATE_VERSION &&
    Array.isArray(state.users) &&
    Array.isArray(state.registrations) &&
    Array.isArray(state.tubes) &&
    typeof state.dictionaries === 'object'
  );
}

function load(storage: DemoStorage | null): DemoState | null {
  if (!storage) return null;
  try {
    const text = storage.getItem(DEMO_DB_STORAGE_KEY);
    if (!text) return null;
    const parsed: unknown = JSON.parse(text);
    return isDemoState(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function save(storage: DemoStorage | null, state: DemoState): void {
  if (!storage) return;
  try {
    storage.setItem(DEMO_DB_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Quota exceeded or storage disabled: the demo keeps working in memory.
  }
}

/** A typed in-memory store over fresh seed data (or, with `storage`, the data persisted there). */
export function createDemoDb(options: DemoDbOptions = {}): DemoDb {
  const storage = options.storage ?? null;
  const now = options.now ?? (() => new Date());
  let state: DemoState = load(storage) ?? createSeed(now());

  return {
    get state() {
      return state;
    },
    mutate(change) {
      const result = change(state);
      save(storage, state);
      return result;
    },
    reset() {
      state = createSeed(now());
      save(storage, state);
    },
    now,
    nextId() {
      state.sequence += 1;
      return String(state.sequence);
    },
  };
}

/** True in a real browser; false in node, including jsdom under vitest (which has a window). */
function isBrowserRuntime(): boolean {
  const isNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';
  return !isNode && typeof window !== 'undefined' && typeof window.localStorage !== 'undefined';
}

function browserStorage(): DemoStorage | null {
  if (!isBrowserRuntime()) return null;
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The store behind the shared `handlers`: persisted in the browser, memory only in node. */
export const defaultDb: DemoDb = createDemoDb({ storage: browserStorage() });

/** Restores the demo data to its seed (in the browser, also the persisted copy). */
export function resetDemoDb(db: DemoDb = defaultDb): void {
  db.reset();
}

/** For tests/setup.ts: a fresh default store between tests (sessions, used WeChat codes and all data). */
export function resetDemoState(): void {
  defaultDb.reset();
}
