import { homePathFor, type UserAudience } from '@/config/audience';
import { KEPT_SESSION_KEYS } from '@/config/storage-keys';
import { readText, removeStored, STORAGE_REFUSED_MESSAGE, writeText } from '@/lib/storage';
import { getToken, removeToken } from '@/lib/token';

/**
 * Who the current session is, per tab like the token: the group (a lost session, HTTP 401, sends a work
 * user to /login and a check user back through WeChat authorization) and the account, which owns the
 * work the tab stores (queued registrations, registration drafts: lib/device-data.ts).
 */
const AUDIENCE_KEY = 'session-audience';
const ACCOUNT_KEY = 'session-account';

/** The account a session belongs to, and the owner of the work stored under it. */
export interface SessionOwner {
  audience: UserAudience;
  /** Staff: the login name, lower case; check users: the profile id. */
  account: string;
}

/** `value` as an owner, or null when it is not one (missing, or written by something else). */
export function readOwner(value: unknown): SessionOwner | null {
  if (typeof value !== 'object' || value === null) return null;
  const { audience, account } = value as Partial<SessionOwner>;
  return (audience === 'work' || audience === 'check') && typeof account === 'string' && account !== ''
    ? { audience, account }
    : null;
}

export function sameOwner(a: SessionOwner, b: SessionOwner): boolean {
  return a.audience === b.audience && a.account === b.account;
}

export function getSessionAudience(): UserAudience | null {
  const value = readText('session', AUDIENCE_KEY);
  return value === 'work' || value === 'check' ? value : null;
}

/**
 * The signed-in account of this tab, or null without a complete session (no token, or a session
 * started before accounts were recorded: it signs in again).
 */
export function getSessionOwner(): SessionOwner | null {
  if (!getToken()) return null;
  return readOwner({ audience: getSessionAudience(), account: readText('session', ACCOUNT_KEY) });
}

/** What requireSessionOwner throws with: one of the app's own messages, which error reports may carry. */
export const SIGNED_IN_ACCOUNT_REQUIRED = 'This page needs a signed-in account';

/** The signed-in account of a page that only a group opens (its route's loader let no one in without one). */
export function requireSessionOwner(): SessionOwner {
  const owner = getSessionOwner();
  if (!owner) throw new Error(SIGNED_IN_ACCOUNT_REQUIRED);
  return owner;
}

/** The signed-in group's home page. */
export function sessionHomePath(): string {
  return homePathFor(getSessionAudience());
}

/** Records whose session the tab's token is (set with the token, at sign-in); throws when it cannot. */
export function setSessionOwner(owner: SessionOwner): void {
  const kept =
    writeText('session', AUDIENCE_KEY, owner.audience) && writeText('session', ACCOUNT_KEY, owner.account);
  if (!kept) throw new Error(STORAGE_REFUSED_MESSAGE);
  allowWeChatSignIn();
}

/** Why a check user's session ended: 退出, or idle on a shared phone (app/check-idle-timeout.ts). */
export type CheckSignOutReason = 'asked' | 'idle';
const CHECK_SIGNED_OUT_KEY = KEPT_SESSION_KEYS.checkSignedOut;

/**
 * A check user's session ended in this tab: WeChat's silent authorization would sign the same account
 * straight back in (Back, a reload, a link), the next person on a shared phone included. Until a new
 * session starts here (setSessionOwner) or the person taps to enter again (allowWeChatSignIn), no
 * WeChat sign-in starts on its own: index.html's first script, the route guard and /callback show the
 * re-entry page instead (checkSignedOut).
 */
export function recordCheckSignOut(reason: CheckSignOutReason): void {
  // Where storage refuses it, the page loaded next (/callback?signedOut=…) still asks for the tap.
  writeText('session', CHECK_SIGNED_OUT_KEY, reason);
}

/** Why a check user signed out in this tab, while the next WeChat sign-in waits for a tap; else null. */
export function checkSignedOut(): CheckSignOutReason | null {
  const reason = readText('session', CHECK_SIGNED_OUT_KEY);
  return reason === 'asked' || reason === 'idle' ? reason : null;
}

/** The person tapped to enter through WeChat (or a session started): sign-ins go on as usual. */
export function allowWeChatSignIn(): void {
  removeStored('session', CHECK_SIGNED_OUT_KEY);
}

/**
 * Ends the local session: token and owner. What was kept for it in memory goes with the token (its
 * answers: lib/query-client.ts; a downloaded file: lib/file-download.ts).
 */
export function clearSession(): void {
  removeToken();
  removeStored('session', AUDIENCE_KEY);
  removeStored('session', ACCOUNT_KEY);
}
