interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task so the browser can paint and handle a tap before the next piece of work.
 * Start-up on a slow phone is several hundred milliseconds of script; run as one task it blocks the
 * page the whole time (Lighthouse's Total Blocking Time), run as a few tasks it does not.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
