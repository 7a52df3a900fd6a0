import { useEffect, useSyncExternalStore } from 'react';
import { getToken } from '@/lib/token';
import { MESSAGE_TYPE_LABELS, type Id, type MessageType, type Open } from '@/types/api';
import { pageRecipientMessage, readSystemMessage } from '@/api/messages';

/**
 * Unread message counts shared by the message pages and the home pages, so that opening a message
 * updates every badge at once without a reload. A module-level store read with useSyncExternalStore.
 *
 * The backend has no count endpoint: a count is the `total` of a one-record page with `read: false`
 * (see MessagePageQuery). A server that sends no `total` (the spec shows `records` only) is asked for
 * one larger page instead, whose unread records are counted (a badge shows 99+ beyond that).
 * `markRead` lowers the counts at once and reconciles with the server after.
 */
interface UnreadSnapshot {
  total: number;
  byType: Readonly<Partial<Record<MessageType, number>>>;
  /** True while the first load runs (counts are 0 until then). */
  loading: boolean;
  /** The counts have loaded at least once for this session. */
  loaded: boolean;
  /** The last load failed (counts keep their previous values). */
  error: unknown;
  /** Messages marked read in this session, so lists can show them read before they reload. */
  readIds: ReadonlySet<Id>;
}

const EMPTY: UnreadSnapshot = {
  total: 0,
  byType: {},
  loading: false,
  loaded: false,
  error: null,
  readIds: new Set(),
};

let snapshot: UnreadSnapshot = EMPTY;
/** Whose counts the snapshot holds: a new session must not see the previous one's badges. */
let snapshotToken: string | null = null;
let inFlight: Promise<void> | null = null;
/** Bumped by every local change, so a load that started before it cannot overwrite it with stale numbers. */
let revision = 0;
const listeners = new Set<() => void>();

function emit(next: UnreadSnapshot): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): UnreadSnapshot {
  return snapshot;
}

function ensureSession(): void {
  const token = getToken();
  if (token !== snapshotToken) {
    snapshotToken = token;
    inFlight = null;
    revision += 1;
    snapshot = { ...EMPTY, readIds: new Set() };
  }
}

/** Counted from one page when the server sends no total: one more than a badge shows as a number. */
const COUNTED_PAGE_SIZE = 100;
/** Cleared once the server answers a page without a total, so later counts ask for the counted page at once. */
let serverSendsTotal = true;

async function countUnread(type?: MessageType): Promise<number> {
  if (serverSendsTotal) {
    const page = await pageRecipientMessage(
      { type, read: false, pageIndex: 1, pageSize: 1 },
      { silent: true },
    );
    if (page.total !== undefined) return page.total;
    serverSendsTotal = false;
  }
  const page = await pageRecipientMessage(
    { type, read: false, pageIndex: 1, pageSize: COUNTED_PAGE_SIZE },
    { silent: true },
  );
  // The filters are ours: a server that ignores them must not make every message unread.
  return page.records.filter((message) => !message.read && (type === undefined || message.type === type))
    .length;
}

/** Loads the counts (one request per type plus the total); concurrent calls share one load. */
function refreshUnreadCounts(): Promise<void> {
  ensureSession();
  if (!getToken()) return Promise.resolve();
  if (inFlight) return inFlight;
  const startedAt = revision;
  const token = snapshotToken;
  if (!snapshot.loaded) emit({ ...snapshot, loading: true, error: null });
  const types = Object.keys(MESSAGE_TYPE_LABELS) as MessageType[];
  const load = Promise.all([countUnread(), ...types.map((type) => countUnread(type))])
    .then(([total, ...perType]) => {
      if (token !== snapshotToken) return;
      if (startedAt !== revision) {
        // Something was marked read meanwhile: these numbers may predate it; load again.
        inFlight = null;
        return refreshUnreadCounts();
      }
      const byType: Partial<Record<MessageType, number>> = {};
      types.forEach((type, index) => (byType[type] = perType[index]));
      emit({ ...snapshot, total, byType, loading: false, loaded: true, error: null });
    })
    .catch((error: unknown) => {
      if (token !== snapshotToken) return;
      emit({ ...snapshot, loading: false, error });
    })
    .finally(() => {
      if (inFlight === load) inFlight = null;
    });
  inFlight = load;
  return load;
}

/**
 * Marks a message read on the server and lowers the counts at once. A message already read (or
 * already marked in this session) changes nothing. Resolves when the server has answered; on
 * failure the counts are reloaded from the server and the error is rethrown.
 */
export async function markRead(id: Id, type: Open<MessageType> | undefined): Promise<void> {
  ensureSession();
  if (snapshot.readIds.has(id)) return;
  revision += 1;
  const readIds = new Set(snapshot.readIds).add(id);
  const current = type === undefined ? undefined : snapshot.byType[type as MessageType];
  const byType =
    current === undefined || type === undefined
      ? snapshot.byType
      : { ...snapshot.byType, [type]: Math.max(0, current - 1) };
  emit({ ...snapshot, readIds, byType, total: Math.max(0, snapshot.total - 1) });
  try {
    await readSystemMessage({ id }, { silent: true });
    // Reconcile with the server; a load that started before it knew must not bring the old count back.
    revision += 1;
    if (snapshot.loaded) void refreshUnreadCounts();
  } catch (error) {
    revision += 1;
    const rollback = new Set(snapshot.readIds);
    rollback.delete(id);
    emit({ ...snapshot, readIds: rollback });
    inFlight = null;
    void refreshUnreadCounts();
    throw error;
  }
}

export interface UnreadCounts extends UnreadSnapshot {
  refresh: () => Promise<void>;
}

/**
 * The shared unread counts. Each page that shows them reloads them when it mounts or is shown again
 * (keep-alive), so a badge is never older than the page it is on.
 */
export function useUnreadCounts(): UnreadCounts {
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  useEffect(() => {
    void refreshUnreadCounts();
  }, []);
  return { ...state, refresh: refreshUnreadCounts };
}

/** Test support: forget everything (the store is module-level and outlives a test). */
export function resetUnreadStore(): void {
  serverSendsTotal = true;
  snapshotToken = null;
  inFlight = null;
  revision += 1;
  snapshot = { ...EMPTY, readIds: new Set() };
  for (const listener of listeners) listener();
}
