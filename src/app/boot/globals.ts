/**
 * index.html's boot script (vite.config.ts, `bootScript`) knows the files each route's page needs
 * beyond the entry, and leaves a function under this name that adds low-priority preload links for
 * them (each file once), a few per task, and returns the route's scripts in the order they evaluate
 * in (dependencies first, the page's own chunk last). The files are downloaded and compiled but not
 * run, so preloading the pages a user is likely to open next costs the main thread little (running
 * their modules when idle took 12 to 45 ms at a time here). Absent in development, where index.html
 * has no boot script. The app's side is src/app/route-preload.ts.
 *
 * A module without imports: vite.config.ts reads it.
 */
export const PRELOAD_ROUTE_GLOBAL = '__preloadRoute';
