import { isApiError } from './errors';

/**
 * The one retry policy (docs/fault-matrix.md, "Retry policy"): what a failed request decided, and when a
 * machine may send it again. Every automatic resend (the offline queue; the WeChat sign-in's exchange,
 * through retryUntil) asks here; nothing else decides whether a failure was transient.
 *
 * - transient: nothing was decided (no connection, a timeout, a repeated tap, HTTP 408, 425, 429, 502,
 *   503, 504, a gateway's HTML page where JSON was expected). Retried automatically with backoff.
 * - refused: the server decided (a business statusCode other than success, HTTP 400, 403, 404, 500 and
 *   every other status). Shown to a person, who may retry.
 * - session: HTTP 401. The session's business (app/session-expiry.ts), not a retry's.
 */
export type FailureDisposition = 'transient' | 'refused' | 'session';

/** HTTP statuses that mean "try again later" (RFC 9110 and RFC 6585: 408, 425, 429, 502, 503, 504). */
export const TRANSIENT_HTTP_STATUSES: ReadonlySet<number> = new Set([408, 425, 429, 502, 503, 504]);

/** A body that is an HTML page (a gateway's or proxy's error page) instead of the API's JSON envelope. */
function isHtmlPage(body: unknown): boolean {
  return typeof body === 'string' && /^\s*</.test(body);
}

export function failureDisposition(error: unknown): FailureDisposition {
  // Not the client's error at all (a chunk that failed to load, a bug): the request was not answered.
  if (!isApiError(error)) return 'transient';
  switch (error.kind) {
    case 'network':
    case 'timeout':
    case 'canceled':
    case 'repeat-submit':
      return 'transient';
    case 'unauthorized':
      return 'session';
    case 'http':
      return error.code !== undefined && TRANSIENT_HTTP_STATUSES.has(error.code) ? 'transient' : 'refused';
    case 'malformed':
      return isHtmlPage(error.body) ? 'transient' : 'refused';
    case 'business':
    case 'contract':
      return 'refused';
  }
}

/**
 * What a transient failure waited on, for plain words: the phone's own connection ('network': no
 * connection, a timeout, a canceled request) or the server side ('server': a busy server or gateway).
 */
export type TransientCause = 'network' | 'server';

export function transientCause(error: unknown): TransientCause {
  return isApiError(error) &&
    (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'canceled')
    ? 'network'
    : 'server';
}

/** The first retry waits up to this long; each further retry doubles it (full jitter below it). */
export const RETRY_BASE_MS = 2_000;
/** No computed wait is longer than this (a server's Retry-After may ask for more). */
export const RETRY_CAP_MS = 5 * 60_000;
/** After failing transiently for this long, an entry asks a person for attention. */
export const RETRY_GIVE_UP_MS = 24 * 60 * 60_000;

/** The backoff of one kind of retry: the first wait's ceiling, and the most any computed wait may be. */
interface Backoff {
  baseMs: number;
  capMs: number;
}

/** The offline queue's and the sign-in's backoff (a machine is waiting, not a person). */
const RESEND_BACKOFF: Backoff = { baseMs: RETRY_BASE_MS, capMs: RETRY_CAP_MS };

/**
 * The one backoff: how long to wait before retry number `retry` (1 for the first), exponential with
 * full jitter (uniformly random between 0 and min(cap, base × 2^(retry−1))), so that phones that failed
 * together do not come back together. A server's Retry-After comes first: the jittered wait is added
 * to it, since every phone told "3 seconds" coming back at exactly 3 s would be the same burst again.
 */
export function retryDelayMs(
  retry: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
  { baseMs, capMs }: Backoff = RESEND_BACKOFF,
): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, retry - 1));
  return (retryAfterMs ?? 0) + Math.floor(random() * ceiling);
}

/**
 * A Retry-After header's wait in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Undefined when absent or unreadable; a date in the past is no wait.
 */
export function parseRetryAfter(value: unknown, now: number = Date.now()): number | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Every HTTP-date form names its month in letters; bare numbers such as '-5' or '1.5' are no date.
  const date = /[A-Za-z]{3}/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** A retry is only started when at least this much of its time is left for the answer. */
export const RETRY_MIN_ANSWER_MS = 2_000;

interface RetryClock {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/**
 * Sends `attempt` again after each transient failure, waiting retryDelayMs (Retry-After first), until
 * it succeeds or fails otherwise, or until the next try could not get its answer by `deadline` (epoch
 * ms): then the last failure is thrown, so a person waiting on it is told by the deadline. `attempt` is
 * given the time left, to wait no longer than that for its answer.
 */
export async function retryUntil<T>(
  deadline: number,
  attempt: (remainingMs: number) => Promise<T>,
  {
    now = Date.now,
    sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    random = Math.random,
  }: RetryClock = {},
): Promise<T> {
  for (let retry = 1; ; retry += 1) {
    try {
      return await attempt(deadline - now());
    } catch (error) {
      if (failureDisposition(error) !== 'transient') throw error;
      const wait = retryDelayMs(retry, isApiError(error) ? error.retryAfterMs : undefined, random);
      if (now() + wait + RETRY_MIN_ANSWER_MS > deadline) throw error;
      await sleep(wait);
    }
  }
}

/** A read (a query of lib/query-client.ts) is tried at most this many times, the first included. */
export const READ_MAX_TRIES = 3;
/**
 * A read's backoff: a person is looking at a loading screen. Its first retry waits up to 1 s, the next
 * up to 2 s, after a Retry-After of at most READ_RETRY_MAX_WAIT_MS.
 */
const READ_BACKOFF: Backoff = { baseMs: 1_000, capMs: 2_000 };
const READ_RETRY_MAX_WAIT_MS = 2_000;
/** A read's retry starts only when at least this much of its time is left for the answer. */
const READ_MIN_ANSWER_MS = 1_000;

/**
 * Whether a read is tried again after its failure number `failureCount + 1` (TanStack Query's count:
 * 0 after the first try): a failure that decided nothing (no connection, a timeout, 429, 502, 503, 504,
 * a gateway's page), within READ_MAX_TRIES and a Retry-After the person can wait out, and only while
 * the longest wait still leaves READ_MIN_ANSWER_MS of the read's time (`deadline`: all its tries share
 * the spec's timeout). So a read whose server never answers ends at its timeout: a production try that
 * timed out has used it all. Never a refusal or a lost session. Writes are never retried by the cache:
 * the offline queue and the idempotency rules own them.
 */
export function shouldRetryRead(failureCount: number, error: unknown, now = Date.now()): boolean {
  // Something thrown that is no request's failure (a bug in reading the answer) is not retried either.
  if (!isApiError(error) || error.kind === 'canceled') return false;
  if (failureCount + 1 >= READ_MAX_TRIES || failureDisposition(error) !== 'transient') return false;
  const retryAfterMs = error.retryAfterMs ?? 0;
  if (retryAfterMs > READ_RETRY_MAX_WAIT_MS) return false;
  const longestWait = retryDelayMs(failureCount + 1, retryAfterMs, () => 1, READ_BACKOFF);
  return error.deadline === undefined || now + longestWait + READ_MIN_ANSWER_MS <= error.deadline;
}

/** The wait before a read's next try (TanStack Query's count, as in shouldRetryRead). */
export function readRetryDelayMs(
  failureCount: number,
  error: unknown,
  random: () => number = Math.random,
): number {
  const retryAfterMs = isApiError(error) ? error.retryAfterMs : undefined;
  return retryDelayMs(failureCount + 1, retryAfterMs, random, READ_BACKOFF);
}
