import type { AppPath } from '@/config/paths';
import { yieldToMain } from '@/lib/yield-to-main';
import { PRELOAD_ROUTE_GLOBAL } from './boot/globals';

type Preloader = (path: string) => readonly string[];

/** The boot script's preloader, if index.html's boot script ran (not in development or tests). */
function bootPreloader(): Preloader | undefined {
  const preload = (window as Window & { [PRELOAD_ROUTE_GLOBAL]?: Preloader })[PRELOAD_ROUTE_GLOBAL];
  return typeof preload === 'function' ? preload : undefined;
}

/** Preloads a route's files through the boot script; false when there is no boot script. */
export function preloadRouteFiles(path: AppPath): boolean {
  const preload = bootPreloader();
  if (!preload) return false;
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
  for (const script of bootPreloader()?.(path) ?? []) {
    await import(/* @vite-ignore */ script);
    await yieldToMain();
  }
}
