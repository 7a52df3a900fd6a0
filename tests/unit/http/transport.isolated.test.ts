import * as v from 'valibot';
import { HttpResponse, delay, http as mswHttp } from 'msw';
import { request, setUnauthorizedHandler } from '@/lib/http';
import { getToken, setToken } from '@/lib/token';
import { server } from '../../msw-server';
import { api, expectFailToast, expectNoToast, isolateRequestTests, rejectionOf } from './helpers';

isolateRequestTests();

const URL_PATH = '/api/v1/Test/Transport';

describe('transport failures (spec §8)', () => {
  it('network error: rejects as network with 后端接口连接异常', async () => {
    server.use(mswHttp.get(api(URL_PATH), () => HttpResponse.error()));
    const error = await rejectionOf(request({ schema: v.unknown(), url: URL_PATH }));
    expect(error).toMatchObject({ kind: 'network', message: '后端接口连接异常' });
    await expectFailToast('后端接口连接异常');
  });

  it('timeout: a server slower than the timeout rejects as timeout with 系统接口请求超时', async () => {
    server.use(
      mswHttp.get(api(URL_PATH), async () => {
        await delay(1000);
        return HttpResponse.json({ responseData: 'too late' });
      }),
    );
    // msw's XMLHttpRequest stand-in ignores xhr.timeout, so this request goes through axios's fetch
    // adapter, where the timeout is a real timer that aborts the request.
    const started = Date.now();
    const error = await rejectionOf(
      request({ schema: v.unknown(), url: URL_PATH, timeout: 50, adapter: 'fetch' }),
    );
    expect(Date.now() - started).toBeLessThan(900);
    expect(error).toMatchObject({ kind: 'timeout', message: '系统接口请求超时' });
    await expectFailToast('系统接口请求超时');
  });

  it('timeout in a browser XMLHttpRequest (the adapter the app uses) is also a timeout', async () => {
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    server.use(
      mswHttp.get(api(URL_PATH), async () => {
        // Do what the browser does once xhr.timeout has elapsed without a response.
        const xhr = open.mock.contexts.at(-1) as XMLHttpRequest;
        expect(xhr.timeout).toBe(50);
        await delay(xhr.timeout);
        xhr.dispatchEvent(new ProgressEvent('timeout'));
        return HttpResponse.json({ responseData: 'too late' });
      }),
    );
    const error = await rejectionOf(request({ schema: v.unknown(), url: URL_PATH, timeout: 50 }));
    expect(error).toMatchObject({ kind: 'timeout', message: '系统接口请求超时' });
    await expectFailToast('系统接口请求超时');
  });

  it('the test build gives up after its VITE_REQUEST_TIMEOUT_MS (.env.test)', async () => {
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    server.use(mswHttp.get(api(URL_PATH), () => HttpResponse.json({ responseData: 1 })));
    await request({ schema: v.unknown(), url: URL_PATH });
    expect((open.mock.contexts.at(-1) as XMLHttpRequest).timeout).toBe(2500);
  });

  it("a caller may wait less than the client's timeout (a bounded retry), never more", async () => {
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    server.use(mswHttp.get(api(URL_PATH), () => HttpResponse.json({ responseData: 1 })));
    await request({ schema: v.unknown(), url: URL_PATH, timeout: 1200 });
    expect((open.mock.contexts.at(-1) as XMLHttpRequest).timeout).toBe(1200);
    await request({ schema: v.unknown(), url: URL_PATH, timeout: 60_000 });
    expect((open.mock.contexts.at(-1) as XMLHttpRequest).timeout).toBe(2500);
  });

  it('the tries of one read (one signal) share the spec’s 10 s: a later try waits only what is left', async () => {
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const { signal } = new AbortController();
    server.use(
      mswHttp.get(api(URL_PATH), () => HttpResponse.json({ responseData: 'ok' })),
      mswHttp.get(api('/api/v1/Test/Busy'), () => HttpResponse.text('busy', { status: 503 })),
    );
    await request({ schema: v.unknown(), url: URL_PATH, signal });
    expect((open.mock.contexts.at(-1) as XMLHttpRequest).timeout).toBe(2500);
    // 9 s after its first try, the read's next try has 1 s of the spec's 10 s left, and says when it ends.
    now.mockReturnValue(1_009_000);
    await request({ schema: v.unknown(), url: URL_PATH, signal });
    expect((open.mock.contexts.at(-1) as XMLHttpRequest).timeout).toBe(1000);
    const error = await rejectionOf(
      request({ schema: v.unknown(), url: '/api/v1/Test/Busy', signal, silent: true }),
    );
    expect(error).toMatchObject({ kind: 'http', code: 503, deadline: 1_010_000 });
    // Another read (another signal), or a call without one, has its whole timeout.
    await request({ schema: v.unknown(), url: URL_PATH, signal: new AbortController().signal });
    expect((open.mock.contexts.at(-1) as XMLHttpRequest).timeout).toBe(2500);
    await request({ schema: v.unknown(), url: URL_PATH });
    expect((open.mock.contexts.at(-1) as XMLHttpRequest).timeout).toBe(2500);
  });

  it('a production build gives up after the spec 10 s, whatever VITE_REQUEST_TIMEOUT_MS says', async () => {
    vi.stubEnv('MODE', 'production');
    vi.resetModules();
    const client = await import('@/lib/http/client');
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      server.use(
        mswHttp.get(api(URL_PATH), async () => {
          // What the browser does once xhr.timeout has elapsed without a response.
          const xhr = open.mock.contexts.at(-1) as XMLHttpRequest;
          await new Promise((resolve) => setTimeout(resolve, xhr.timeout));
          xhr.dispatchEvent(new ProgressEvent('timeout'));
          return HttpResponse.json({ responseData: 'too late' });
        }),
      );
      let outcome: unknown = 'pending';
      client.request({ schema: v.unknown(), url: URL_PATH, silent: true }).then(
        () => (outcome = 'answered'),
        (error: unknown) => (outcome = error),
      );
      await vi.advanceTimersByTimeAsync(9_999);
      expect(outcome).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome).toMatchObject({ kind: 'timeout', message: '系统接口请求超时' });
    } finally {
      vi.useRealTimers();
      vi.unstubAllEnvs();
    }
  });

  it('HTTP 401: rejects with the session message, no toast, token removed, handler called', async () => {
    setToken('expired-token');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    server.use(
      mswHttp.get(api(URL_PATH), () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })),
    );
    const error = await rejectionOf(request({ schema: v.unknown(), url: URL_PATH }));
    expect(error).toMatchObject({
      kind: 'unauthorized',
      code: 401,
      message: '无效的会话，或者会话已过期，请重新登录。',
    });
    expect(getToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    await expectNoToast();
  });

  it('a late HTTP 401 for the old token keeps the session the user signed in to meanwhile', async () => {
    setToken('old-token');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    server.use(
      mswHttp.get(api(URL_PATH), () => {
        // While the old session's request is out, the user signs in again.
        setToken('new-token');
        return new HttpResponse(null, { status: 401 });
      }),
    );
    expect(await rejectionOf(request({ schema: v.unknown(), url: URL_PATH }))).toMatchObject({
      kind: 'unauthorized',
      code: 401,
    });
    expect(getToken()).toBe('new-token');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
  it.each([
    [400, '系统接口400异常'],
    [403, '系统接口403异常'],
    [404, '系统接口404异常'],
    [500, '系统接口500异常'],
    [502, '系统接口502异常'],
    [503, '系统接口503异常'],
  ])('HTTP %i: rejects as http with %s and a failure toast', async (status, message) => {
    setToken('still-valid');
    server.use(mswHttp.get(api(URL_PATH), () => new HttpResponse('error page', { status })));
    const error = await rejectionOf(request({ schema: v.unknown(), url: URL_PATH }));
    expect(error).toMatchObject({ kind: 'http', code: status, message });
    await expectFailToast(message);
    expect(getToken()).toBe('still-valid');
  });

  it.each([
    ['network', () => HttpResponse.error()],
    ['http', () => new HttpResponse(null, { status: 500 })],
    ['unauthorized', () => new HttpResponse(null, { status: 401 })],
  ])('silent: %s rejects the same way with no toast', async (kind, resolver) => {
    server.use(mswHttp.get(api(URL_PATH), resolver));
    expect((await rejectionOf(request({ schema: v.unknown(), url: URL_PATH, silent: true }))).kind).toBe(
      kind,
    );
    await expectNoToast();
  });

  it('silent: timeout rejects with no toast', async () => {
    server.use(
      mswHttp.get(api(URL_PATH), async () => {
        await delay(1000);
        return HttpResponse.json({});
      }),
    );
    const error = await rejectionOf(
      request({ schema: v.unknown(), url: URL_PATH, timeout: 50, adapter: 'fetch', silent: true }),
    );
    expect(error.kind).toBe('timeout');
    await expectNoToast();
  });
});
