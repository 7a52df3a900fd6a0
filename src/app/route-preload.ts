import type { AppPath } from '@/config/paths';
import { yieldToMain } from '@/lib/yield-to-main';
import { PRELOAD_ROUTE_GLOBAL } from './boot/globals';

type BootWindow = Window & { [PRELOAD_ROUTE_GLOBAL]?: (path: string) => readonly string[] };

/** Preloads a route's files through the boot script; false when there is no boot script. */
export function preloadRouteFiles(path: AppPath): boolean {
  const preload = (window as BootWindow)[PRELOAD_ROUTE_GLOBAL];
  if (typeof preload !== 'function') return false;
  preload(path);
  return true;
}

/**
 * Runs a route's scripts one task each before the page's own import: imported together, a page's
 * dozen chunks evaluate in one run of microtasks (14 to 40 ms here unthrottled, a long task on a slow
 * phone). Each chunk still evaluates in the order the page's import would have run it, and once only;
 * the downloads were started together (the preloader), so awaiting them in turn adds no round trip,
 * only a task switch per chunk (well under a millisecond with `scheduler.yield`, up to 4 ms where
 * setTimeout stands in for it). Without the boot script (development, tests), there is nothing to do.
 */
export async function evaluateRouteFiles(path: AppPath): Promise<void> {
  const preload = (window as BootWindow)[PRELOAD_ROUTE_GLOBAL];
  if (typeof preload !== 'function') return;
  for (const script of preload(path)) {
    await import(/* @vite-ignore */ script);
    await yieldToMain();
  }
}
