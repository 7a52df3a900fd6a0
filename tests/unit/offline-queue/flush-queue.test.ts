import { act, screen } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { getResponse, http, HttpResponse } from 'msw';
import { handlers } from '@/mocks/handlers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushQueue } from '@/features/offline-queue/flush-queue';
import { QUEUE_LOCK_KEY } from '@/features/offline-queue/queue-lock';
import {
  enqueueBind,
  getQueueSnapshot,
  QUEUE_STORAGE_KEY,
  removeFinishedEntries,
  retryQueueEntry,
  updateQueueEntry,
  type QueueEntry,
} from '@/features/offline-queue/queue-store';
import { submitRegistration } from '@/api/registration';
import { bindSamplingTube } from '@/api/sampling';
import { config } from '@/config/env';
import { resetRepeatSubmitGuard } from '@/lib/http/repeat-submit';
import { API_STATUS, type Id, type RegistrationInput } from '@/types/api';
import { server } from '../../msw-server';
import { holdRequests } from '../support/held-request';
import { recordRequests } from '../support/request-log';
import { loginManage } from '@/api/account';
import { setSessionOwner } from '@/lib/session';
import { removeToken, setToken } from '@/lib/token';
import { signInForTest, TEST_OWNERS } from '../support/render-route';
import {
  closeOverlays,
  COLLECTED_AT,
  personInput,
  registrationsWithIdCard,
  resetQueue,
  spareTube,
  tube,
} from './helpers';

const SUBMIT = '/ScreeningRegister/Submit';
const BIND = '/Sampling/BindSamplingTube';
const STATUS = '/Sampling/GetSamplingTubeStatus';

beforeEach(resetQueue);
afterEach(closeOverlays);

function enqueue(
  sequence: number,
  tubeIndex = sequence,
  extra: Partial<Parameters<typeof enqueueBind>[0]> = {},
) {
  const result = enqueueBind({
    registrationInput: personInput(sequence),
    tubeCode: spareTube(tubeIndex),
    collectedAt: COLLECTED_AT,
    ...extra,
  });
  if (!result.ok) throw new Error(result.message);
  return result.entry;
}

function entry(id: string): QueueEntry {
  const found = getQueueSnapshot().entries.find((candidate) => candidate.id === id);
  if (!found) throw new Error('no such entry');
  return found;
}

function stored(): QueueEntry[] {
  return JSON.parse(localStorage.getItem(QUEUE_STORAGE_KEY) ?? '[]') as QueueEntry[];
}

/** Flushes as the app does, inside act: a flush that sends or fails something says so in a toast. */
function flush(options?: Parameters<typeof flushQueue>[0]) {
  return act(() => flushQueue(options));
}

/** Submits a registration directly, as an earlier session did: its id (fails the test when the answer has none). */
async function submitted(input: RegistrationInput): Promise<Id> {
  const id = await submitRegistration(input);
  if (!id) throw new Error('the save answered no id');
  return id;
}

/** One network failure for requests to `path`, then the demo backend again. */
function dropOnce(path: string) {
  server.use(http.post(`*/api/v1${path}`, () => HttpResponse.error(), { once: true }));
}

