/**
 * Runs `run` once the browser is idle (at the latest after `timeoutMs`), for work that should not
 * compete with showing the page. requestIdleCallback is missing in iOS WebKit: a timer of `fallbackMs`
 * stands in for it there. Returns a function that cancels the call.
 */
export function whenIdle(run: () => void, { timeoutMs = 3000, fallbackMs = 1500 } = {}): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, fallbackMs);
  return () => window.clearTimeout(timer);
}
