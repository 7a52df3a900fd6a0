import * as v from 'valibot';
import { KEPT_LOCAL_KEYS, KEPT_SESSION_KEYS, OFFLINE_QUEUE_KEY } from '@/config/storage-keys';
import { appUrl } from '@/lib/app-url';
import { getSessionOwner, readOwner, sameOwner, setSessionOwner, type SessionOwner } from '@/lib/session';
import { isSharedPhone, SHARED_PHONE_KEY } from '@/lib/shared-phone';
import { isUnsent, readStoredQueue, writeStoredQueue, type QueueEntry } from '@/lib/stored-queue';
import {
  readStored,
  readText,
  removeStored,
  storedKeys,
  writeStored,
  writeText,
  type StorageArea,
} from '@/lib/storage';
import { getToken, setToken } from '@/lib/token';
import { countPersistedDrafts, persistedStorageKey } from '@/lib/use-persistent-state';

export { isSharedPhone };

/**
 * Personal data on a shared phone (one localStorage for every webview; a sessionStorage per tab), in
 * two kinds.
 *
 * - An account's unsent work: its queued registrations (each entry names its owner) and its
 *   registration form draft and hidden server drafts (under keys naming the account). Only a session
 *   of that account shows or sends it; another account's sign-in never removes it (but for check
 *   users' drafts on a shared phone, below), its own sign-out does. Work whose owner is unknown (queued or typed before owners were recorded) is nobody's: no one
 *   sees or sends it, and the login page names it and removes it after a confirmation.
 * - Everything else (download records, report criteria, other drafts) belongs to the account that last
 *   signed in on the device (the data owner): removed at sign-out, and when a different account or
 *   group signs in; the same account signing in again (after its session expired) keeps it.
 *
 * A phone on which a staff account has signed in is a shared phone (remembered for good: it is handed
 * to the people being screened, who all sign in with its one WeChat, so they share one check-user
 * account). There a check user's work (the self-registration draft) lives only as long as the session
 * that wrote it: a staff sign-in or sign-out removes every check user's work, and so does a check-user
 * sign-in, unless it is the same account signing in again in the tab whose session expired (a 401:
 * nothing typed is lost); such a fresh check-user sign-in also removes the last person's other data,
 * as another account's would. The check user's session itself ends after CHECK_USER_IDLE_TIMEOUT_MS
 * without a touch (app/check-idle-timeout.ts) or on 退出 (features/auth/logout.ts). On a person's own
 * phone (no staff ever signed in) none of this applies.
 *
 * Only the keys listed in config/storage-keys.ts and this module's marks (the data owner, the shared
 * phone) survive both; none holds personal data. The app keeps nothing in IndexedDB or
 * Cache Storage. The offline queue's entries are the queue store's (features/offline-queue); this
 * module only counts them and removes them by owner, reading the stored list as the store does
 * (lib/stored-queue.ts).
 *
 * API
 * - claimDeviceData(owner) → boolean    at sign-in; true when another owner's data was removed
 * - wipePersonalData(owner)             at sign-out (the session too); other accounts' work stays
 * - signOutDraftCount(owner)            the account's drafts that sign-out removes
 * - isSharedPhone()                     whether a staff account has ever signed in on this phone
 * - workOnPhone() / removeOwnerlessWork()   what the login page names
 * - keepOnSignOut(key)       the demo backend's own data (the pretend server) is not the app's
 * - reloadApp(path)          a full page load at `path`, so nothing of the last account stays in memory
 */
const OWNER_KEY = 'device-data-owner';
/**
 * The check-user account whose session this tab holds or held (sessionStorage: gone with the webview and
 * at sign-out, kept when only the token expires), so that its re-sign-in keeps its draft.
 */
const CHECK_TAB_KEY = 'check-session-tab';

const keptLocal = new Set<string>([...Object.values(KEPT_LOCAL_KEYS), OWNER_KEY, SHARED_PHONE_KEY]);
const keptSession = new Set<string>(Object.values(KEPT_SESSION_KEYS));

/** A localStorage key that is not the app's personal data and must survive sign-out (the demo backend's data). */
export function keepOnSignOut(key: string): void {
  keptLocal.add(key);
}

const WORK_KEY_BASES = [persistedStorageKey('registration'), 'hidden-server-drafts'];
/** Registration drafts kept before owners were recorded, one per group. */
const OWNERLESS_DRAFT_KEYS = new Set([
  persistedStorageKey('registration:work'),
  persistedStorageKey('registration:check'),
]);

/**
 * Whose work a localStorage key holds: an owner, 'nobody' for work kept before owners were recorded,
 * 'mixed' for the queue (its entries name their owners), or null when the key is not work.
 */
function workOwnerOfKey(key: string): SessionOwner | 'nobody' | 'mixed' | null {
  if (key === OFFLINE_QUEUE_KEY) return 'mixed';
  if (OWNERLESS_DRAFT_KEYS.has(key)) return 'nobody';
  for (const base of WORK_KEY_BASES) {
    if (!key.startsWith(`${base}:`)) continue;
    const [audience, ...account] = key.slice(base.length + 1).split(':');
    const owner = readOwner({ audience, account: account.join(':') });
    if (owner) return owner;
  }
  return null;
}

function removeKeys(area: StorageArea, remove: (key: string) => boolean): void {
  for (const key of storedKeys(area)) if (remove(key)) removeStored(area, key);
}

/**
 * Removes every check-user account's registration draft and hidden server drafts (never the queue:
 * a queued registration is sent under its account, whoever holds the phone).
 */
