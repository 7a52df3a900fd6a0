import { config } from '@/config/env';
import { getSessionOwner } from '@/lib/session';
import { readText, removeStored, writeText } from '@/lib/storage';
import { getToken } from '@/lib/token';
import type { AppRouter } from './router';

/**
 * How long a check user's session on a shared phone (lib/device-data.ts) lasts without a touch or a
 * key press: time to read a page or find an ID card, short enough that the next person handed the
 * phone does not find the last one still signed in, with what they typed.
 */
export const CHECK_USER_IDLE_TIMEOUT_MS = 5 * 60 * 1000;

/** What counts as the person still using the page (an IME may type without keydown: `input`). */
const ACTIVITY_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'input', 'scroll'] as const;

/** How often the timer looks: within the shorter of the two idle times. */
const CHECK_EVERY_MS = Math.min(CHECK_USER_IDLE_TIMEOUT_MS, config.staffIdleLockMs ?? Infinity);

/**
 * The token of a staff session the idle lock ended, kept for the one load the lock starts: that page
 * tells the server (endLockedSession), so the lock itself waits for no answer.
 */
const LOCKED_TOKEN_KEY = 'idle-locked-token';

/**
 * Ends the locked session on the server (LoginOut with its token), once and silently: best effort,
 * never waited for. A 401 (the token had expired) changes nothing: no session is signed in here.
 */
function endLockedSession(): void {
  const token = readText('session', LOCKED_TOKEN_KEY);
  if (!token) return;
  removeStored('session', LOCKED_TOKEN_KEY);
  void import('@/api/account/login-out')
    .then(({ loginOut }) => loginOut({ token, silent: true }))
    .catch(() => undefined);
}

/** Where storage refuses it, the session ends here only, as a webview closing ends it. */
function keepLockedToken(token: string | null): void {
  if (token) writeText('session', LOCKED_TOKEN_KEY, token);
}

/** How long the tab's session may stay idle, or null when it never ends for it (no session, switched off). */
function idleLimitMs(): number | null {
  const audience = getSessionOwner()?.audience;
  if (audience === 'check') return CHECK_USER_IDLE_TIMEOUT_MS;
  if (audience === 'work') return config.staffIdleLockMs;
  return null;
}

/**
 * Ends a session on a shared phone after its idle time without activity in this tab: a check user's
 * after CHECK_USER_IDLE_TIMEOUT_MS (features/auth signOutCheckUser: their draft is removed and the next
 * person re-enters through WeChat), a staff session's after config.staffIdleLockMs
 * (VITE_STAFF_IDLE_LOCK_MINUTES; lockStaffSession: she signs in again and finds her work as she left
 * it; the server is told on the page the lock loads: endLockedSession). A person's own phone is left
 * alone. A page load counts as activity; a webview brought back after a long time in the background is
 * checked at once (its timers may not have run).
 */
export function installIdleTimeout(router: AppRouter): void {
  endLockedSession();
  let last = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ending = false;

  const schedule = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(check, delay);
  };

  const restart = () => {
    last = Date.now();
    schedule(CHECK_EVERY_MS);
  };

  const endIfShared = async () => {
    // Loaded only now: the sign-out and the device's rules stay out of the entry.
    const [{ isSharedPhone }, { lockStaffSession, signOutCheckUser }] = await Promise.all([
      import('@/lib/device-data'),
      import('@/features/auth'),
    ]);
    if (!isSharedPhone()) return;
    const audience = getSessionOwner()?.audience;
    if (audience === 'check') await signOutCheckUser('idle');
    else if (audience === 'work') {
      const { pathname, search } = router.state.location;
      keepLockedToken(getToken());
      lockStaffSession(`${pathname}${search}`);
    }
  };

  function check() {
    if (ending) return;
    const limit = idleLimitMs();
    const idle = Date.now() - last;
    if (limit === null) restart();
    // A sign-in in this tab may change the limit before the next look: never wait past the shorter one.
    else if (idle < limit) schedule(Math.min(limit - idle, CHECK_EVERY_MS));
    else {
      ending = true;
      // The sign-out loads another page; should its code not load, the next idle period tries again.
      void endIfShared()
        .catch(() => undefined)
        .finally(() => {
          ending = false;
          restart();
        });
    }
  }

  const touch = () => {
    last = Date.now();
  };
  for (const type of ACTIVITY_EVENTS)
    document.addEventListener(type, touch, { capture: true, passive: true });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  schedule(CHECK_EVERY_MS);
}
