import * as v from 'valibot';
import { HttpResponse, http as mswHttp, type JsonBodyType } from 'msw';
import { request, setUnauthorizedHandler } from '@/lib/http';
import { server } from '../../msw-server';
import {
  api,
  expectFailToast,
  expectNoToast,
  expectWarningToast,
  isolateRequestTests,
  rejectionOf,
} from './helpers';

isolateRequestTests();

function answer(body: JsonBodyType): void {
  server.use(mswHttp.post(api('/api/v1/Test/Envelope'), () => HttpResponse.json(body)));
}

const post = (options: { silent?: boolean } = {}) =>
  request({ schema: v.unknown(), url: '/api/v1/Test/Envelope', method: 'post', data: { id: 1 }, ...options });

describe('a 2xx envelope (spec §8)', () => {
  it.each([
    ['statusCode absent', { responseData: { name: '张三' } }, { name: '张三' }],
    ['statusCode 2000', { statusCode: 2000, responseMessage: '成功', responseData: [1, 2] }, [1, 2]],
    ['statusCode 2000, data null', { statusCode: 2000, responseData: null }, null],
    ['statusCode 2000, data 0', { statusCode: 2000, responseData: 0 }, 0],
  ])('%s resolves with responseData and shows nothing', async (_case, body, expected) => {
    answer(body);
    await expect(post()).resolves.toEqual(expected);
    await expectNoToast();
  });

  it.each([
    ['500 with a message', 500, '库存不足', '库存不足'],
    ['another code with a message', 1234, '采样管已被绑定', '采样管已被绑定'],
    ['401 in the body: the table wins over the server text', 401, '服务器原文', '认证失败，无法访问系统资源'],
    ['403 in the body', 403, '服务器原文', '当前操作没有权限'],
    ['404 in the body', 404, null, '访问资源不存在'],
    ['500 without a message', 500, undefined, '系统未知错误，请联系客服'],
    ['500 with an empty message', 500, '', '系统未知错误，请联系客服'],
    ['another code with a null message', 7, null, '系统未知错误，请联系客服'],
  ])(
    '%s: rejects with a business error and a failure toast',
    async (_case, statusCode, responseMessage, message) => {
      answer({ statusCode, responseMessage, responseData: null });
      const error = await rejectionOf(post());
      expect(error).toMatchObject({ kind: 'business', code: statusCode, message });
      await expectFailToast(message);
    },
  );

  it.each([
    ['with a message', '请先完成问卷', '请先完成问卷'],
    ['without a message', undefined, '系统未知错误，请联系客服'],
  ])(
    '9001 %s: rejects with a business error and a warning toast',
    async (_case, responseMessage, message) => {
      answer({ statusCode: 9001, responseMessage });
      const error = await rejectionOf(post());
      expect(error).toMatchObject({ kind: 'business', code: 9001, message });
      await expectWarningToast(message);
    },
  );

  it('keeps the body on a business error for callers that need more than the message', async () => {
    const body = { statusCode: 500, responseMessage: '库存不足', responseData: { left: 0 } };
    answer(body);
    expect((await rejectionOf(post())).body).toEqual(body);
  });

  it('401 in the body also hands over to the unauthorized handler', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    answer({ statusCode: 401 });
    await rejectionOf(post());
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it.each([
    [500, '库存不足'],
    [9001, '请先完成问卷'],
    [404, '服务器原文'],
  ])('silent: statusCode %i rejects the same way with no toast', async (statusCode, responseMessage) => {
    answer({ statusCode, responseMessage });
    const error = await rejectionOf(post({ silent: true }));
    expect(error).toMatchObject({ kind: 'business', code: statusCode });
    await expectNoToast();
  });
});

describe('a body that is not the envelope', () => {
  it.each([
    [
      'invalid JSON',
      () => new HttpResponse('{"statusCode": 20', { headers: { 'Content-Type': 'application/json' } }),
    ],
    ['plain text', () => HttpResponse.text('<html>nginx</html>')],
    ['an empty body', () => new HttpResponse(null, { status: 200 })],
    ['a JSON array', () => HttpResponse.json([1, 2])],
    ['a JSON string', () => HttpResponse.json('ok')],
  ])('%s: rejects as malformed with the default message', async (_case, resolver) => {
    server.use(mswHttp.post(api('/api/v1/Test/Envelope'), resolver));
    const error = await rejectionOf(post());
    expect(error).toMatchObject({ kind: 'malformed', message: '系统未知错误，请联系客服' });
    await expectFailToast('系统未知错误，请联系客服');
  });

  it('silent: malformed rejects with no toast', async () => {
    server.use(mswHttp.post(api('/api/v1/Test/Envelope'), () => HttpResponse.text('oops')));
    expect((await rejectionOf(post({ silent: true }))).kind).toBe('malformed');
    await expectNoToast();
  });
});
