import { loginOut } from '@/api/account/login-out';
import { paths, withQuery } from '@/config/paths';
import { forgetReportSearch } from '@/features/reports';
import { reloadApp, wipePersonalData } from '@/lib/device-data';
import { clearSession, getSessionOwner, recordCheckSignOut } from '@/lib/session';
import { SIGNED_OUT_PARAM, type CheckSignOutReason } from './signed-out';

/**
 * Ends the session: tells the server (LoginOut), then removes the token, the owner and the personal data
 * this device keeps for the account (its drafts and queued registrations, downloads; lib/device-data);
 * other accounts' unsent work on the phone stays theirs. The local session ends even when LoginOut
 * fails (offline, timeout, token already expired): the user asked to leave, and a stale token must not
 * stay on a shared phone. The caller reloads the app at /login (reloadApp), so nothing of the account
 * stays in memory either (kept-alive pages, stores).
 */
export async function logout(): Promise<void> {
  // Read first: a LoginOut answered with 401 ends the session before this function does.
  const owner = getSessionOwner();
  try {
    await loginOut({ silent: true });
  } catch {
    // Nothing to tell the user: they are signed out on this device either way.
  } finally {
    clearSession();
    wipePersonalData(owner);
  }
}

/**
 * Locks a staff session left idle on a shared phone (app/check-idle-timeout.ts): the token goes, as
 * after a 401, and so does the report search (the ID number last looked up); the account's work and
 * data stay on the phone for its next sign-in (its draft, its queue, under its name:
 * lib/device-data.ts), where it finds them as it left them. A full load of /login with the page to
 * return to: nothing of the session stays in memory for whoever picks the phone up, and any other
 * account signing in there gets none of it.
 */
export function lockStaffSession(here: string): void {
  forgetReportSearch('work');
  clearSession();
  reloadApp(withQuery(paths.login, { [SIGNED_OUT_PARAM]: 'idle', redirect: here }));
}

/**
 * Ends a check user's session (退出, or idle on a shared phone: app/check-idle-timeout.ts) as logout
 * does, which removes their draft, then loads /callback afresh, where the next person re-enters
 * through WeChat with a tap (recordCheckSignOut: nothing in this tab signs the account back in on its
 * own). A full load: nothing of this person stays in memory (kept-alive pages, the form).
 */
export async function signOutCheckUser(reason: CheckSignOutReason): Promise<void> {
  recordCheckSignOut(reason);
  await logout();
  reloadApp(withQuery(paths.callback, { [SIGNED_OUT_PARAM]: reason }));
}
