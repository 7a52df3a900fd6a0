import { onTestFinished } from 'vitest';
import { server } from '../../msw-server';

/** One API request as it left the app. */
export interface SentRequest {
  method: string;
  url: string;
  /** Path without the origin, e.g. /api/v1/Sampling/BindSamplingTube */
  path: string;
  /** The query string, with its `?` (or ''). */
  search: string;
  headers: Headers;
  /** The parsed JSON body (undefined for GET or a body that is not JSON). */
  body: unknown;
}

export interface RequestLog {
  /** How many requests went to a path ending with `suffix` so far. */
  count: (suffix: string) => number;
  /** The requests to a path ending with `suffix`, in order, bodies parsed. */
  to: (suffix: string) => Promise<SentRequest[]>;
  /** The JSON bodies sent to a path ending with `suffix`, in order. */
  bodies: (suffix: string) => Promise<unknown[]>;
  /** Every request, in order. */
  all: () => Promise<SentRequest[]>;
}

/**
 * The one recorder of what the app sent: every API request that reaches the demo backend (msw) during
 * the current test, whoever answers it. Call inside a test; it stops recording when the test ends.
 */
export function recordRequests(): RequestLog {
  const seen: { path: string; request: Promise<SentRequest> }[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const body =
      request.method === 'GET'
        ? Promise.resolve(undefined)
        : request
            .clone()
            .json()
            .catch(() => undefined);
    seen.push({
      path: url.pathname,
      request: body.then((parsed: unknown) => ({
        method: request.method,
        url: request.url,
        path: url.pathname,
        search: url.search,
        headers: request.headers,
        body: parsed,
      })),
    });
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  const matching = (suffix: string) => seen.filter((entry) => entry.path.endsWith(suffix));
  const to = (suffix: string) => Promise.all(matching(suffix).map((entry) => entry.request));
  return {
    count: (suffix) => matching(suffix).length,
    to,
    bodies: async (suffix) => (await to(suffix)).map((entry) => entry.body),
    all: () => to(''),
  };
}
