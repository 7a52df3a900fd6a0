import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_USER_IDLE_TIMEOUT_MS, installIdleTimeout } from '@/app/check-idle-timeout';
import type { AppRouter } from '@/app/router';
import { config } from '@/config/env';
import { claimDeviceData } from '@/lib/device-data';
import { setSessionOwner, type SessionOwner } from '@/lib/session';
import { setToken } from '@/lib/token';

const signOutCheckUser = vi.hoisted(() => vi.fn<(reason: string) => Promise<void>>());
const lockStaffSession = vi.hoisted(() => vi.fn<(here: string) => void>());
vi.mock('@/features/auth', () => ({ lockStaffSession, signOutCheckUser }));

/** The page the staff member was on when the session locked. */
const router = { state: { location: { pathname: '/infoEnter', search: '?from=home' } } } as AppRouter;

const STAFF: SessionOwner = { audience: 'work', account: 'admin' };
const CHECK: SessionOwner = { audience: 'check', account: '3' };
const MINUTE = 60 * 1000;
const STAFF_LOCK_MS = config.staffIdleLockMs ?? Number.NaN;

/** Lets the timer's dynamic imports settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeAll(() => {
  vi.useFakeTimers();
  // Listeners on the document, one timer: installed once, as main.tsx does.
  installIdleTimeout(router);
});

afterAll(() => {
  vi.useRealTimers();
});

beforeEach(async () => {
  signOutCheckUser.mockClear();
  lockStaffSession.mockClear();
  // A touch starts each case afresh.
  document.dispatchEvent(new Event('pointerdown'));
  await vi.advanceTimersByTimeAsync(STAFF_LOCK_MS);
});

function session(phoneShared: boolean, owner: SessionOwner) {
  localStorage.clear();
  sessionStorage.clear();
  if (phoneShared) claimDeviceData(STAFF);
  setToken('token');
  setSessionOwner(owner);
  document.dispatchEvent(new Event('pointerdown'));
}

describe('the check user’s idle timeout', () => {
  it('is 5 minutes', () => {
    expect(CHECK_USER_IDLE_TIMEOUT_MS).toBe(5 * MINUTE);
  });

  it.each([
    // [phone, session, signed out after the idle minutes]
    ['a shared phone', CHECK, true],
    ['a person’s own phone', CHECK, false],
    ['a shared phone', STAFF, false],
  ] as const)('on %s, a %j session idle for 5 minutes → signed out: %s', async (phone, owner, out) => {
    session(phone === 'a shared phone', owner);
    await vi.advanceTimersByTimeAsync(CHECK_USER_IDLE_TIMEOUT_MS - 1000);
    await settle();
    expect(signOutCheckUser).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(signOutCheckUser.mock.calls).toEqual(out ? [['idle']] : []);
  });

  it('a staff session on a shared phone locks after its own idle time (15 minutes), back to the page it was on', async () => {
    expect(STAFF_LOCK_MS).toBe(15 * MINUTE);
    session(true, STAFF);
    await vi.advanceTimersByTimeAsync(STAFF_LOCK_MS - 1000);
    await settle();
    expect(lockStaffSession).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(lockStaffSession.mock.calls).toEqual([['/infoEnter?from=home']]);
    expect(signOutCheckUser).not.toHaveBeenCalled();
    // Kept for the page the lock loads, which ends the session on the server (LoginOut): the lock
    // itself waits for no answer.
    expect(sessionStorage.getItem('idle-locked-token')).toBe('token');
  });

  it('a touch restarts a staff session’s idle time', async () => {
    session(true, STAFF);
    await vi.advanceTimersByTimeAsync(14 * MINUTE);
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(14 * MINUTE);
    await settle();
    expect(lockStaffSession).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(MINUTE);
    await settle();
    expect(lockStaffSession).toHaveBeenCalledTimes(1);
  });

  it.each(['pointerdown', 'touchstart', 'keydown', 'input', 'scroll'])(
    'a %s restarts the 5 minutes',
    async (type) => {
      session(true, CHECK);
      await vi.advanceTimersByTimeAsync(4 * MINUTE);
      document.body.dispatchEvent(new Event(type, { bubbles: type !== 'scroll' }));
      await vi.advanceTimersByTimeAsync(4 * MINUTE);
      await settle();
      expect(signOutCheckUser).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(MINUTE);
      await settle();
      expect(signOutCheckUser).toHaveBeenCalledWith('idle');
    },
  );

  it('a webview brought back after its timers did not run is checked at once', async () => {
    session(true, CHECK);
    // In the background: the clock moves on, the timer does not fire.
    vi.setSystemTime(Date.now() + 6 * MINUTE);
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(signOutCheckUser).toHaveBeenCalledWith('idle');
  });
});
