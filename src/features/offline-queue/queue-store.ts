import { externalStore } from '@/lib/external-store';
import { retryDelayMs } from '@/lib/http/retry-policy';
import { normalizeIdCard } from '@/lib/id-card';
import { getSessionOwner, readOwner, sameOwner, type SessionOwner } from '@/lib/session';
import { normalizeTubeCode } from '@/lib/tube-code';
import { uuidV4 } from '@/lib/uuid';
import {
  isUnsent,
  readStoredQueue,
  settleQueue,
  writeStoredQueue,
  type HeldQueueEntry,
  type QueueEntry,
  type QueueEntryStatus,
} from '@/lib/stored-queue';
import type { DateTimeString, Id, RegistrationInput } from '@/types/api';
import { QUEUE_STORAGE_KEY } from './queue-keys';

export { QUEUE_STORAGE_KEY };
export type { HeldQueueEntry, QueueEntry, QueueEntryStatus };

/**
 * The offline bind queue: registrations and tube bindings a staff member saved while the network was
 * down, kept in localStorage until they are sent. A module-level store (read with useSyncExternalStore)
 * so the home card, the entry form and the sender see one state.
 *
 * Light on purpose (no HTTP layer, no antd-mobile): the sender loads on demand, when there is work.
 *
 * Every change is written through to storage after re-reading it, so two tabs (or a tab and a reload)
 * add to one list instead of overwriting each other.
 *
 * The list holds the entries of every staff account that queued on this phone (webviews share
 * localStorage); each entry names its owner. A tab shows, counts and sends only the entries of its own
 * signed-in account (sessionEntries); an entry without an owner (queued before owners were recorded)
 * is nobody's: never shown or sent (the login page names it, lib/device-data.ts).
 */
export const QUEUE_STATUS_LABELS: Readonly<Record<QueueEntryStatus, string>> = {
  pending: '待发送',
  sending: '发送中',
  sent: '已发送',
  failed: '发送失败',
  stale: '待确认',
  removed: '已删除',
};

interface QueueSnapshot {
  entries: readonly QueueEntry[];
  /** A flush runs in this tab. */
  flushing: boolean;
}

/** The stored list as the queue may keep it (lib/stored-queue.ts), or null when storage cannot be read. */
function readStorage(): QueueEntry[] | null {
  return readStoredQueue();
}

let snapshot: QueueSnapshot = { entries: readStorage() ?? [], flushing: false };
const queue = externalStore(() => snapshot);

function emit(next: QueueSnapshot): void {
  snapshot = next;
  queue.changed();
}

export const subscribeQueue = queue.subscribe;
export const getQueueSnapshot = queue.get;

/**
 * Applies a change to the latest stored list and writes it back. When the write fails (storage full
 * or unavailable) the change still applies in memory, unless `strict`: then nothing changes, and false.
 */
function commit(change: (entries: QueueEntry[]) => QueueEntry[], strict = false): boolean {
  const latest = readStorage() ?? [...snapshot.entries];
  // A change may have just sent an entry: what the queue keeps of it is settled before it is kept.
  const next = settleQueue(change(latest));
  if (!writeStoredQueue(next) && strict) return false;
  emit({ ...snapshot, entries: next });
  return true;
}

/** Re-reads the list from storage: another tab changed it, or (tests) storage was replaced. */
export function reloadQueueFromStorage(): void {
  const stored = readStorage();
  if (stored) emit({ ...snapshot, entries: stored });
}

export function setQueueFlushing(flushing: boolean): void {
  if (snapshot.flushing !== flushing) emit({ ...snapshot, flushing });
}

/** Whether `entry` was queued by `owner`. */
function isOwnedBy(entry: QueueEntry, owner: SessionOwner | null): boolean {
  const entryOwner = readOwner(entry.owner);
  return owner !== null && entryOwner !== null && sameOwner(entryOwner, owner);
}

/** The entries of this tab's signed-in account (none without a session). */
export function sessionEntries(entries: readonly QueueEntry[]): QueueEntry[] {
  const owner = getSessionOwner();
  return entries.filter((entry) => isOwnedBy(entry, owner));
}

/** Entries a flush should send: 'sending' ones are left over from a flush that died (tab closed mid-way). */
export function isSendable(entry: QueueEntry): entry is HeldQueueEntry {
  return isUnsent(entry) && (entry.status === 'pending' || entry.status === 'sending');
}

/** The entry still waiting to send this tube, if any (codes compared as lib/tube-code.ts reads them). */
export function findQueuedTube(entries: readonly QueueEntry[], tubeCode: string): QueueEntry | undefined {
  const code = normalizeTubeCode(tubeCode);
  if (!code) return undefined;
  return entries.find((entry) => isSendable(entry) && normalizeTubeCode(entry.tubeCode) === code);
}

export interface EnqueueBindInput {
  registrationInput: RegistrationInput;
  /** The registration, when it was saved before binding failed. */
  registrationId?: Id;
  tubeCode: string;
  collectedAt: DateTimeString;
  /**
   * The form's attempt that failed without deciding anything: the entry's first failure, so it waits
   * its backoff (and the server's Retry-After) like any other before it is sent automatically.
   */
  failure?: { message: string; waitingFor: 'network' | 'server'; retryAfterMs?: number };
}

