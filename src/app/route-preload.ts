import type { AppPath } from '@/config/paths';

/**
 * index.html's boot script (vite.config.ts, `bootScript`) knows the files each route's page needs
 * beyond the entry, and leaves a function under this name that adds low-priority preload links for
 * them, a few per task. The files are downloaded and compiled but not run, so preloading the pages a
 * user is likely to open next costs the main thread little (running their modules when idle took 12
 * to 45 ms at a time here). Absent in development, where index.html has no boot script.
 */
export const PRELOAD_ROUTE_GLOBAL = '__preloadRoute';

type BootWindow = Window & { [PRELOAD_ROUTE_GLOBAL]?: (path: string) => void };

/** Preloads a route's files through the boot script; false when there is no boot script. */
export function preloadRouteFiles(path: AppPath): boolean {
  const preload = (window as BootWindow)[PRELOAD_ROUTE_GLOBAL];
  if (typeof preload !== 'function') return false;
  preload(path);
  return true;
}
