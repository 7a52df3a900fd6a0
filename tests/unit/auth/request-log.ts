import { onTestFinished } from 'vitest';
import { server } from '../../msw-server';

export interface RequestLog {
  /** How many requests went to a path ending with `suffix`. */
  count: (suffix: string) => number;
  /** The JSON bodies sent to a path ending with `suffix`, in order. */
  bodies: (suffix: string) => Promise<unknown[]>;
}

/**
 * Records the API requests that reach msw during the current test, so the test can assert what went
 * out (e.g. that a WeChat code was posted exactly once). Call inside a test.
 */
export function recordRequests(): RequestLog {
  const seen: { path: string; body: Promise<unknown> }[] = [];
  const listener = ({ request }: { request: Request }) => {
    const body = request.method === 'GET' ? Promise.resolve(undefined) : request.clone().json().catch(() => undefined);
    seen.push({ path: new URL(request.url).pathname, body });
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  const matching = (suffix: string) => seen.filter((entry) => entry.path.endsWith(suffix));
  return {
    count: (suffix) => matching(suffix).length,
    bodies: (suffix) => Promise.all(matching(suffix).map((entry) => entry.body)),
  };
}
