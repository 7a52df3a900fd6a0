import * as v from 'valibot';
import { KEPT_SESSION_KEYS } from '@/config/storage-keys';
import { readStored, readText, removeStored, writeStored, writeText } from '@/lib/storage';
import { uuidV4 } from '@/lib/uuid';
import { QUEUE_LOCK_KEY } from './queue-keys';

export { QUEUE_LOCK_KEY };

/**
 * One sender across tabs: a lease in localStorage that names the tab holding it and expires, so a tab
 * closed mid-send does not block the others for long. Best effort (localStorage has no compare-and-set):
 * the write is read back to narrow the window in which two tabs could both think they hold it. Even
 * then an entry sent twice is harmless: the sender treats "already bound to this person" as done.
 */
/** Longer than one entry can take (Submit, Bind and a status check, 10 s timeout each); renewed per entry. */
const QUEUE_LOCK_TTL_MS = 45_000;

const leaseSchema = v.object({ owner: v.string(), expiresAt: v.number() });
type Lease = v.InferOutput<typeof leaseSchema>;

const TAB_ID_KEY = KEPT_SESSION_KEYS.queueTab;

/**
 * Per tab and kept across a reload of that tab (sessionStorage), so a tab reloaded in the middle of a
 * send recognises its own lease instead of waiting for it to expire. (A duplicated tab copies it and
 * shares the lease: harmless, see above.)
 */
function readTabId(): string {
  const existing = readText('session', TAB_ID_KEY);
  if (existing) return existing;
  const created = uuidV4();
  writeText('session', TAB_ID_KEY, created);
  return created;
}

const TAB_ID = readTabId();
let releaseOnExit = false;

function readLease(): Lease | null {
  return readStored('local', QUEUE_LOCK_KEY, leaseSchema) ?? null;
}

function writeLease(now: number): boolean {
  return writeStored('local', QUEUE_LOCK_KEY, { owner: TAB_ID, expiresAt: now + QUEUE_LOCK_TTL_MS });
}

/** True when this tab now holds the lease. Without usable storage there is no other tab to share with. */
export function acquireQueueLock(now: number = Date.now()): boolean {
  const current = readLease();
  if (current && current.owner !== TAB_ID && current.expiresAt > now) return false;
  if (!writeLease(now)) return true;
  if (!releaseOnExit) {
    // A tab closed mid-send frees the queue at once rather than after the lease expires.
    releaseOnExit = true;
    window.addEventListener('pagehide', releaseQueueLock);
  }
  return readLease()?.owner === TAB_ID;
}

/**
 * Extends the lease while this tab works through the queue. False when another tab took it over (this
 * tab was too slow and the lease expired): the caller stops after the entry in hand.
 */
export function renewQueueLock(now: number = Date.now()): boolean {
  const current = readLease();
  if (current && current.owner !== TAB_ID) return false;
  writeLease(now);
  return true;
}

export function releaseQueueLock(): void {
  if (readLease()?.owner === TAB_ID) removeStored('local', QUEUE_LOCK_KEY);
}
