import * as v from 'valibot';
import { HttpResponse, http as mswHttp } from 'msw';
import { request } from '@/lib/http';
import { setToken } from '@/lib/token';
import { server } from '../../msw-server';
import { recordRequests, type RequestLog } from '../support/request-log';
import { api, isolateRequestTests } from './helpers';

isolateRequestTests();

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Answers every request to the path with success; returns what went out (the shared recorder). */
function answerOk(path: string, method: 'get' | 'post' | 'put' = 'post'): RequestLog {
  server.use(mswHttp[method](api(path), () => HttpResponse.json({ statusCode: 2000, responseData: null })));
  return recordRequests();
}

describe('what every request carries (spec §6, §7)', () => {
  it.each([
    ['a stored token, default options', 'token-abc', {}, 'token-abc'],
    ['a stored token, withToken: true', 'token-abc', { withToken: true }, 'token-abc'],
    ['a stored token, withToken: false (login)', 'token-abc', { withToken: false }, null],
    ['no stored token', null, {}, null],
  ])('Authorization with %s', async (_case, token, options, expected) => {
    if (token) setToken(token);
    const seen = answerOk('/api/v1/Test/Auth');
    await request({ schema: v.unknown(), url: '/api/v1/Test/Auth', method: 'post', data: {}, ...options });
    expect((await seen.all())[0].headers.get('Authorization')).toBe(expected);
  });

  it('reads the token at send time, so a login takes effect on the next request', async () => {
    const seen = answerOk('/api/v1/Test/Auth');
    await request({ schema: v.unknown(), url: '/api/v1/Test/Auth', method: 'post', data: {} });
    setToken('fresh');
    await request({ schema: v.unknown(), url: '/api/v1/Test/Auth', method: 'post', data: {} });
    expect((await seen.all()).map((sent) => sent.headers.get('Authorization'))).toEqual([null, 'fresh']);
  });

  it('sends a v4 requestId, different on every request', async () => {
    const seen = answerOk('/api/v1/Test/Id');
    for (let i = 0; i < 5; i += 1)
      await request({ schema: v.unknown(), url: '/api/v1/Test/Id', method: 'post', data: { i } });
    const ids = (await seen.all()).map((sent) => sent.headers.get('requestId'));
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(5);
  });

  it('GET also carries a requestId', async () => {
    const seen = answerOk('/api/v1/Test/Id', 'get');
    await request({ schema: v.unknown(), url: '/api/v1/Test/Id' });
    expect((await seen.all())[0].headers.get('requestId')).toMatch(UUID_V4);
  });

  it.each([['post' as const], ['put' as const]])(
    '%s sends its body as JSON with Content-Type application/json;charset=utf-8',
    async (method) => {
      const seen = answerOk('/api/v1/Test/Body', method);
      await request({
        schema: v.unknown(),
        url: '/api/v1/Test/Body',
        method,
        data: { name: '张三', count: 0 },
      });
      expect((await seen.all())[0].headers.get('Content-Type')).toBe('application/json;charset=utf-8');
      expect((await seen.all())[0].body).toEqual({ name: '张三', count: 0 });
    },
  );

  it('goes to the configured API host', async () => {
    const seen = answerOk('/api/v1/Test/Host', 'get');
    await request({ schema: v.unknown(), url: '/api/v1/Test/Host' });
    expect(new URL((await seen.all())[0].url).origin).toBe('https://api.screening.test:8686');
  });
});

describe('GET params (spec §5 query-string builder)', () => {
  it.each([
    [{ id: 7 }, '?id=7'],
    [{ id: 7, empty: '', none: null, missing: undefined }, '?id=7'],
    [{ zero: 0, flag: false }, '?zero=0&flag=false'],
    [{ query: { status: 1, keyword: '采样' } }, '?query%5Bstatus%5D=1&query%5Bkeyword%5D=%E9%87%87%E6%A0%B7'],
    [{ ids: [1, 2] }, '?ids=1&ids=2'],
    [{ q: 'a b&c' }, '?q=a%20b%26c'],
    [{}, ''],
  ])('%j -> %s', async (params, search) => {
    const seen = answerOk('/api/v1/Test/Params', 'get');
    await request({ schema: v.unknown(), url: '/api/v1/Test/Params', method: 'get', params });
    expect(new URL((await seen.all())[0].url).search).toBe(search);
  });

  it('the server reads nested params back as name[key]', async () => {
    const seen = answerOk('/api/v1/Test/Params', 'get');
    await request({
      schema: v.unknown(),
      url: '/api/v1/Test/Params',
      params: { query: { keyword: '采样' } },
    });
    expect(new URL((await seen.all())[0].url).searchParams.get('query[keyword]')).toBe('采样');
  });
});
