import { getSessionOwner } from '@/lib/session';

/**
 * How long a check user's session on a shared phone (lib/device-data.ts) lasts without a touch or a
 * key press: time to read a page or find an ID card, short enough that the next person handed the
 * phone does not find the last one still signed in, with what they typed.
 */
export const CHECK_USER_IDLE_TIMEOUT_MS = 5 * 60 * 1000;

/** What counts as the person still using the page (an IME may type without keydown: `input`). */
const ACTIVITY_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'input', 'scroll'] as const;

/**
 * Ends a check user's session on a shared phone after CHECK_USER_IDLE_TIMEOUT_MS without activity in
 * this tab (features/auth signOutCheckUser: their draft is removed and the next person re-enters
 * through WeChat). Staff sessions and a person's own phone are left alone. A page load counts as
 * activity; a webview brought back after a long time in the background is checked at once (its timers
 * may not have run).
 */
export function installCheckIdleTimeout(): void {
  let last = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ending = false;

  const schedule = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(check, delay);
  };

  const restart = () => {
    last = Date.now();
    schedule(CHECK_USER_IDLE_TIMEOUT_MS);
  };

  const endIfShared = async () => {
    // Loaded only now: the sign-out and the device's rules stay out of the entry.
    const [{ isSharedPhone }, { signOutCheckUser }] = await Promise.all([
      import('@/lib/device-data'),
      import('@/features/auth'),
    ]);
    if (isSharedPhone() && getSessionOwner()?.audience === 'check') await signOutCheckUser('idle');
  };

  function check() {
    if (ending) return;
    const idle = Date.now() - last;
    if (idle < CHECK_USER_IDLE_TIMEOUT_MS) schedule(CHECK_USER_IDLE_TIMEOUT_MS - idle);
    else if (getSessionOwner()?.audience !== 'check') restart();
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
  schedule(CHECK_USER_IDLE_TIMEOUT_MS);
}
