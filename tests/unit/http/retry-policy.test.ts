import * as v from 'valibot';
import { HttpResponse, http as mswHttp } from 'msw';
import {
  ApiError,
  failureDisposition,
  parseRetryAfter,
  readRetryDelayMs,
  READ_MAX_TRIES,
  request,
  shouldRetryRead,
  retryDelayMs,
  retryUntil,
  RETRY_BASE_MS,
  RETRY_CAP_MS,
  RETRY_MIN_ANSWER_MS,
  type ApiErrorKind,
  type FailureDisposition,
} from '@/lib/http';
import { server } from '../../msw-server';
import { api, isolateRequestTests, rejectionOf } from './helpers';

isolateRequestTests();

const kind = (k: ApiErrorKind, code?: number, body?: unknown) => new ApiError(k, 'm', { code, body });

describe('retry policy: what a failure decided (issue 53, docs/fault-matrix.md)', () => {
  it.each<[string, unknown, FailureDisposition]>([
    ['no connection', kind('network'), 'transient'],
    ['a timeout', kind('timeout'), 'transient'],
    ['a request the page abandoned', kind('canceled'), 'transient'],
    ['the repeat-submit guard', kind('repeat-submit'), 'transient'],
    ['HTTP 408', kind('http', 408), 'transient'],
    ['HTTP 425', kind('http', 425), 'transient'],
    ['HTTP 429', kind('http', 429), 'transient'],
    ['HTTP 502', kind('http', 502), 'transient'],
    ['HTTP 503', kind('http', 503), 'transient'],
    ['HTTP 504', kind('http', 504), 'transient'],
    [
      'a gateway HTML page where JSON was expected',
      kind('malformed', undefined, '<html>502</html>'),
      'transient',
    ],
    [
      'an HTML page with leading white space',
      kind('malformed', undefined, '\n  <!DOCTYPE html>'),
      'transient',
    ],
    ['something thrown that is not an API error', new TypeError('chunk failed'), 'transient'],
    ['HTTP 400', kind('http', 400), 'refused'],
    ['HTTP 403', kind('http', 403), 'refused'],
    ['HTTP 404', kind('http', 404), 'refused'],
    ['HTTP 500', kind('http', 500), 'refused'],
    ['HTTP 501 (any other status)', kind('http', 501), 'refused'],
    ['HTTP 409', kind('http', 409), 'refused'],
    ['a business statusCode 500', kind('business', 500), 'refused'],
    ['a business statusCode 9001', kind('business', 9001), 'refused'],
    ['a business statusCode 5002', kind('business', 5002), 'refused'],
    ['a garbled JSON answer', kind('malformed', undefined, '{"statusCode":'), 'refused'],
    ['a success envelope that breaks the contract', kind('contract'), 'refused'],
    ['HTTP 401', kind('unauthorized', 401), 'session'],
  ])('%s is %s', (_name, error, expected) => {
    expect(failureDisposition(error)).toBe(expected);
  });
});

describe('retry policy: when to try again', () => {
  it.each([
    [1, RETRY_BASE_MS],
    [2, 2 * RETRY_BASE_MS],
    [3, 4 * RETRY_BASE_MS],
    [8, 128 * RETRY_BASE_MS],
    [9, RETRY_CAP_MS],
    [50, RETRY_CAP_MS],
  ])('retry %i waits at most %i ms (base 2 s, doubling, capped at 5 minutes)', (retry, ceiling) => {
    expect(RETRY_BASE_MS).toBe(2000);
    expect(RETRY_CAP_MS).toBe(300_000);
    expect(retryDelayMs(retry, undefined, () => 0.999_999_9)).toBe(ceiling - 1);
    expect(retryDelayMs(retry, undefined, () => 0)).toBe(0);
  });

  it('full jitter: the wait is spread uniformly below the ceiling, so phones that failed together do not return together', () => {
    const waits = Array.from({ length: 2000 }, () => retryDelayMs(3, undefined));
    const ceiling = 4 * RETRY_BASE_MS;
    expect(Math.max(...waits)).toBeLessThan(ceiling);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(0);
    // Each quarter of the range gets roughly a quarter of the waits.
    for (let quarter = 0; quarter < 4; quarter += 1) {
      const inQuarter = waits.filter(
        (w) => w >= (quarter * ceiling) / 4 && w < ((quarter + 1) * ceiling) / 4,
      );
      expect(inQuarter.length).toBeGreaterThan(350);
      expect(inQuarter.length).toBeLessThan(650);
    }
  });

  it("never sooner than the server's Retry-After: the jittered wait comes on top of it", () => {
    expect(retryDelayMs(1, 30_000, () => 0)).toBe(30_000);
    expect(retryDelayMs(1, 30_000, () => 0.5)).toBe(30_000 + RETRY_BASE_MS / 2);
    expect(retryDelayMs(9, 1_000, () => 0.5)).toBe(1_000 + RETRY_CAP_MS / 2);
    // A server may ask for longer than the cap: it is obeyed.
    expect(retryDelayMs(9, 600_000, () => 0)).toBe(600_000);
  });

  it('phones told the same Retry-After do not all come back at that instant', () => {
    const waits = Array.from({ length: 50 }, () => retryDelayMs(1, 3_000));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(3_000);
    expect(Math.max(...waits)).toBeLessThan(3_000 + RETRY_BASE_MS);
    expect(new Set(waits).size).toBeGreaterThan(40);
  });
});

