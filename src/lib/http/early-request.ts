/**
 * Requests started by index.html's boot script before the app's scripts have arrived, which the API
 * client then adopts instead of sending the same request again (see `withEarlyRequests`).
 *
 * Why: a page opened cold (a link in a WeChat message) otherwise sends its first call only after about
 * 180 kB of scripts have downloaded and run; the call's round trips (CORS preflight, request) then come
 * on top. Started from the boot script, they overlap the download.
 *
 * This module has no imports: the boot script bundles it on its own, without the API client.
 */

/** What became of an early request. Only a 2xx `response` is adopted as it is (see the adapter). */
export type EarlyOutcome =
  | { kind: 'response'; status: number; headers: Record<string, string>; body: string }
  | { kind: 'timeout' }
  | { kind: 'failed' };

interface EarlyRequest {
  method: 'post';
  /** Absolute URL, as the API client would build it. */
  url: string;
  /** The JSON body exactly as the API client would serialise it. */
  body: string;
  authorization: string;
  outcome: Promise<EarlyOutcome>;
}

const GLOBAL_KEY = '__earlyRequests';

type EarlyRequestHost = { [GLOBAL_KEY]?: EarlyRequest[] };

function host(): EarlyRequestHost {
  return globalThis as unknown as EarlyRequestHost;
}

export interface EarlyPostInit {
  url: string;
  body: string;
  authorization: string;
  requestId: string;
  /** The API client's timeout (spec §9), counted from when the early request starts. */
  timeoutMs: number;
}

/** Boot side: starts a JSON POST the way the API client would send it and leaves it to be adopted. */
export function startEarlyPost({ url, body, authorization, requestId, timeoutMs }: EarlyPostInit): void {
  if (typeof fetch !== 'function') return;
  const controller = typeof AbortController === 'function' ? new AbortController() : undefined;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller?.abort();
  }, timeoutMs);
  const outcome = fetch(url, {
    method: 'POST',
    headers: {
      Accept: 'application/json, text/plain, */*',
      'Content-Type': 'application/json;charset=utf-8',
      Authorization: authorization,
      requestId,
    },
    body,
    signal: controller?.signal,
  })
    .then(async (response): Promise<EarlyOutcome> => {
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      return { kind: 'response', status: response.status, headers, body: await response.text() };
    })
    .catch((): EarlyOutcome => (timedOut ? { kind: 'timeout' } : { kind: 'failed' }))
    .then((result) => {
      clearTimeout(timer);
      return result;
    });
  const list = host()[GLOBAL_KEY] ?? [];
  list.push({ method: 'post', url, body, authorization, outcome });
  host()[GLOBAL_KEY] = list;
}

/**
 * App side: the early request identical to this one (method, URL, body and the token it carried), if
 * the boot script started one; each is taken once, so a later identical call (a refresh) goes out anew.
 */
export function takeEarlyRequest(method: string, url: string, body: unknown, authorization: string | null): Promise<EarlyOutcome> | undefined {
  const list = host()[GLOBAL_KEY];
  if (!list || !authorization || typeof body !== 'string') return undefined;
  const index = list.findIndex(
    (early) => early.method === method.toLowerCase() && early.url === url && early.body === body && early.authorization === authorization,
  );
  if (index < 0) return undefined;
  const [early] = list.splice(index, 1);
  return early.outcome;
}
