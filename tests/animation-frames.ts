/**
 * Animation frames that fake timers cannot take away. jsdom runs every requestAnimationFrame callback
 * from one interval, started through the global setInterval when the first callback is queued and
 * stopped when none is left. Queued while a test had fake timers on, that interval was the fake
 * clock's and vanished with vi.useRealTimers(); the callback stayed queued, so jsdom never started
 * another, and no frame ran again in the worker (its files share one window, vite.config.ts): antd-mobile's
 * animations then never ended (a closed dialog stayed in the page for every later test of the worker),
 * and the PDF viewer, which measures in a frame, never measured. antd-mobile's motion is off in unit
 * tests now (tests/setup.ts); the app's own frames still need this.
 *
 * Listed before tests/setup.ts in setupFiles, so it is installed before antd-mobile first loads.
 */

const FRAME_MS = 1000 / 60;

function installAnimationFrames(setTimer: typeof setTimeout, clearTimer: typeof clearTimeout): void {
  const callbacks = new Map<number, FrameRequestCallback>();
  let lastHandle = 0;
  let tick: ReturnType<typeof setTimeout> | undefined;

  function runFrame(): void {
    tick = undefined;
    const now = performance.now();
    // The callbacks queued so far; one they queue schedules the next frame, as in a browser.
    const due = [...callbacks.values()];
    callbacks.clear();
    for (const callback of due) {
      try {
        callback(now);
      } catch (error) {
        // Reported as jsdom would, without keeping the other callbacks of the frame from running.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  window.requestAnimationFrame = (callback: FrameRequestCallback): number => {
    lastHandle += 1;
    callbacks.set(lastHandle, callback);
    tick ??= setTimer(runFrame, FRAME_MS);
    return lastHandle;
  };
  window.cancelAnimationFrame = (handle: number): void => {
    callbacks.delete(handle);
    if (callbacks.size === 0 && tick !== undefined) {
      clearTimer(tick);
      tick = undefined;
    }
  };
}

// The files of a worker share its window and run this file again: install once, before any test can
// fake the timers it keeps.
const INSTALLED = Symbol.for('tests/animation-frames.ts: installed');
const scope = globalThis as { [INSTALLED]?: true };
if (!scope[INSTALLED]) {
  scope[INSTALLED] = true;
  installAnimationFrames(setTimeout, clearTimeout);
}