describe('retryUntil: retries what decided nothing, bounded by a deadline (issue 57)', () => {
  /** A clock that only moves when the code under test waits (or an attempt takes time). */
  function fakeClock() {
    let time = 0;
    const waits: number[] = [];
    return {
      now: () => time,
      sleep: (ms: number) => {
        waits.push(ms);
        time += ms;
        return Promise.resolve();
      },
      pass: (ms: number) => (time += ms),
      waits,
    };
  }
  const busy = (retryAfterMs?: number) =>
    new ApiError('http', '系统接口503异常', { code: 503, retryAfterMs });

  it('503 with Retry-After twice, then an answer: two waits, each at least Retry-After, and the answer', async () => {
    const clock = fakeClock();
    const outcomes = [busy(1000), busy(1000)];
    const attempt = vi.fn(() => {
      const next = outcomes.shift();
      return next ? Promise.reject(next) : Promise.resolve('token');
    });
    await expect(retryUntil(15_000, attempt, { ...clock, random: () => 0.5 })).resolves.toBe('token');
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(clock.waits).toEqual([1000 + RETRY_BASE_MS / 2, 1000 + RETRY_BASE_MS]);
  });

  it('a refusal is not retried', async () => {
    const clock = fakeClock();
    const refusal = new ApiError('business', '授权已过期', { code: 40029 });
    const attempt = vi.fn(() => Promise.reject(refusal));
    await expect(retryUntil(15_000, attempt, clock)).rejects.toBe(refusal);
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(clock.waits).toEqual([]);
  });

  it('a failure that never clears: the last one is thrown by the deadline, no try left running past it', async () => {
    for (const random of [() => 0, () => 0.5, () => 0.999]) {
      const clock = fakeClock();
      const remaining: number[] = [];
      const attempt = vi.fn((left: number) => {
        remaining.push(left);
        // Each try takes a second to be turned away.
        clock.pass(1000);
        return Promise.reject(busy(1000));
      });
      const error = await rejectionOf(retryUntil(15_000, attempt, { ...clock, random }));
      expect(error).toMatchObject({ kind: 'http', code: 503 });
      expect(clock.now()).toBeLessThanOrEqual(15_000);
      expect(attempt.mock.calls.length).toBeGreaterThanOrEqual(2);
      // Every try was told how long it may wait for its answer: what is left, never less than the minimum.
      expect(remaining[0]).toBe(15_000);
      for (const left of remaining.slice(1)) expect(left).toBeGreaterThanOrEqual(RETRY_MIN_ANSWER_MS);
    }
  });

  it('a timeout that used most of the time: no retry that could not be answered in time', async () => {
    const clock = fakeClock();
    const attempt = vi.fn(() => {
      clock.pass(12_000);
      return Promise.reject(new ApiError('timeout', '系统接口请求超时'));
    });
    await expect(retryUntil(13_500, attempt, { ...clock, random: () => 0 })).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});

describe('Retry-After (RFC 9110 §10.2.3)', () => {
  const now = Date.parse('2026-11-28T08:00:00Z');
  it.each<[string, unknown, number | undefined]>([
    ['delay-seconds', '120', 120_000],
    ['zero seconds', '0', 0],
    ['seconds with spaces', ' 5 ', 5_000],
    ['an HTTP date in the future', 'Sat, 28 Nov 2026 08:01:30 GMT', 90_000],
    ['an HTTP date in the past', 'Sat, 28 Nov 2026 07:00:00 GMT', 0],
    ['absent', undefined, undefined],
    ['empty', '', undefined],
    ['negative seconds', '-5', undefined],
    ['fractional seconds', '1.5', undefined],
    ['nonsense', 'soon', undefined],
  ])('%s (%s) waits %s ms', (_name, header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });

  it('an HTTP failure carries the Retry-After the server sent', async () => {
    server.use(
      mswHttp.post(api('/api/v1/Test/Busy'), () =>
        HttpResponse.text('busy', { status: 503, headers: { 'Retry-After': '7' } }),
      ),
    );
    const error = await rejectionOf(
      request({ schema: v.unknown(), url: '/api/v1/Test/Busy', method: 'post', silent: true }),
    );
    expect(error).toMatchObject({ kind: 'http', code: 503, retryAfterMs: 7000 });
    expect(failureDisposition(error)).toBe('transient');
  });

  it('an HTTP failure without Retry-After carries none', async () => {
    server.use(
      mswHttp.post(api('/api/v1/Test/Busy'), () => HttpResponse.text('bad gateway', { status: 502 })),
    );
    const error = await rejectionOf(
      request({ schema: v.unknown(), url: '/api/v1/Test/Busy', method: 'post', silent: true }),
    );
    expect(error.retryAfterMs).toBeUndefined();
    expect(failureDisposition(error)).toBe('transient');
  });
});

describe('retry policy for reads (issue 58 and 66: the query cache asks here)', () => {
  const NOW = 1_000_000;
  /** A try of a read with `left` ms of the read's time (the spec's 10 s from its first try) left. */
  const tryOf = (error: ApiError, left = 9_000) => Object.assign(error, { deadline: NOW + left });
  const busy = (retryAfterMs?: number) => tryOf(new ApiError('http', 'm', { code: 503, retryAfterMs }));

  // TanStack Query's count: 0 after the first try.
  it.each<[string, unknown, boolean]>([
    ['no connection', tryOf(kind('network')), true],
    ['a timeout of a try shorter than the read’s time (a test build’s)', tryOf(kind('timeout')), true],
    ['a timeout that used the read’s time (production: one try of 10 s)', tryOf(kind('timeout'), 0), false],
    ['a quick failure with too little of the read’s time left', tryOf(kind('network'), 1_500), false],
    ['HTTP 429', tryOf(kind('http', 429)), true],
    ['HTTP 502', tryOf(kind('http', 502)), true],
    ['HTTP 503 asking for 1 s', busy(1000), true],
    ['HTTP 503 asking for 2 s', busy(2000), true],
    ['HTTP 503 asking for 3 s (longer than a person waits on a loading screen)', busy(3000), false],
    ['HTTP 503 asking for a minute', busy(60_000), false],
    ['HTTP 504', tryOf(kind('http', 504)), true],
    ['a request without a deadline (no signal), failed quickly', kind('network'), true],
    ['HTTP 404', tryOf(kind('http', 404)), false],
    ['HTTP 500', tryOf(kind('http', 500)), false],
    ['a business statusCode', tryOf(kind('business', 5002)), false],
    ['a contract error', tryOf(kind('contract')), false],
    ['HTTP 401', tryOf(kind('unauthorized', 401)), false],
    ['a request the page abandoned', tryOf(kind('canceled')), false],
    ['something thrown that is no request’s failure', new TypeError('bug'), false],
  ])('after its first try, %s is retried: %s', (_name, error, expected) => {
    expect(shouldRetryRead(0, error, NOW)).toBe(expected);
  });

  it(`a read is tried at most ${READ_MAX_TRIES} times`, () => {
    expect(shouldRetryRead(READ_MAX_TRIES - 2, tryOf(kind('network')), NOW)).toBe(true);
    expect(shouldRetryRead(READ_MAX_TRIES - 1, tryOf(kind('network')), NOW)).toBe(false);
  });

  it('waits the Retry-After plus full jitter, every wait together well inside the spec’s 10 s', () => {
    expect(readRetryDelayMs(0, busy(1000), () => 0)).toBe(1000);
    const longest = (failureCount: number) => readRetryDelayMs(failureCount, busy(2000), () => 0.999_999);
    expect(longest(0)).toBeLessThanOrEqual(3000);
    expect(longest(0) + longest(1)).toBeLessThanOrEqual(7000);
    expect(readRetryDelayMs(1, kind('network'), () => 0.5)).toBe(1000);
  });
});