type EnqueueRefusal = 'duplicate-tube' | 'duplicate-id-card' | 'storage' | 'no-session';

export type EnqueueResult =
  { ok: true; entry: HeldQueueEntry } | { ok: false; reason: EnqueueRefusal; message: string };

const ENQUEUE_REFUSAL_MESSAGES: Readonly<Record<EnqueueRefusal, string>> = {
  'duplicate-tube': '该采样管已在待发送队列中，不需要重复保存',
  'duplicate-id-card': '该身份证号的登记已在待发送队列中，不需要重复保存',
  storage: '无法保存到本机，请留在本页，恢复网络后再提交',
  'no-session': '登录已失效，无法保存到待发送队列，请重新登录后再提交',
};

function refuse(reason: EnqueueRefusal): EnqueueResult {
  return { ok: false, reason, message: ENQUEUE_REFUSAL_MESSAGES[reason] };
}

/**
 * Puts a registration and its binding in the queue, owned by the signed-in staff account. Refused when
 * the same tube or ID card is already waiting in that account's queue (the second would only fail on
 * the server), without a staff session, or when storage cannot keep it: an entry that would not survive
 * a reload is not accepted, so the caller keeps its form instead.
 */
export function enqueueBind(input: EnqueueBindInput): EnqueueResult {
  const owner = getSessionOwner();
  if (owner?.audience !== 'work') return refuse('no-session');
  const stored = readStorage();
  if (stored === null) return refuse('storage');
  const own = stored.filter((entry) => isOwnedBy(entry, owner));
  if (findQueuedTube(own, input.tubeCode)) return refuse('duplicate-tube');
  const idCard = normalizeIdCard(input.registrationInput.idCard);
  if (own.some((entry) => isSendable(entry) && normalizeIdCard(entry.registrationInput.idCard) === idCard))
    return refuse('duplicate-id-card');

  const now = Date.now();
  const { failure } = input;
  const entry: HeldQueueEntry = {
    id: uuidV4(),
    owner,
    createdAt: new Date(now).toISOString(),
    registrationInput: input.registrationInput,
    ...(input.registrationId ? { registrationId: input.registrationId } : {}),
    tubeCode: normalizeTubeCode(input.tubeCode),
    collectedAt: input.collectedAt,
    status: 'pending',
    attempts: 0,
    ...(failure
      ? {
          lastError: failure.message,
          transientFailures: 1,
          firstFailedAt: new Date(now).toISOString(),
          nextAttemptAt: new Date(now + retryDelayMs(1, failure.retryAfterMs)).toISOString(),
          waitingFor: failure.waitingFor,
        }
      : {}),
  };
  if (!commit((entries) => [...entries, entry], true)) return refuse('storage');
  return { ok: true, entry };
}

/** Changes one entry (no-op when it is gone, e.g. cleared in another tab). */
export function updateQueueEntry(id: string, patch: Partial<Omit<QueueEntry, 'id'>>): void {
  commit((entries) =>
    entries.map((entry) => {
      if (entry.id !== id) return entry;
      const next: QueueEntry = { ...entry, ...patch };
      // An explicit `undefined` in the patch removes the field (JSON would drop it anyway).
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined) delete next[key as keyof QueueEntry];
      }
      return next;
    }),
  );
}

/**
 * A person sends the entry again (重新发送 a failed or stale one, 立即重试 a waiting one): it is due now,
 * its wait starts afresh (keptSince: settleQueue asks again only after as long), and a failed or stale
 * entry starts a fresh count of failures (the person fixed the cause, or the server recovered).
 */
export function retryQueueEntry(id: string): void {
  const entry = snapshot.entries.find((candidate) => candidate.id === id);
  if (!entry || !isUnsent(entry)) return;
  updateQueueEntry(id, {
    status: 'pending',
    keptSince: new Date().toISOString(),
    nextAttemptAt: undefined,
    settledAt: undefined,
    ...(entry.status === 'failed' || entry.status === 'stale'
      ? {
          lastError: undefined,
          transientFailures: undefined,
          firstFailedAt: undefined,
          waitingFor: undefined,
        }
      : {}),
  });
}

/** Its owner deletes one unsent entry (删除 on a stale one): its registration is never sent. */
export function discardQueueEntry(id: string): void {
  const owner = getSessionOwner();
  commit((entries) => entries.filter((entry) => entry.id !== id || !isOwnedBy(entry, owner)));
}

/** Settled: nothing more happens to it but its owner's review (sent, failed, removed). */
function isFinished(entry: QueueEntry): boolean {
  return entry.status === 'sent' || entry.status === 'failed' || entry.status === 'removed';
}

/** Removes this account's sent, failed and removed entries; returns how many were removed. */
export function removeFinishedEntries(): number {
  const owner = getSessionOwner();
  let removed = 0;
  commit((entries) => {
    const kept = entries.filter((entry) => !isFinished(entry) || !isOwnedBy(entry, owner));
    removed = entries.length - kept.length;
    return kept;
  });
  return removed;
}
