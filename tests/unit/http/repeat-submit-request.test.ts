import * as v from 'valibot';
import { HttpResponse, http as mswHttp } from 'msw';
import { request } from '@/lib/http';
import { server } from '../../msw-server';
import { recordRequests, type RequestLog } from '../support/request-log';
import { api, expectFailToast, expectNoToast, isolateRequestTests, rejectionOf } from './helpers';

isolateRequestTests();

const PATH = '/api/v1/Test/Submit';
const REPEAT_MESSAGE = '数据正在处理，请勿重复提交';

/** Answers success unless told otherwise; returns what reached the server (the shared recorder). */
function countServerHits(
  method: 'get' | 'post' | 'put' = 'post',
  answer = () => HttpResponse.json({ responseData: 'ok' }),
): RequestLog {
  server.use(mswHttp[method](api(PATH), answer));
  return recordRequests();
}

const submit = (data: unknown, options: Record<string, unknown> = {}) =>
  request({ schema: v.string(), url: PATH, method: 'post', data, repeatSubmit: true, ...options });

describe('repeat-submit guard on real requests (spec §5)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 23, 9, 0, 0));
  });
  afterEach(() => vi.useRealTimers());

  it.each([['post' as const], ['put' as const]])(
    '%s: the same url and body again within 1000 ms is refused before it is sent',
    async (method) => {
      const hits = countServerHits(method);
      await expect(
        request({ schema: v.unknown(), url: PATH, method, data: { tube: 'A1' }, repeatSubmit: true }),
      ).resolves.toBe('ok');
      vi.setSystemTime(Date.now() + 999);
      const error = await rejectionOf(
        request({ schema: v.unknown(), url: PATH, method, data: { tube: 'A1' }, repeatSubmit: true }),
      );
      expect(error).toMatchObject({ kind: 'repeat-submit', message: REPEAT_MESSAGE });
      expect(hits.count(PATH)).toBe(1);
      await expectFailToast(REPEAT_MESSAGE);
    },
  );

  it('a double tap while the first request is in flight sends one request', async () => {
    const hits = countServerHits();
    const results = await Promise.allSettled([submit({ tube: 'A1' }), submit({ tube: 'A1' })]);
    expect(results[0]).toEqual({ status: 'fulfilled', value: 'ok' });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { kind: 'repeat-submit' } });
    expect(hits.count(PATH)).toBe(1);
  });

  it.each([
    ['a different body', { tube: 'B2' }, 1],
    ['the same body 1000 ms later', { tube: 'A1' }, 1000],
  ])('%s passes', async (_case, data, laterMs) => {
    const hits = countServerHits();
    await submit({ tube: 'A1' });
    vi.setSystemTime(Date.now() + laterMs);
    await expect(submit(data)).resolves.toBe('ok');
    expect(hits.count(PATH)).toBe(2);
  });

  it('requests without repeatSubmit are never refused', async () => {
    const hits = countServerHits();
    await request({ schema: v.unknown(), url: PATH, method: 'post', data: { tube: 'A1' } });
    await request({ schema: v.unknown(), url: PATH, method: 'post', data: { tube: 'A1' } });
    expect(hits.count(PATH)).toBe(2);
  });

  it('GET is never guarded, even when flagged', async () => {
    const hits = countServerHits('get');
    await request({ schema: v.unknown(), url: PATH, params: { id: 1 }, repeatSubmit: true });
    await request({ schema: v.unknown(), url: PATH, params: { id: 1 }, repeatSubmit: true });
    expect(hits.count(PATH)).toBe(2);
  });

  it.each([
    ['a business error', () => HttpResponse.json({ statusCode: 500, responseMessage: '稍后再试' })],
    ['an HTTP 500', () => new HttpResponse(null, { status: 500 })],
    ['an HTTP 401', () => new HttpResponse(null, { status: 401 })],
    ['a network error', () => HttpResponse.error()],
  ])('after %s the same request can be retried at once', async (_case, failure) => {
    let fail = true;
    const hits = countServerHits('post', () =>
      fail ? failure() : HttpResponse.json({ responseData: 'ok' }),
    );
    await rejectionOf(submit({ tube: 'A1' }, { silent: true }));
    fail = false;
    await expect(submit({ tube: 'A1' })).resolves.toBe('ok');
    expect(hits.count(PATH)).toBe(2);
  });

  it('a refused repeat does not unlock the request still in flight', async () => {
    const hits = countServerHits();
    const first = submit({ tube: 'A1' });
    await rejectionOf(submit({ tube: 'A1' }, { silent: true }));
    await rejectionOf(submit({ tube: 'A1' }, { silent: true }));
    await expect(first).resolves.toBe('ok');
    expect(hits.count(PATH)).toBe(1);
  });

  it('silent: a refused repeat shows no toast', async () => {
    countServerHits();
    await submit({ tube: 'A1' });
    const error = await rejectionOf(submit({ tube: 'A1' }, { silent: true }));
    expect(error.kind).toBe('repeat-submit');
    await expectNoToast();
  });

  it('a body of 5 MB or more skips the guard with a console warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const hits = countServerHits();
    const big = { report: 'a'.repeat(5242880) };
    await expect(submit(big)).resolves.toBe('ok');
    await expect(submit(big)).resolves.toBe('ok');
    expect(hits.count(PATH)).toBe(2);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0][0])).toContain(PATH);
  });
});
