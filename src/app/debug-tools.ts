/**
 * Spec §1 and §9: vConsole only outside production (dynamic import, so it never reaches a production
 * chunk), and the production debug guard: a paused debugger (> 50 ms, checked every 100 ms) sends
 * the tab to a blank page. The test build runs neither.
 */
export const DEBUG_PAUSE_THRESHOLD_MS = 50;
export const DEBUG_CHECK_INTERVAL_MS = 100;

export function startDebugTools(): void {
  if (import.meta.env.MODE !== 'production' && import.meta.env.VITE_VCONSOLE === 'true') {
    void import('vconsole').then(({ default: VConsole }) => new VConsole());
  }
  if (import.meta.env.MODE === 'production') startDebugGuard();
}

export function startDebugGuard(
  pause: () => void = debuggerPause,
  now: () => number = () => performance.now(),
): () => void {
  const timer = window.setInterval(() => {
    const before = now();
    pause();
    if (now() - before > DEBUG_PAUSE_THRESHOLD_MS) {
      window.clearInterval(timer);
      window.location.replace('about:blank');
    }
  }, DEBUG_CHECK_INTERVAL_MS);
  return () => window.clearInterval(timer);
}

function debuggerPause(): void {
  // eslint-disable-next-line no-debugger -- the guard measures how long this statement pauses
  debugger;
}
