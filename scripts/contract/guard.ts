/** A reason not to run at all (exit code 2). */
export class Refusal extends Error {}

/**
 * Paths that change data on the server, by their last segment. Case-insensitive, as the server's routing
 * is (.NET: …/ScreeningRegister/add is Add), and with any trailing slash.
 */
const WRITES =
  /\/(add|submit|bind\w*|update\w*|read\w*|login\w*|delete\w*|remove\w*|generatewechatsignature)\/*$/i;

/** The path as the server routes it: no query, percent-escapes decoded (%41dd is Add). */
function routedPath(path: string): string {
  const { pathname } = new URL(path, 'http://path.invalid');
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * The write guard: a path that changes data is refused unless this run may write it (`mayWrite`, the
 * staging journey's calls, as the app spells them).
 */
export function mayCall(path: string, mayWrite: ReadonlySet<string>): void {
  if (WRITES.test(routedPath(path)) && !mayWrite.has(path)) {
    throw new Refusal(
      `refusing to call ${path}: it writes, and ${mayWrite.size === 0 ? 'the contract check only reads' : 'it is not a call of the staging journey'}`,
    );
  }
}
