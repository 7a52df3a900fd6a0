import * as v from 'valibot';
import { OFFLINE_QUEUE_KEY } from '@/config/storage-keys';
import type { DateTimeString, Id, RegistrationInput } from '@/types/api';
import type { SessionOwner } from './session';

/**
 * The offline queue as stored in localStorage: the one reading of its format, for the queue's store
 * (features/offline-queue) and for device-data.ts (which counts and removes entries by owner). An
 * entry that does not match the schema (written by a bug, an old version or by hand) is dropped with a
 * console line, so it can neither break a page nor be sent.
 */
export type QueueEntryStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface QueueEntry {
  id: string;
  /** The staff account that queued it: only that account's session shows or sends it. */
  owner?: SessionOwner;
  /** When the entry was queued (ISO). */
  createdAt: DateTimeString;
  /** The ScreeningRegister/Submit body the form would have sent. */
  registrationInput: RegistrationInput;
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

const optionalText = v.optional(v.string());
// Schemas of the functions the app's contract already uses (types/api.ts), so reading adds few bytes.
const entrySchema = v.object({
  id: v.string(),
  // Read by readOwner where it matters: an entry of an unknown owner is nobody's, not invalid.
  owner: v.optional(v.unknown()),
  createdAt: v.string(),
  registrationInput: v.object({
    name: v.string(),
    idCard: v.string(),
    phone: optionalText,
  }),
  registrationId: optionalText,
  tubeCode: v.string(),
  collectedAt: v.string(),
  status: v.picklist(['pending', 'sending', 'sent', 'failed']),
  attempts: v.number(),
  lastError: optionalText,
  resultRegistrationId: optionalText,
  settledAt: optionalText,
  transientFailures: v.optional(v.number()),
  firstFailedAt: optionalText,
  nextAttemptAt: optionalText,
  waitingFor: v.optional(v.picklist(['network', 'server', 'session'])),
});

/** The stored entries, or null when storage cannot be read. Unreadable or invalid entries are dropped. */
export function readStoredQueue(): QueueEntry[] | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(OFFLINE_QUEUE_KEY);
  } catch {
    return null;
  }
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    console.warn('待发送队列无法读取，已忽略');
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const entries = parsed.filter((entry) => v.safeParse(entrySchema, entry).success) as QueueEntry[];
  if (entries.length < parsed.length)
    console.warn(`待发送队列中有 ${parsed.length - entries.length} 条记录格式不正确，已忽略`);
  return entries;
}

/** Stores the entries (none: the key is removed). Throws when storage is unavailable or full. */
export function writeStoredQueue(entries: readonly QueueEntry[]): void {
  if (entries.length === 0) localStorage.removeItem(OFFLINE_QUEUE_KEY);
  else localStorage.setItem(OFFLINE_QUEUE_KEY, JSON.stringify(entries));
}
