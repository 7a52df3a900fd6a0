import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';
import { setImmediate as realTick } from 'node:timers/promises';
import { delay, getResponse, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { defaultDb } from '@/mocks/db';
import { handlers } from '@/mocks/handlers';
import { RETRY_CAP_MS } from '@/lib/http/retry-policy';
import type { QueueEntry } from '@/features/offline-queue/queue-store';
import { server } from '../../msw-server';
import { COLLECTED_AT, personInput } from './helpers';

/**
 * A clinic's phones reconnecting at once (issue 53): each phone runs its own instance of the real queue
 * modules (vi.resetModules) over its own localStorage and sessionStorage, against one demo server behind
 * a gateway that serves at most `capacity` requests at a time and answers 503 beyond that (every third
 * with Retry-After), answers 429 once, and drops the connection of one Submit after the server committed
 * it. Time is fake: the figures are simulated time, the same on a busy machine as on a quiet one.
 *
 * Which phone runs is an AsyncLocalStorage: the phone's code (and its timers, bound at scheduling) sees
 * that phone's storage; the gateway sees which phone sent a request.
 */

/** One request as the gateway saw it. */
interface GatewayRecord {
  phone: number;
  path: string;
  /** When it arrived and was answered (simulated ms since the storm began). */
  at: number;
  answeredAt: number;
  status: number | 'dropped';
  /** The Retry-After it was answered with, in ms. */
  retryAfterMs?: number;
}

interface StormOptions {
  phones: number;
  entriesPerPhone: number;
  /** Requests served at once; beyond that, 503. */
  capacity?: number;
  /** How long the server takes for one request (simulated). */
  serviceMs?: number;
  /** The Retry-After of every third 503, in seconds. */
  retryAfterSeconds?: number;
  /** Stop after this much simulated time. */
  limitMs?: number;
}

interface StormResult {
  records: GatewayRecord[];
  /** Each phone's queue when the storm was over. */
  queues: QueueEntry[][];
  /** Each phone's toasts. */
  toasts: string[][];
  /** Simulated ms until every entry of every phone was sent (or the limit). */
  elapsedMs: number;
  landed: boolean;
  /** Requests that overlapped another of the same phone (must be none: one at a time per phone). */
  overlapping: number;
  /** The person and tube of each entry, per phone. */
  work: { idCard: string; tubeCode: string }[][];
}

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

interface Phone {
  index: number;
  local: MemoryStorage;
  session: MemoryStorage;
  busy: number;
  toasts: string[];
}

/** Storage that is the running phone's own (outside any phone: the test's). */
function routedStorage(current: () => Phone | undefined, kind: 'local' | 'session'): Storage {
  const own = new MemoryStorage();
  const target = () => current()?.[kind] ?? own;
  return {
    get length() {
      return target().length;
    },
    clear: () => target().clear(),
    getItem: (key) => target().getItem(key),
    key: (index) => target().key(index),
    removeItem: (key) => target().removeItem(key),
    setItem: (key, value) => target().setItem(key, value),
  };
}

/** A seeded generator (mulberry32), so that a storm is the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SUBMIT = '/ScreeningRegister/Submit';
/** Real time with nothing to do before the storm counts as stalled (a bug: entries wait, no timer). */
const STALL_MS = 60_000;

/** Runs a storm; call inside a test (it uses fake timers and global stubs, and restores both). */
async function runStorm(options: StormOptions): Promise<StormResult> {
  const capacity = options.capacity ?? 2;
  const serviceMs = options.serviceMs ?? 300;
  const retryAfterSeconds = options.retryAfterSeconds ?? 3;
  const limitMs = options.limitMs ?? 60 * 60_000;
  const context = new AsyncLocalStorage<Phone>();
  const current = () => context.getStore();

  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const fakeSetTimeout = globalThis.setTimeout;
  // A timer runs in the context of the phone that set it.
  vi.stubGlobal('setTimeout', (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) =>
    fakeSetTimeout(AsyncResource.bind(callback), ms, ...args),
  );
  vi.stubGlobal('localStorage', routedStorage(current, 'local'));
  vi.stubGlobal('sessionStorage', routedStorage(current, 'session'));
  vi.spyOn(Math, 'random').mockImplementation(seededRandom(53));

  const start = Date.now();
  const records: GatewayRecord[] = [];
  let inFlight = 0;
  let served503 = 0;
  let answered429 = false;
  let dropped = false;
  let overlapping = 0;
  let storming = false;

  server.use(
    http.all('*/api/v1/*', async ({ request }) => {
      const phone = current();
      // Signing the phones in, before the storm: the demo server as it is.
      if (!phone || !storming) return undefined;
      const path = new URL(request.url).pathname.replace(/^.*\/api\/v1/, '');
      const record: GatewayRecord = {
        phone: phone.index,
        path,
        at: Date.now() - start,
        answeredAt: Date.now() - start,
        status: 503,
      };
      records.push(record);
      if (phone.busy > 0) overlapping += 1;
      const answer = (response: Response, status: GatewayRecord['status'] = response.status) => {
        record.answeredAt = Date.now() - start;
        record.status = status;
        return response;
      };
      if (inFlight >= capacity) {
        served503 += 1;
        const withRetryAfter = served503 % 3 === 0;
        if (withRetryAfter) record.retryAfterMs = retryAfterSeconds * 1000;
        return answer(
          new HttpResponse('<html><body>503 Service Unavailable</body></html>', {
            status: 503,
            headers: withRetryAfter ? { 'Retry-After': String(retryAfterSeconds) } : {},
          }),
        );
      }
      if (!answered429 && path === '/Sampling/BindSamplingTube' && records.length > 10) {
        answered429 = true;
        return answer(new HttpResponse(null, { status: 429 }));
      }
      inFlight += 1;
      phone.busy += 1;
      try {
        await delay(serviceMs);
        const committed = await getResponse(handlers, request);
        if (committed && !dropped && path === SUBMIT && committed.status === 200) {
          // The server saved the registration; its answer never reaches the phone.
          dropped = true;
          return answer(HttpResponse.error(), 'dropped');
        }
        return committed ? answer(committed) : undefined;
      } finally {
        inFlight -= 1;
        phone.busy -= 1;
      }
    }),
  );

  const phones: Phone[] = [];
  const queues: {
    flushQueue: typeof import('@/features/offline-queue/flush-queue').flushQueue;
    snapshot: () => QueueEntry[];
  }[] = [];
  const work: StormResult['work'] = [];
  vi.doMock('@/lib/feedback', () => {
    const record = (text: string) => current()?.toasts.push(text);
    return { toast: record, toastFail: record, toastSuccess: record, toastWarning: record };
  });
  try {
    for (let index = 0; index < options.phones; index += 1) {
      const phone: Phone = {
        index,
        local: new MemoryStorage(),
        session: new MemoryStorage(),
        busy: 0,
        toasts: [],
      };
      phones.push(phone);
      vi.resetModules();
      await context.run(phone, async () => {
        const { loginManage } = await import('@/api/account');
        const { setToken } = await import('@/lib/token');
        const { setSessionOwner } = await import('@/lib/session');
        const store = await import('@/features/offline-queue/queue-store');
        const { flushQueue } = await import('@/features/offline-queue/flush-queue');
        // What the flush loads on demand, loaded now. (After the last phone's reset, every phone's
        // on-demand imports resolve to that phone's instances: the HTTP layer is shared, the queue's
        // own state, its store, flush, timer and lock, is each phone's.)
        await import('@/features/offline-queue/send-entry');
        await import('@/lib/feedback');
        const { TEST_OWNERS } = await import('../support/render-route');
        setToken((await loginManage({ accountName: 'admin', accountPwd: '123456' })).token);
        setSessionOwner(TEST_OWNERS.work);
        const own: StormResult['work'][number] = [];
        for (let entry = 0; entry < options.entriesPerPhone; entry += 1) {
          const sequence = 100 + index * options.entriesPerPhone + entry;
          const tubeCode = `CT2026119${String(sequence).padStart(3, '0')}`;
          defaultDb.state.tubes.push({ code: tubeCode, status: 'unbound', timeline: [] });
          const registrationInput = personInput(sequence);
          const queued = store.enqueueBind({ registrationInput, tubeCode, collectedAt: COLLECTED_AT });
          if (!queued.ok) throw new Error(queued.message);
          own.push({ idCard: registrationInput.idCard, tubeCode });
        }
        work.push(own);
        queues.push({ flushQueue, snapshot: () => [...store.getQueueSnapshot().entries] });
      });
    }
    storming = true;
    const stormStart = Date.now();
    const pending = () =>
      phones.some((phone, index) =>
        context.run(phone, () => queues[index].snapshot().some((entry) => entry.status !== 'sent')),
      );

    // Every phone's network comes back at the same moment.
    for (const [index, phone] of phones.entries()) context.run(phone, () => void queues[index].flushQueue());

    // Real time without a timer to run: the phones are still working (a module loading); a stall
    // detector, not a limit on the storm (which runs in simulated time).
    let idleSince = performance.now();
    while (pending() && Date.now() - stormStart < limitMs) {
      await realTick();
      if (vi.getTimerCount() > 0) {
        await vi.advanceTimersToNextTimerAsync();
        idleSince = performance.now();
      } else if (performance.now() - idleSince > STALL_MS) {
        const states = phones.map((phone, index) =>
          context.run(phone, () =>
            queues[index]
              .snapshot()
              .map(
                (entry) =>
                  `${entry.status}:${entry.waitingFor ?? ''}:${entry.nextAttemptAt ?? ''}:${entry.lastError ?? ''}`,
              ),
          ),
        );
        throw new Error(
          `the storm stalled: entries wait, and no timer is set to send them\n${JSON.stringify({ states, records, now: Date.now() - stormStart }, null, 1)}`,
        );
      }
    }
    const elapsedMs = Date.now() - stormStart;
    // Let the last answers settle before the phones are read.
    for (let i = 0; i < 20; i += 1) await realTick();
    return {
      records: records.map((record) => ({
        ...record,
        at: record.at - (stormStart - start),
        answeredAt: record.answeredAt - (stormStart - start),
      })),
      queues: phones.map((phone, index) => context.run(phone, () => queues[index].snapshot())),
      toasts: phones.map((phone) => phone.toasts),
      elapsedMs,
      landed: !pending(),
      overlapping,
      work,
    };
  } finally {
    vi.doUnmock('@/lib/feedback');
    // In this order: the stubbed setTimeout remembers the fake one as the original.
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.resetModules();
  }
}

/** The most requests the gateway saw in any one second. */
function peakPerSecond(records: readonly GatewayRecord[]): number {
  const times = records.map((record) => record.at).sort((a, b) => a - b);
  let peak = 0;
  for (let from = 0, to = 0; to < times.length; to += 1) {
    while (times[to] - times[from] >= 1000) from += 1;
    peak = Math.max(peak, to - from + 1);
  }
  return peak;
}

const PHONES = Number(process.env.STORM_PHONES ?? 5);
const ENTRIES = Number(process.env.STORM_ENTRIES ?? 4);

/** A request's answer that decided nothing (the phone sends the same work again). */
const transient = (record: GatewayRecord) => record.status !== 200;

describe(`${PHONES} phones × ${ENTRIES} queued registrations reconnecting at once to a busy server`, () => {
  it('land every registration and binding once, none failed, retries spread out and never before Retry-After', async () => {
    const storm = await runStorm({ phones: PHONES, entriesPerPhone: ENTRIES });
    const { records } = storm;

    // It was a storm: the gateway turned requests away, once with 429, and dropped one committed Submit.
    // (All phones at once against room for two: every phone but two turned away at the start.)
    expect(records.filter((record) => record.status === 503 && record.at === 0).length).toBe(PHONES - 2);
    expect(records.filter((record) => record.status === 429)).toHaveLength(1);
    expect(records.filter((record) => record.status === 'dropped')).toHaveLength(1);
    expect(records.some((record) => record.retryAfterMs)).toBe(true);

    // Every person registered once, every tube bound to that person, no entry waiting on a person.
    expect(storm.landed).toBe(true);
    for (const [phone, queue] of storm.queues.entries()) {
      expect(queue.map((entry) => entry.status)).toEqual(Array(ENTRIES).fill('sent'));
      for (const { idCard, tubeCode } of storm.work[phone]) {
        const registrations = defaultDb.state.registrations.filter((record) => record.idCard === idCard);
        expect(registrations).toHaveLength(1);
        const tube = defaultDb.state.tubes.find((candidate) => candidate.code === tubeCode);
        expect(tube?.registrationId).toBe(registrations[0].id);
      }
      expect(storm.toasts[phone].join('\n')).not.toMatch(/失败/);
    }
    const binds = records.filter(
      (record) => record.path === '/Sampling/BindSamplingTube' && record.status === 200,
    );
    expect(binds).toHaveLength(PHONES * ENTRIES);
    // One request at a time per phone.
    expect(storm.overlapping).toBe(0);

    // The spread. After each answer that decided nothing, the phone's next request waits at least the
    // Retry-After it was given.
    const gaps: number[] = [];
    for (let phone = 0; phone < PHONES; phone += 1) {
      const own = records.filter((record) => record.phone === phone);
      for (let i = 0; i + 1 < own.length; i += 1) {
        if (!transient(own[i])) continue;
        const gap = own[i + 1].at - own[i].answeredAt;
        gaps.push(gap);
        expect(gap).toBeGreaterThanOrEqual(own[i].retryAfterMs ?? 0);
        // Within the cap (a retry the phone's own repeat-submit guard stopped is not seen here, and
        // counts one failure more: the bound is not tighter than the cap).
        expect(gap).toBeLessThanOrEqual((own[i].retryAfterMs ?? 0) + RETRY_CAP_MS);
      }
    }
    // Full jitter: phones turned away together do not come back together. The first retries of the
    // phones turned away at the very start are all at different times.
    const firstRetries = Array.from({ length: PHONES }, (_, phone) => {
      const own = records.filter((record) => record.phone === phone);
      const failed = own.findIndex(transient);
      return failed >= 0 && own[failed].at === 0 ? own[failed + 1]?.at : undefined;
    }).filter((at) => at !== undefined);
    expect(firstRetries.length).toBeGreaterThanOrEqual(PHONES - 2);
    expect(new Set(firstRetries).size).toBe(firstRetries.length);
    // And the retries are not all the same wait (lockstep with a fixed delay).
    expect(new Set(gaps).size).toBeGreaterThan(gaps.length / 2);

    const figures = {
      phones: PHONES,
      entriesPerPhone: ENTRIES,
      requests: records.length,
      turnedAway: records.filter((record) => record.status === 503 || record.status === 429).length,
      landedAfterMs: storm.elapsedMs,
      peakRequestsPerSecond: peakPerSecond(records),
    };
    if (process.env.STORM_FIGURES) writeFileSync(process.env.STORM_FIGURES, JSON.stringify(figures));
  });
});
