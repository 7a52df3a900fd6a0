import * as v from 'valibot';
import { config } from '@/config/env';
import { OFFLINE_QUEUE_KEY } from '@/config/storage-keys';
import type { DateTimeString, Id, RegistrationInput } from '@/types/api';
import type { SessionOwner } from './session';
import { readText, removeStored, writeStored } from './storage';

/**
 * The offline queue as stored in localStorage: the one reading of its format, for the queue's store
 * (features/offline-queue) and for device-data.ts (which counts and removes entries by owner). An
 * entry that does not match the schema (written by a bug, an old version or by hand) is dropped with a
 * console line, so it can neither break a page nor be sent. What the queue may keep, and for how long,
 * is settleQueue's: every reading and every change of the store goes through it.
 *
 * - 'stale': waited config.queueConfirmAfterMs unsent; sent only when its owner says so (重新发送),
 *   or deleted by them.
 * - 'removed': waited as long again unsent: the person's data is gone from the phone, and the entry
 *   stays only to tell its owner so.
 */
export type QueueEntryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'stale' | 'removed';

export interface QueueEntry {
  id: string;
  /** The staff account that queued it: only that account's session shows or sends it. */
  owner?: SessionOwner;
  /** When the entry was queued (ISO). */
  createdAt: DateTimeString;
  /**
   * The ScreeningRegister/Submit body the form would have sent: the person's name, ID number and
   * phone, so it is kept only while the entry is unsent (settleQueue strips it from 'sent' and
   * 'removed' entries).
   */
  registrationInput?: RegistrationInput;
  /** When a person last chose to send it (queued, or 重新发送 / 立即重试; ISO): its age counts from here. */
  keptSince?: DateTimeString;
  /** Set as soon as the registration is saved, so a retry binds it instead of registering the person twice. */
  registrationId?: Id;
  tubeCode: string;
  collectedAt: DateTimeString;
  status: QueueEntryStatus;
  /** Send attempts so far (each flush that picks the entry counts one). */
  attempts: number;
  /** Why the last attempt did not finish, in Chinese (the reason of a 'failed' entry). */
  lastError?: string;
  /**
   * 'sent': the registration the tube is bound to. 'failed' because the ID card is registered already:
   * that existing registration, so the user can open it.
   */
  resultRegistrationId?: Id;
  /** When the entry became 'sent' or 'failed' (ISO). */
  settledAt?: DateTimeString;
  /** Failures in a row that decided nothing (lib/http/retry-policy.ts 'transient'); reset by a person's resend. */
  transientFailures?: number;
  /** When the first of those failures happened (ISO): after RETRY_GIVE_UP_MS the entry asks for attention. */
  firstFailedAt?: DateTimeString;
  /** Not sent automatically before this time (ISO): the backoff of those failures, Retry-After first. */
  nextAttemptAt?: DateTimeString;
  /** What the entry waits for, in the list's plain words: the network, a busy server, or a sign-in. */
  waitingFor?: QueueWaitCause;
}

export type QueueWaitCause = 'network' | 'server' | 'session';

/** An entry that still holds the registration it sends (unsent: pending, sending, failed, stale). */
export type HeldQueueEntry = QueueEntry & { registrationInput: RegistrationInput };

/** Not sent, and still on the phone: what its owner has yet to see go out or decide on. */
export function isUnsent(entry: QueueEntry): entry is HeldQueueEntry {
  return entry.status !== 'sent' && entry.status !== 'removed' && entry.registrationInput !== undefined;
}

/** Sent and removed entries are kept for their owner to review this long after they settled, then forgotten. */
const SETTLED_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

const age = (since: string | undefined, now: number) => now - Date.parse(since ?? '');

/** The entry without the person's data (what a sent or removed entry keeps: its tube, its outcome). */
function withoutPerson({ registrationInput: _person, ...entry }: QueueEntry): QueueEntry {
  return entry;
}