function removeCheckUserWork(): void {
  removeKeys('local', (key) => {
    const owner = workOwnerOfKey(key);
    return typeof owner === 'object' && owner !== null && owner.audience === 'check';
  });
}

function readQueue(): QueueEntry[] {
  return readStoredQueue() ?? [];
}

/** Removes the queued entries `remove` picks (the rest are written back as they were). */
function removeQueued(remove: (owner: SessionOwner | null) => boolean): void {
  const entries = readQueue();
  const kept = entries.filter((entry) => !remove(readOwner(entry.owner)));
  if (kept.length < entries.length) writeStoredQueue(kept);
}

/** An owner as readOwner reads one (the one rule of what an owner is). */
const ownerSchema = v.custom<SessionOwner>((value) => readOwner(value) !== null);

function readDataOwner(): SessionOwner | null {
  const owner = readStored('local', OWNER_KEY, ownerSchema);
  return owner ? readOwner(owner) : null;
}

/**
 * Sign-out of `owner` (null: a session whose account is unknown): its work, the data of the device's
 * last account and the session. Other accounts' work and work nobody owns stay.
 */
export function wipePersonalData(owner: SessionOwner | null): void {
  const own = (keyOwner: SessionOwner | null) =>
    owner !== null && keyOwner !== null && sameOwner(keyOwner, owner);
  removeKeys('local', (key) => {
    if (keptLocal.has(key)) return false;
    const keyOwner = workOwnerOfKey(key);
    return keyOwner === null || (typeof keyOwner === 'object' && own(keyOwner));
  });
  // A staff sign-out also ends what screened people typed on the (shared) phone.
  if (owner?.audience === 'work') removeCheckUserWork();
  removeQueued(own);
  removeKeys('session', (key) => !keptSession.has(key));
  removeStored('local', OWNER_KEY);
}

/**
 * How many of the account's drafts wipePersonalData(owner) removes: all but other accounts' and nobody's
 * work (a staff sign-out removes check users' drafts too, which are not the staff member's to count).
 */
export function signOutDraftCount(owner: SessionOwner | null): number {
  return countPersistedDrafts((key) => {
    const keyOwner = workOwnerOfKey(persistedStorageKey(key));
    return (
      keyOwner === null || (typeof keyOwner === 'object' && owner !== null && sameOwner(keyOwner, owner))
    );
  });
}

/**
 * Sign-in: makes this account the device's data owner. The data of another account or group that is not
 * work (downloads, report criteria, other drafts) is removed first; work stays with its owner, and the
 * session just started (the WeChat sign-in claims after its token is stored) stays. A staff sign-in
 * marks the phone shared. On a shared phone check users' work is removed, and a check user signing in
 * afresh (not in the tab of their expired session) is another person: the last one's data goes too,
 * though the account is the same (see the top of this file).
 * True when another person's data was removed: the caller then loads the app afresh.
 */
export function claimDeviceData(owner: SessionOwner): boolean {
  // Where storage refuses these marks, nothing personal is kept either.
  if (owner.audience === 'work') writeText('local', SHARED_PHONE_KEY, '1');
  const resumed = owner.audience === 'check' && readText('session', CHECK_TAB_KEY) === owner.account;
  if (isSharedPhone() && !resumed) removeCheckUserWork();
  const replaced = claimOthersData(owner, owner.audience === 'check' && isSharedPhone() && !resumed);
  if (owner.audience === 'check') writeText('session', CHECK_TAB_KEY, owner.account);
  return replaced;
}

/**
 * Removes the data (not work) of the device's last account when it is not `owner`, or whoever's it is
 * when `newPerson`; true when it did.
 */
function claimOthersData(owner: SessionOwner, newPerson: boolean): boolean {
  const current = readDataOwner();
  writeStored('local', OWNER_KEY, { audience: owner.audience, account: owner.account });
  // No owner recorded: a fresh phone, a sign-out (which removed everything but work), or data written
  // before owners were recorded, which is adopted rather than lost to the first sign-in after an update.
  if (!newPerson && (current === null || sameOwner(current, owner))) return false;
  const token = getToken();
  const session = getSessionOwner();
  removeKeys('local', (key) => !keptLocal.has(key) && workOwnerOfKey(key) === null);
  removeKeys('session', (key) => !keptSession.has(key));
  if (token) setToken(token);
  if (session) setSessionOwner(session);
  return true;
}

/** Unsent work on this phone that the login page names. */
export interface WorkOnPhone {
  /** Queued registrations not yet sent, by staff account (the login name). */
  unsentByAccount: ReadonlyMap<string, number>;
  /** Queued registrations not yet sent and registration drafts whose owner is unknown. */
  ownerless: number;
}

export function workOnPhone(): WorkOnPhone {
  const unsentByAccount = new Map<string, number>();
  let ownerless = 0;
  for (const entry of readQueue().filter(isUnsent)) {
    const owner = readOwner(entry.owner);
    if (!owner) ownerless += 1;
    else if (owner.audience === 'work')
      unsentByAccount.set(owner.account, (unsentByAccount.get(owner.account) ?? 0) + 1);
  }
  ownerless += countPersistedDrafts((key) => OWNERLESS_DRAFT_KEYS.has(persistedStorageKey(key)));
  return { unsentByAccount, ownerless };
}

/** Removes the work nobody owns (the login page asks first). */
export function removeOwnerlessWork(): void {
  removeQueued((owner) => owner === null);
  removeKeys('local', (key) => workOwnerOfKey(key) === 'nobody');
}

/** A full page load at an app path (under the public base), leaving nothing of this page in memory. */
export function reloadApp(path: string): void {
  window.location.replace(appUrl(path));
}
