import { HttpResponse, http as mswHttp } from 'msw';
import * as v from 'valibot';
import { bindSamplingTube } from '@/api/sampling';
import { config } from '@/config/env';
import { request } from '@/lib/http';
import { IDEMPOTENCY_KEY_TTL_MS, idempotencyKeyFor } from '@/lib/http/idempotency';
import { server } from '../../msw-server';
import { recordRequests } from '../support/request-log';
import { api, isolateRequestTests, rejectionOf } from './helpers';

isolateRequestTests();

const PATH = '/api/v1/Test/Save';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The headers of every request to PATH, in order. */
async function sent(log: ReturnType<typeof recordRequests>, header: string) {
  return (await log.to(PATH)).map((request) => request.headers.get(header));
}

const save = (data: unknown) =>
  request({ url: PATH, method: 'post', data, idempotent: true, silent: true, schema: v.unknown() });

function answers(...kinds: ('network' | 'ok' | 'business' | 'http')[]) {
  let call = 0;
  server.use(
    mswHttp.post(api(PATH), () => {
      const kind = kinds[Math.min(call, kinds.length - 1)];
      call += 1;
      if (kind === 'network') return HttpResponse.error();
      if (kind === 'http') return new HttpResponse(null, { status: 502 });
      return HttpResponse.json(
        kind === 'ok'
          ? { statusCode: 2000, responseData: null }
          : { statusCode: 9001, responseMessage: '采集时间不能晚于当前时间', responseData: null },
      );
    }),
  );
}

const bind = () =>
  bindSamplingTube({
    registrationId: 'r1',
    tubeCode: 'CT2026110001',
    collectedAt: '2026-11-25T09:00:00+08:00',
  });

describe('Idempotency-Key, by default (a header the spec does not name)', () => {
  it('is never sent, so a server whose CORS allow-list names the spec’s headers accepts every save', async () => {
    server.use(
      mswHttp.post(api('/api/v1/Sampling/BindSamplingTube'), () => HttpResponse.json({ statusCode: 2000 })),
    );
    answers('network', 'ok');
    const log = recordRequests();
    await bind();
    await rejectionOf(save({ a: 1 }));
    await save({ a: 1 });
    const [request] = await log.to('/Sampling/BindSamplingTube');
    expect(request.headers.get('Idempotency-Key')).toBeNull();
    expect(await sent(log, 'Idempotency-Key')).toEqual([null, null]);
    expect(request.headers.get('requestId')).toMatch(UUID_V4);
  });
});

describe('Idempotency-Key, with the switch on (VITE_SEND_IDEMPOTENCY_KEY)', () => {
  beforeEach(() => {
    config.assumptions.idempotencyKey = true;
  });
  afterEach(() => {
    config.assumptions.idempotencyKey = false;
  });

  it('is the same on every retry of one action whose answer was lost, while requestId changes', async () => {
    answers('network', 'network', 'ok');
    const log = recordRequests();
    await rejectionOf(save({ tubeCode: 'CT2026110001' }));
    await rejectionOf(save({ tubeCode: 'CT2026110001' }));
    await save({ tubeCode: 'CT2026110001' });
    const keys = await sent(log, 'Idempotency-Key');
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(1);
    expect(new Set(await sent(log, 'requestId')).size).toBe(3);
  });

  it('is released by any answer for the URL, an HTTP failure too: the next attempt is a new action', async () => {
    answers('http', 'ok');
    const log = recordRequests();
    await rejectionOf(save({ tubeCode: 'CT2026110001' }));
    await save({ tubeCode: 'CT2026110001' });
    const [first, second] = await sent(log, 'Idempotency-Key');
    expect(second).not.toBe(first);
  });

  it('releases every open action of the URL when one answer arrives', async () => {
    answers('network', 'ok', 'ok');
    const log = recordRequests();
    await rejectionOf(save({ tubeCode: 'CT2026110001' }));
    await save({ tubeCode: 'CT2026110002' });
    await save({ tubeCode: 'CT2026110001' });
    const [lost, , again] = await sent(log, 'Idempotency-Key');
    expect(again).not.toBe(lost);
  });

  it('expires: an action left open longer than a few minutes is a new one', () => {
    const now = Date.now();
    const key = idempotencyKeyFor(PATH, { a: 1 }, now);
    expect(idempotencyKeyFor(PATH, { a: 1 }, now + IDEMPOTENCY_KEY_TTL_MS - 1)).toBe(key);
    expect(idempotencyKeyFor(PATH, { a: 1 }, now + IDEMPOTENCY_KEY_TTL_MS)).not.toBe(key);
  });

  it('differs between two actions: other data, or the same data after the server answered', async () => {
    answers('ok');
    const log = recordRequests();
    await save({ tubeCode: 'CT2026110001' });
    await save({ tubeCode: 'CT2026110002' });
    await save({ tubeCode: 'CT2026110001' });
    const keys = await sent(log, 'Idempotency-Key');
    expect(new Set(keys).size).toBe(3);
  });

  it('a business refusal ends the action too: correcting and resending is a new one', async () => {
    answers('business', 'business');
    const log = recordRequests();
    await rejectionOf(save({ collectedAt: '2099-01-01T00:00:00+08:00' }));
    await rejectionOf(save({ collectedAt: '2099-01-01T00:00:00+08:00' }));
    const [first, second] = await sent(log, 'Idempotency-Key');
    expect(second).not.toBe(first);
  });

  it('is the caller’s own key when it gives one', async () => {
    answers('network', 'ok');
    const log = recordRequests();
    const withKey = {
      url: PATH,
      method: 'post',
      data: { a: 1 },
      silent: true,
      idempotencyKey: 'queue-1-bind',
      schema: v.unknown(),
    };
    await rejectionOf(request(withKey));
    await request({ ...withKey, data: { a: 2 } });
    expect(await sent(log, 'Idempotency-Key')).toEqual(['queue-1-bind', 'queue-1-bind']);
  });

  it('is not sent by calls that change nothing', async () => {
    server.use(mswHttp.get(api(PATH), () => HttpResponse.json({ statusCode: 2000, responseData: null })));
    answers('ok');
    const log = recordRequests();
    await request({ url: PATH, schema: v.unknown() });
    await request({ url: PATH, method: 'post', data: {}, schema: v.unknown() });
    expect(await sent(log, 'Idempotency-Key')).toEqual([null, null]);
  });

  it('is sent by the endpoints that save data, e.g. BindSamplingTube', async () => {
    server.use(
      mswHttp.post(api('/api/v1/Sampling/BindSamplingTube'), () => HttpResponse.json({ statusCode: 2000 })),
    );
    const log = recordRequests();
    await bind();
    const [request] = await log.to('/Sampling/BindSamplingTube');
    expect(request.headers.get('Idempotency-Key')).toMatch(UUID_V4);
  });
});