/**
 * The entries as the queue may keep them at `now`: a sent entry without the person's data; an unsent
 * one that waited config.queueConfirmAfterMs since a person last chose to send it is 'stale' (its
 * owner resends or deletes it); waited twice that, 'removed', without the person's data; sent and
 * removed entries forgotten SETTLED_RETENTION_MS after they settled.
 */
export function settleQueue(entries: readonly QueueEntry[], now: number = Date.now()): QueueEntry[] {
  const confirmAfter = config.queueConfirmAfterMs;
  return entries.flatMap((entry): QueueEntry[] => {
    if (entry.status === 'sent' || entry.status === 'removed') {
      if (age(entry.settledAt, now) > SETTLED_RETENTION_MS) return [];
      return [entry.registrationInput ? withoutPerson(entry) : entry];
    }
    const waited = age(entry.keptSince ?? entry.createdAt, now);
    if (waited >= 2 * confirmAfter) {
      // What its owner is told of it: when it was queued, and for which tube.
      const { id, owner, createdAt, tubeCode, collectedAt, attempts } = entry;
      const settledAt = new Date(now).toISOString();
      return [{ id, owner, createdAt, tubeCode, collectedAt, attempts, status: 'removed', settledAt }];
    }
    if (waited >= confirmAfter && (entry.status === 'pending' || entry.status === 'sending'))
      return [{ ...entry, status: 'stale', nextAttemptAt: undefined, waitingFor: undefined }];
    return [entry];
  });
}

const optionalText = v.optional(v.string());
// Schemas of the functions the app's contract already uses (types/api.ts), so reading adds few bytes.
const entrySchema = v.object({
  id: v.string(),
  // Read by readOwner where it matters: an entry of an unknown owner is nobody's, not invalid.
  owner: v.optional(v.unknown()),
  createdAt: v.string(),
  registrationInput: v.optional(
    v.object({
      name: v.string(),
      idCard: v.string(),
      phone: optionalText,
    }),
  ),
  keptSince: optionalText,
  registrationId: optionalText,
  tubeCode: v.string(),
  collectedAt: v.string(),
  status: v.picklist(['pending', 'sending', 'sent', 'failed', 'stale', 'removed']),
  attempts: v.number(),
  lastError: optionalText,
  resultRegistrationId: optionalText,
  settledAt: optionalText,
  transientFailures: v.optional(v.number()),
  firstFailedAt: optionalText,
  nextAttemptAt: optionalText,
  waitingFor: v.optional(v.picklist(['network', 'server', 'session'])),
});

/**
 * The stored entries as settleQueue leaves them (and stored so, when it changed any: the person's data
 * leaves the phone when the app next looks, whoever is signed in), or null when storage cannot be
 * read. Unreadable or invalid entries are dropped, and an unsent one without its registration.
 */
export function readStoredQueue(): QueueEntry[] | null {
  const raw = readText('local', OFFLINE_QUEUE_KEY);
  if (raw === undefined) return null;
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    console.warn('待发送队列无法读取，已忽略');
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const entries = (parsed.filter((entry) => v.safeParse(entrySchema, entry).success) as QueueEntry[]).filter(
    (entry) => entry.status === 'sent' || entry.status === 'removed' || entry.registrationInput !== undefined,
  );
  if (entries.length < parsed.length)
    console.warn(`待发送队列中有 ${parsed.length - entries.length} 条记录格式不正确，已忽略`);
  const settled = settleQueue(entries);
  // Where storage refuses it, settled again at the next reading.
  if (JSON.stringify(settled) !== JSON.stringify(entries)) writeStoredQueue(settled);
  return settled;
}

/** Stores the entries (none: the key is removed); false when storage is unavailable or full. */
export function writeStoredQueue(entries: readonly QueueEntry[]): boolean {
  if (entries.length > 0) return writeStored('local', OFFLINE_QUEUE_KEY, entries);
  removeStored('local', OFFLINE_QUEUE_KEY);
  return true;
}