describe('enqueueBind', () => {
  beforeEach(() => {
    setToken('token-of-admin');
    setSessionOwner(TEST_OWNERS.work);
  });

  it('persists the entry in localStorage as pending, owned by the signed-in account', () => {
    const queued = enqueue(1);
    expect(stored()).toEqual([
      expect.objectContaining({
        id: queued.id,
        owner: { audience: 'work', account: 'admin' },
        status: 'pending',
        attempts: 0,
        tubeCode: spareTube(1),
        collectedAt: COLLECTED_AT,
        registrationInput: personInput(1),
      }),
    ]);
    expect(queued.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(queued.createdAt)).not.toBeNaN();
    expect(getQueueSnapshot().entries).toHaveLength(1);
  });

  it('refuses a tube or an ID card that is already waiting', () => {
    enqueue(1);
    expect(
      enqueueBind({
        registrationInput: personInput(2),
        tubeCode: ` ${spareTube(1)} `,
        collectedAt: COLLECTED_AT,
      }),
    ).toMatchObject({
      ok: false,
      reason: 'duplicate-tube',
      message: '该采样管已在待发送队列中，不需要重复保存',
    });
    expect(
      enqueueBind({ registrationInput: personInput(1), tubeCode: spareTube(2), collectedAt: COLLECTED_AT }),
    ).toMatchObject({ ok: false, reason: 'duplicate-id-card' });
    expect(stored()).toHaveLength(1);
  });

  // The duplicate check compares as lib/tube-code.ts and lib/id-card.ts read codes and numbers: tube
  // codes trimmed and never upper-cased (the server may tell cases apart), ID cards trimmed with x as X.
  it.each([
    { queued: 'CT2026110001', typed: 'CT2026110001', duplicate: true },
    { queued: 'CT2026110001', typed: '  CT2026110001\t', duplicate: true },
    { queued: ' CT2026110001 ', typed: 'CT2026110001', duplicate: true },
    { queued: 'CT2026110001', typed: 'ct2026110001', duplicate: false },
    { queued: 'Tb-2024-001', typed: 'TB-2024-001', duplicate: false },
    { queued: 'CT2026110001', typed: 'CT2026110002', duplicate: false },
  ])('tube $queued queued, $typed typed: duplicate $duplicate', ({ queued, typed, duplicate }) => {
    enqueue(1, 1, { tubeCode: queued });
    const second = enqueueBind({
      registrationInput: personInput(2),
      tubeCode: typed,
      collectedAt: COLLECTED_AT,
    });
    expect(second.ok ? null : second.reason).toBe(duplicate ? 'duplicate-tube' : null);
  });

  it.each([
    { typed: 'as queued', change: (idCard: string) => idCard, duplicate: true },
    { typed: 'with spaces around', change: (idCard: string) => ` ${idCard} `, duplicate: true },
    { typed: 'with a small x', change: (idCard: string) => idCard.replace(/X$/, 'x'), duplicate: true },
    { typed: 'one digit apart', change: (idCard: string) => `9${idCard.slice(1)}`, duplicate: false },
  ])('an ID card typed $typed: duplicate $duplicate', ({ change, duplicate }) => {
    const input = { ...personInput(1), idCard: `${personInput(1).idCard.slice(0, 17)}X` };
    enqueue(1, 1, { registrationInput: input });
    const second = enqueueBind({
      registrationInput: { ...personInput(2), idCard: change(input.idCard) },
      tubeCode: spareTube(2),
      collectedAt: COLLECTED_AT,
    });
    expect(second.ok ? null : second.reason).toBe(duplicate ? 'duplicate-id-card' : null);
  });

  it('refuses what storage cannot keep, so the form keeps it instead', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(
      enqueueBind({ registrationInput: personInput(1), tubeCode: spareTube(1), collectedAt: COLLECTED_AT }),
    ).toMatchObject({
      ok: false,
      reason: 'storage',
      message: '无法保存到本机，请留在本页，恢复网络后再提交',
    });
    expect(getQueueSnapshot().entries).toHaveLength(0);
  });

  it('refuses without a staff session: an entry must have an owner to be sent under', () => {
    setSessionOwner(TEST_OWNERS.check);
    expect(
      enqueueBind({ registrationInput: personInput(1), tubeCode: spareTube(1), collectedAt: COLLECTED_AT }),
    ).toMatchObject({ ok: false, reason: 'no-session' });
    sessionStorage.removeItem('token');
    setSessionOwner(TEST_OWNERS.work);
    expect(
      enqueueBind({ registrationInput: personInput(1), tubeCode: spareTube(1), collectedAt: COLLECTED_AT }),
    ).toMatchObject({ ok: false, reason: 'no-session' });
    expect(stored()).toEqual([]);
  });

  it("checks tubes and ID cards against the account's own entries only", () => {
    setSessionOwner({ audience: 'work', account: 'worker' });
    enqueue(1);
    setSessionOwner(TEST_OWNERS.work);
    // Another account's entry is not this one's to see: the server will say if the tube is taken.
    expect(enqueue(1).owner).toEqual(TEST_OWNERS.work);
    expect(stored()).toHaveLength(2);
  });
});

