import { KEPT_LOCAL_KEYS, KEPT_SESSION_KEYS, OFFLINE_QUEUE_KEY } from '@/config/storage-keys';
import type { UserAudience } from '@/config/audience';
import { appUrl } from '@/lib/app-url';
import { getSessionAudience, setSessionAudience } from '@/lib/session';
import { getToken, setToken } from '@/lib/token';

/**
 * Personal data on a shared phone. Drafts, the offline queue, download records and report criteria
 * belong to the account that signed in when they were written (the device's data owner). They are
 * removed when that account signs out, and when a different account or group signs in; the same
 * account signing in again (after its session expired) keeps everything. Only the keys listed in
 * config/storage-keys.ts survive. The app keeps nothing in IndexedDB or Cache Storage.
 *
 * API
 * - claimDeviceData(audience, account, label?) → boolean   at sign-in; true when another owner's data was removed
 * - wipePersonalData()                                      at sign-out (the session too)
 * - keepOnSignOut(key)       the demo backend's own data (the pretend server) is not the app's
 * - readDataOwner() → DataOwner | null
 * - unsentQueueCount() → number     registrations and bindings on this device not yet sent
 * - reloadApp(path)                 a full page load at `path`, so nothing of the last account stays in memory
 */
export interface DataOwner {
  audience: UserAudience;
  /** Staff: the account name (lower case); check users: the profile id. */
  account: string;
  /** What to call the owner on the login page (the staff account name); none for check users. */
  label?: string;
}

const OWNER_KEY = 'device-data-owner';

const keptLocal = new Set<string>([...Object.values(KEPT_LOCAL_KEYS), OWNER_KEY]);
const keptSession = new Set<string>(Object.values(KEPT_SESSION_KEYS));

/** A localStorage key that is not the app's personal data and must survive sign-out (the demo backend's data). */
export function keepOnSignOut(key: string): void {
  keptLocal.add(key);
}

function removeAllBut(storage: Storage, kept: ReadonlySet<string>): void {
  try {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    for (const key of keys) if (key !== null && !kept.has(key)) storage.removeItem(key);
  } catch {
    // storage unavailable: nothing was kept there either
  }
}

export function readDataOwner(): DataOwner | null {
  try {
    const raw = localStorage.getItem(OWNER_KEY);
    const owner = raw ? (JSON.parse(raw) as Partial<DataOwner>) : null;
    return owner &&
      (owner.audience === 'work' || owner.audience === 'check') &&
      typeof owner.account === 'string'
      ? (owner as DataOwner)
      : null;
  } catch {
    return null;
  }
}

function writeDataOwner(owner: DataOwner): void {
  try {
    localStorage.setItem(OWNER_KEY, JSON.stringify(owner));
  } catch {
    // storage unavailable: nothing personal can be kept either
  }
}

/** Sign-out: every personal or per-account key in both storages, the session and the owner record. */
export function wipePersonalData(): void {
  removeAllBut(localStorage, keptLocal);
  removeAllBut(sessionStorage, keptSession);
  try {
    localStorage.removeItem(OWNER_KEY);
  } catch {
    // storage unavailable
  }
}

/**
 * Sign-in: makes this account the owner of what the device keeps. Data of another account or group is
 * removed first (the new session's token stays). `account` null means the account could not be told
 * (its profile did not load): data of the same group is kept, data of the other group removed.
 * True when data was removed: the caller then loads the app afresh.
 */
export function claimDeviceData(audience: UserAudience, account: string | null, label?: string): boolean {
  const current = readDataOwner();
  // No owner recorded: a fresh phone, a sign-out (which removed everything), or data written before
  // owners were recorded. The last is adopted rather than lost to the first sign-in after an update.
  const same =
    current === null || (current.audience === audience && (account === null || current.account === account));
  if (same) {
    if (account !== null) writeDataOwner({ audience, account, label });
    return false;
  }
  // The session just started (the WeChat sign-in claims after its token is stored) stays.
  const token = getToken();
  const sessionAudience = getSessionAudience();
  removeAllBut(localStorage, keptLocal);
  removeAllBut(sessionStorage, keptSession);
  if (token) setToken(token);
  if (sessionAudience) setSessionAudience(sessionAudience);
  if (account !== null) writeDataOwner({ audience, account, label });
  else localStorage.removeItem(OWNER_KEY);
  return true;
}

/** Queued registrations and bindings not yet sent (waiting, being sent, or failed). */
export function unsentQueueCount(): number {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(OFFLINE_QUEUE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return 0;
    return parsed.filter((entry: { status?: unknown }) => entry?.status !== 'sent').length;
  } catch {
    return 0;
  }
}

/** A full page load at an app path (under the public base), leaving nothing of this page in memory. */
export function reloadApp(path: string): void {
  window.location.replace(appUrl(path));
}
