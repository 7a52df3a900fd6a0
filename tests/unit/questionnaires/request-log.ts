import { onTestFinished } from 'vitest';
import { server } from '../../msw-server';

export interface SentRequest {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

export interface RequestLog {
  /** Requests to a path ending with `suffix`, in order (bodies parsed once the request is read). */
  to: (suffix: string) => Promise<SentRequest[]>;
  count: (suffix: string) => number;
}

/** Records the API requests of the current test (used by the content pages' tests). */
export function recordRequests(): RequestLog {
  const seen: Promise<SentRequest>[] = [];
  const paths: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    paths.push(url.pathname);
    const body = request.method === 'GET' ? Promise.resolve(undefined) : request.clone().json().catch(() => undefined);
    seen.push(body.then((parsed: unknown) => ({ method: request.method, path: url.pathname, search: url.search, body: parsed })));
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return {
    to: async (suffix) => (await Promise.all(seen)).filter((entry) => entry.path.endsWith(suffix)),
    count: (suffix) => paths.filter((path) => path.endsWith(suffix)).length,
  };
}
