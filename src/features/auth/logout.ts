import { loginOut } from '@/api/account/login-out';
import { clearSession } from '@/lib/session';
import { forgetProfile } from './profile';

/**
 * Ends the session: tells the server (LoginOut), then removes the token and audience locally. The
 * local session ends even when LoginOut fails (offline, timeout, token already expired): the user asked
 * to leave, and a stale token must not stay on a shared phone. The caller navigates to /login.
 */
export async function logout(): Promise<void> {
  try {
    await loginOut({ silent: true });
  } catch {
    // Nothing to tell the user: they are signed out on this device either way.
  } finally {
    clearSession();
    forgetProfile();
  }
}