describe('flushQueue', () => {
  beforeEach(async () => {
    await signInForTest('work');
  });

  it('registers and binds each entry once, in order, and reports it', async () => {
    const log = recordRequests();
    const first = enqueue(1);
    const second = enqueue(2);

    const summary = await flush();

    expect(summary).toMatchObject({ sent: 2, failed: 0, pending: 0 });
    expect(log.count(SUBMIT)).toBe(2);
    expect(log.count(BIND)).toBe(2);
    expect(await log.bodies(BIND)).toEqual([
      expect.objectContaining({ tubeCode: spareTube(1), collectedAt: COLLECTED_AT }),
      expect.objectContaining({ tubeCode: spareTube(2), collectedAt: COLLECTED_AT }),
    ]);
    for (const [queued, sequence, tubeIndex] of [
      [first, 1, 1],
      [second, 2, 2],
    ] as const) {
      const [registration] = registrationsWithIdCard(personInput(sequence).idCard);
      expect(tube(spareTube(tubeIndex))).toMatchObject({ status: 'bound', registrationId: registration.id });
      expect(entry(queued.id)).toMatchObject({
        status: 'sent',
        attempts: 1,
        resultRegistrationId: registration.id,
      });
    }
    expect(stored().map((item) => item.status)).toEqual(['sent', 'sent']);
    expect(await screen.findByText('已自动提交 2 条登记')).toBeInTheDocument();

    // Nothing is sent twice.
    await flush();
    expect(log.count(SUBMIT)).toBe(2);
    expect(log.count(BIND)).toBe(2);
  });

  it('sends once when flushes are started at the same time', async () => {
    const log = recordRequests();
    enqueue(1);
    const summaries = await act(() => Promise.all([flushQueue(), flushQueue(), flushQueue()]));
    expect(summaries[0]).toMatchObject({ sent: 1 });
    expect(log.count(SUBMIT)).toBe(1);
    expect(log.count(BIND)).toBe(1);
  });

  it('leaves the queue to another tab that holds the lock, and takes over an expired lock', async () => {
    const log = recordRequests();
    const queued = enqueue(1);
    localStorage.setItem(
      QUEUE_LOCK_KEY,
      JSON.stringify({ owner: 'other-tab', expiresAt: Date.now() + 10_000 }),
    );
    expect(await flush()).toMatchObject({ skipped: 'busy', pending: 1 });
    expect(log.count(SUBMIT)).toBe(0);

    localStorage.setItem(QUEUE_LOCK_KEY, JSON.stringify({ owner: 'other-tab', expiresAt: Date.now() - 1 }));
    expect(await flush()).toMatchObject({ sent: 1 });
    expect(entry(queued.id).status).toBe('sent');
    expect(localStorage.getItem(QUEUE_LOCK_KEY)).toBeNull();
  });

  /** [who, Idempotency-Key] of each request to `path`: the ID card of a Submit, the tube code of a bind. */
  async function keysSent(log: ReturnType<typeof recordRequests>, path: string) {
    return (await log.to(path)).map((request) => [
      (request.body as { idCard?: string; tubeCode?: string }).idCard ??
        (request.body as { tubeCode: string }).tubeCode,
      request.headers.get('Idempotency-Key'),
    ]);
  }

  it('re-sends an entry with the same Idempotency-Keys, and another entry with its own', async () => {
    config.assumptions.idempotencyKey = true;
    try {
      const log = recordRequests();
      enqueue(1);
      enqueue(2);
      dropOnce(SUBMIT);
      expect(await flush()).toMatchObject({ sent: 0, pending: 2 });
      await flush({ manual: true });
      const keys = (path: string) => keysSent(log, path);
      const submits = await keys(SUBMIT);
      // The first entry's lost Submit and its re-send share a key; the second entry has its own.
      expect(submits.map(([who]) => who)).toEqual([
        personInput(1).idCard,
        personInput(1).idCard,
        personInput(2).idCard,
      ]);
      expect(submits[1][1]).toBe(submits[0][1]);
      expect(submits[2][1]).not.toBe(submits[0][1]);
      const binds = await keys(BIND);
      expect(binds).toHaveLength(2);
      expect(binds[0][1]).not.toBe(binds[1][1]);
      expect(new Set([...submits, ...binds].map(([, key]) => key)).size).toBe(4);
    } finally {
      config.assumptions.idempotencyKey = false;
    }
  });

  it('sends no Idempotency-Key with the switch off (the default), re-sends included', async () => {
    expect(config.assumptions.idempotencyKey).toBe(false);
    const log = recordRequests();
    enqueue(1);
    dropOnce(SUBMIT);
    expect(await flush()).toMatchObject({ sent: 0, pending: 1 });
    expect(await flush({ manual: true })).toMatchObject({ sent: 1 });
    const sent = [...(await keysSent(log, SUBMIT)), ...(await keysSent(log, BIND))];
    expect(sent).toHaveLength(3);
    expect(sent.map(([, key]) => key)).toEqual([null, null, null]);
  });

  it('reuses the saved registration when binding failed on the network', async () => {
    const log = recordRequests();
    const queued = enqueue(1);
    dropOnce(BIND);

    expect(await flush()).toMatchObject({ sent: 0, pending: 1, stoppedBy: '后端接口连接异常' });
    const [registration] = registrationsWithIdCard(personInput(1).idCard);
    expect(entry(queued.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      registrationId: registration.id,
      lastError: '后端接口连接异常',
    });
    expect(stored()[0].registrationId).toBe(registration.id);

    expect(await flush({ manual: true })).toMatchObject({ sent: 1 });
    expect(log.count(SUBMIT)).toBe(1);
    expect(log.count(BIND)).toBe(2);
    expect(registrationsWithIdCard(personInput(1).idCard)).toHaveLength(1);
    expect(entry(queued.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(entry(queued.id).lastError).toBeUndefined();
  });

  it('stays pending and stops when the network fails again', async () => {
    const log = recordRequests();
    const first = enqueue(1);
    const second = enqueue(2);
    server.use(http.post(`*/api/v1${SUBMIT}`, () => HttpResponse.error()));
    const toastShown = vi.spyOn(Toast, 'show');

    const summary = await flush();

    expect(summary).toMatchObject({ sent: 0, failed: 0, pending: 2 });
    expect(log.count(SUBMIT)).toBe(1);
    expect(entry(first.id)).toMatchObject({ status: 'pending', attempts: 1, lastError: '后端接口连接异常' });
    expect(entry(second.id)).toMatchObject({ status: 'pending', attempts: 0 });
    // An automatic flush that achieved nothing says nothing.
    expect(toastShown).not.toHaveBeenCalled();
  });

  it('counts a tube already bound to this registration as sent (an earlier answer was lost)', async () => {
    const input = personInput(1);
    const saved = await submitted(input);
    await bindSamplingTube({ registrationId: saved, tubeCode: spareTube(1), collectedAt: COLLECTED_AT });
    resetRepeatSubmitGuard();
    const log = recordRequests();
    const queued = enqueue(1, 1, { registrationId: saved });

    expect(await flush()).toMatchObject({ sent: 1, failed: 0 });
    expect(log.count(SUBMIT)).toBe(0);
    expect(log.count(BIND)).toBe(1);
    expect(log.count(STATUS)).toBe(1);
    expect(entry(queued.id)).toMatchObject({ status: 'sent', resultRegistrationId: saved });
  });

  it('also when the server answers "tube already bound"', async () => {
    const saved = await submitted(personInput(1));
    await bindSamplingTube({ registrationId: saved, tubeCode: spareTube(1), collectedAt: COLLECTED_AT });
    resetRepeatSubmitGuard();
    server.use(
      http.post(`*/api/v1${BIND}`, () =>
        HttpResponse.json({
          statusCode: API_STATUS.tubeAlreadyBound,
          responseMessage: '该采样管已绑定其他受检者',
          responseData: null,
        }),
      ),
    );
    const queued = enqueue(1, 1, { registrationId: saved });
    expect(await flush()).toMatchObject({ sent: 1 });
    expect(entry(queued.id).status).toBe('sent');
  });

  it('fails with the reason when the tube is bound to someone else, and keeps the saved registration', async () => {
    const other = await submitted(personInput(9));
    await bindSamplingTube({ registrationId: other, tubeCode: spareTube(1), collectedAt: COLLECTED_AT });
    const log = recordRequests();
    const first = enqueue(1, 1);
    const second = enqueue(2, 2);

    const summary = await flush();

    expect(summary).toMatchObject({ sent: 1, failed: 1, pending: 0 });
    const [registration] = registrationsWithIdCard(personInput(1).idCard);
    expect(entry(first.id)).toMatchObject({
      status: 'failed',
      lastError: '绑定采样管失败：该采样管已绑定其他受检者',
      registrationId: registration.id,
    });
    expect(tube(spareTube(1))?.registrationId).toBe(other);
    // A failure needs the user, but does not hold up the entries after it.
    expect(entry(second.id).status).toBe('sent');
    expect(
      await screen.findByText('已自动提交 1 条登记，1 条发送失败，请在首页查看原因', { exact: false }),
    ).toBeInTheDocument();

    // Failed entries are not retried automatically; 重新发送 binds the saved registration, no second registration.
    await flush();
    expect(log.count(SUBMIT)).toBe(2);
    retryQueueEntry(first.id);
    expect(entry(first.id)).toMatchObject({ status: 'pending' });
    expect(entry(first.id).lastError).toBeUndefined();
    expect(await flush()).toMatchObject({ failed: 1 });
    expect(log.count(SUBMIT)).toBe(2);
    expect(registrationsWithIdCard(personInput(1).idCard)).toHaveLength(1);

    expect(removeFinishedEntries()).toBe(2);
    expect(getQueueSnapshot().entries).toHaveLength(0);
    expect(localStorage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
  });

  it('fails with the server reason for a registration it refuses', async () => {
    server.use(
      http.post(`*/api/v1${SUBMIT}`, () =>
        HttpResponse.json({
          statusCode: API_STATUS.invalidInput,
          responseMessage: '请填写正确的电话',
          responseData: null,
        }),
      ),
    );
    const log = recordRequests();
    const queued = enqueue(1);
    expect(await flush()).toMatchObject({ failed: 1 });
    expect(entry(queued.id)).toMatchObject({ status: 'failed', lastError: '提交登记失败：请填写正确的电话' });
    expect(log.count(BIND)).toBe(0);
  });

  it('binds the registration an earlier, unanswered submit saved (same person) instead of failing', async () => {
    const input = personInput(1);
    const saved = await submitted(input);
    resetRepeatSubmitGuard();
    const queued = enqueue(1);

    expect(await flush()).toMatchObject({ sent: 1 });
    expect(entry(queued.id)).toMatchObject({ status: 'sent', registrationId: saved });
    expect(tube(spareTube(1))?.registrationId).toBe(saved);
    expect(registrationsWithIdCard(input.idCard)).toHaveLength(1);
  });

  it('does not take over a registration of the same ID card with other details', async () => {
    const saved = await submitted({ ...personInput(1), name: '别人', phone: '13900139000' });
    resetRepeatSubmitGuard();
    const log = recordRequests();
    const queued = enqueue(1);

    expect(await flush()).toMatchObject({ failed: 1 });
    expect(entry(queued.id)).toMatchObject({
      status: 'failed',
      lastError: '提交登记失败：该身份证号已登记。可打开已有登记核对后绑定采样管',
      resultRegistrationId: saved,
    });
    expect(entry(queued.id).registrationId).toBeUndefined();
    expect(log.count(BIND)).toBe(0);
  });

  it('does not send without a staff session or while the device is offline', async () => {
    const log = recordRequests();
    enqueue(1);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await flush()).toMatchObject({ skipped: 'offline', pending: 1 });
    vi.restoreAllMocks();

    setSessionOwner(TEST_OWNERS.check);
    expect(await flush()).toMatchObject({ skipped: 'no-session' });
    sessionStorage.removeItem('token');
    setSessionOwner(TEST_OWNERS.work);
    expect(await flush()).toMatchObject({ skipped: 'no-session' });
    expect(log.count(SUBMIT)).toBe(0);
  });

  it("sends only the session account's entries, under its own token; another account's stay untouched", async () => {
    const adminToken = sessionStorage.getItem('token');
    const workerToken = (await loginManage({ accountName: 'worker', accountPwd: '123456' })).token;
    setToken(workerToken);
    setSessionOwner({ audience: 'work', account: 'worker' });
    const workers = enqueue(1);
    setToken(adminToken ?? '');
    setSessionOwner(TEST_OWNERS.work);
    const admins = enqueue(2);
    const log = recordRequests();

    expect(await flush()).toMatchObject({ sent: 1, pending: 0 });
    const sent = [...(await log.to(SUBMIT)), ...(await log.to(BIND))];
    expect(sent).toHaveLength(2);
    expect(sent.map((request) => request.headers.get('Authorization'))).toEqual([adminToken, adminToken]);
    expect(await log.bodies(SUBMIT)).toEqual([expect.objectContaining({ idCard: personInput(2).idCard })]);
    expect(entry(admins.id).status).toBe('sent');
    expect(entry(workers.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(registrationsWithIdCard(personInput(1).idCard)).toEqual([]);

    // Signed in as worker, her entry goes out under her token.
    setToken(workerToken);
    setSessionOwner({ audience: 'work', account: 'worker' });
    expect(await flush()).toMatchObject({ sent: 1, pending: 0 });
    expect((await log.to(SUBMIT)).map((request) => request.headers.get('Authorization'))).toEqual([
      adminToken,
      workerToken,
    ]);
  });

  it('stops the moment the session changes while an entry is in flight: nothing more is sent, under any token', async () => {
    const queued = enqueue(1);
    const submit = holdRequests(`*/api/v1${SUBMIT}`);
    const log = recordRequests();
    const flushed = flush();
    await submit.arrived;
    // A 401 elsewhere ends the session; another nurse signs in in the same tab.
    removeToken();
    const workerToken = (await loginManage({ accountName: 'worker', accountPwd: '123456' })).token;
    setToken(workerToken);
    setSessionOwner({ audience: 'work', account: 'worker' });
    submit.release();
    expect(await flushed).toMatchObject({ sent: 0, failed: 0 });

    const sent = (await log.all()).filter((request) => !request.path.endsWith('/LoginManage'));
    expect(sent.map((request) => request.path)).toEqual([`/api/v1${SUBMIT}`]);
    expect(log.count(BIND) + log.count(STATUS)).toBe(0);
    // Nothing was decided: the entry waits for its owner, with no failure counted against it.
    expect(entry(queued.id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(entry(queued.id).transientFailures).toBeUndefined();
  });

  it('never sends an entry without an owner (queued before owners were recorded)', async () => {
    const log = recordRequests();
    const { owner: _owner, ...ownerless } = enqueue(1);
    localStorage.setItem(QUEUE_STORAGE_KEY, JSON.stringify([ownerless]));
    resetQueue();
    expect(await flush({ manual: true })).toMatchObject({ skipped: 'empty', sent: 0 });
    expect(log.count(SUBMIT)).toBe(0);
    expect(stored()).toEqual([ownerless]);
  });

  it('says why nothing was sent when the user asked for it', async () => {
    enqueue(1);
    server.use(http.post(`*/api/v1${SUBMIT}`, () => HttpResponse.error()));
    await flush({ manual: true });
    expect(await screen.findByText('暂时无法发送：网络不可用，恢复网络后自动重试')).toBeInTheDocument();
  });
});

/** The server commits the request, then its answer is lost on the way: `lost` is what the phone gets. */
function commitThenLose(path: string, lost: () => Response) {
  server.use(
    http.post(
      `*/api/v1${path}`,
      async ({ request }) => {
        await getResponse(handlers, request);
        return lost();
      },
      { once: true },
    ),
  );
}

const LOST_ANSWERS: [string, () => Response][] = [
  ['a dropped connection', () => HttpResponse.error()],
  ['502 with a gateway page', () => new HttpResponse('<html>502 Bad Gateway</html>', { status: 502 })],
  ['503', () => new HttpResponse(null, { status: 503 })],
  ['504', () => new HttpResponse(null, { status: 504 })],
  ['408', () => new HttpResponse(null, { status: 408 })],
];

describe('flushQueue with a busy server (lib/http/retry-policy.ts)', () => {
  beforeEach(async () => {
    await signInForTest('work');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps an entry turned away with 503 waiting, never before Retry-After, then sends it by itself', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const log = recordRequests();
    const queued = enqueue(1);
    server.use(
      http.post(
        `*/api/v1${SUBMIT}`,
        () => new HttpResponse(null, { status: 503, headers: { 'Retry-After': '30' } }),
        { once: true },
      ),
    );
    const turnedAwayAt = Date.now();

    expect(await flushQueue()).toMatchObject({ sent: 0, failed: 0, pending: 1 });
    expect(entry(queued.id)).toMatchObject({
      status: 'pending',
      waitingFor: 'server',
      transientFailures: 1,
      lastError: '系统接口503异常',
    });
    expect(Date.parse(entry(queued.id).nextAttemptAt ?? '')).toBeGreaterThanOrEqual(turnedAwayAt + 30_000);
    // Asked again before it is due (the app's start, the home card): nothing goes out.
    expect(await flushQueue()).toMatchObject({ skipped: 'waiting' });

    await vi.advanceTimersByTimeAsync(29_000);
    expect(log.count(SUBMIT)).toBe(1);
    // The queue's own timer sends it, and says so.
    // Retry-After plus the first backoff's jitter (below 2 s).
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    vi.useRealTimers();
    expect(await screen.findByText('已自动提交 1 条登记')).toBeInTheDocument();
    expect(entry(queued.id).status).toBe('sent');
    expect(log.count(SUBMIT)).toBe(2);
    expect(entry(queued.id).nextAttemptAt).toBeUndefined();
  });

  it('sends what waited for the network as soon as it is back, but not what a busy server put off', async () => {
    // Each backoff near its longest (2 s): never already over when the test looks.
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    const offline = enqueue(1);
    dropOnce(SUBMIT);
    await flush();
    expect(entry(offline.id)).toMatchObject({ status: 'pending', waitingFor: 'network' });
    expect(await flush()).toMatchObject({ skipped: 'waiting' });
    expect(await flush({ networkBack: true })).toMatchObject({ sent: 1 });

    const busy = enqueue(2);
    server.use(http.post(`*/api/v1${SUBMIT}`, () => new HttpResponse(null, { status: 503 }), { once: true }));
    await flush();
    expect(entry(busy.id)).toMatchObject({ status: 'pending', waitingFor: 'server' });
    expect(await flush({ networkBack: true })).toMatchObject({ skipped: 'waiting' });
  });

  it('asks for attention, saying why, only after 24 hours of such failures', async () => {
    const queued = enqueue(1);
    server.use(http.post(`*/api/v1${SUBMIT}`, () => new HttpResponse(null, { status: 503 })));
    await flush();
    expect(entry(queued.id).status).toBe('pending');
    updateQueueEntry(queued.id, { firstFailedAt: new Date(Date.now() - 24 * 3_600_000).toISOString() });

    expect(await flush({ manual: true })).toMatchObject({ failed: 1, pending: 0 });
    expect(entry(queued.id)).toMatchObject({
      status: 'failed',
      lastError: '24 小时内一直无法发送（系统接口503异常），请确认网络和服务器正常后重新发送',
    });
    // 重新发送 starts a fresh count.
    retryQueueEntry(queued.id);
    expect(entry(queued.id).transientFailures).toBeUndefined();
    expect(entry(queued.id).firstFailedAt).toBeUndefined();
  });

  it('fails at once, with the server reason, for a refusal (HTTP 500)', async () => {
    const queued = enqueue(1);
    server.use(http.post(`*/api/v1${SUBMIT}`, () => new HttpResponse(null, { status: 500 })));
    expect(await flush()).toMatchObject({ failed: 1 });
    expect(entry(queued.id)).toMatchObject({ status: 'failed', lastError: '提交登记失败：系统接口500异常' });
  });

  it.each(LOST_ANSWERS)(
    'a Submit committed, its answer lost (%s): the resend adopts the same person, no second registration',
    async (_, lost) => {
      const log = recordRequests();
      const queued = enqueue(1);
      commitThenLose(SUBMIT, lost);
      expect(await flush()).toMatchObject({ sent: 0, pending: 1 });
      expect(registrationsWithIdCard(personInput(1).idCard)).toHaveLength(1);

      expect(await flush({ manual: true })).toMatchObject({ sent: 1 });
      const [registration] = registrationsWithIdCard(personInput(1).idCard);
      expect(registrationsWithIdCard(personInput(1).idCard)).toHaveLength(1);
      expect(entry(queued.id)).toMatchObject({ status: 'sent', resultRegistrationId: registration.id });
      expect(tube(spareTube(1))?.registrationId).toBe(registration.id);
      expect(log.count(BIND)).toBe(1);
    },
  );

  it.each(LOST_ANSWERS)(
    "a Bind committed, its answer lost (%s): the tube's status confirms it before anything is resent",
    async (_, lost) => {
      const log = recordRequests();
      const queued = enqueue(1);
      commitThenLose(BIND, lost);
      expect(await flush()).toMatchObject({ sent: 0, pending: 1 });
      // Nothing more asked of a server that just failed.
      expect(log.count(STATUS)).toBe(0);

      expect(await flush({ manual: true })).toMatchObject({ sent: 1 });
      const [registration] = registrationsWithIdCard(personInput(1).idCard);
      expect(log.count(STATUS)).toBe(1);
      expect(log.count(BIND)).toBe(1);
      expect(log.count(SUBMIT)).toBe(1);
      expect(entry(queued.id)).toMatchObject({ status: 'sent', resultRegistrationId: registration.id });
      expect(tube(spareTube(1))?.registrationId).toBe(registration.id);
    },
  );
});
