import { HttpResponse, delay, http as mswHttp } from 'msw';
import { paths, withQuery } from '@/config/paths';
import { rememberReportTube } from '@/features/reports/report-first-lookup';
import { request } from '@/lib/http';
import { startEarlyPost } from '@/lib/http/early-request';
import { setToken } from '@/lib/token';
import { server } from '../../msw-server';
import { api, expectFailToast, isolateRequestTests, rejectionOf } from './helpers';

isolateRequestTests();

const URL_PATH = '/api/v1/Test/Early';
const BODY = { pageIndex: 1, pageSize: 50 };

/** Every request msw saw for the path, with the headers and body it carried. */
function recordRequests(path: string) {
  const seen: { headers: Headers; body: unknown }[] = [];
  const onRequest = ({ request: sent }: { request: Request }) => {
    if (new URL(sent.url).pathname !== path) return;
    const copy = sent.clone();
    void copy.text().then((text) => seen.push({ headers: sent.headers, body: text ? JSON.parse(text) : undefined }));
  };
  server.events.on('request:start', onRequest);
  return {
    seen,
    stop: () => server.events.removeListener('request:start', onRequest),
  };
}

function earlyPost(overrides: Partial<Parameters<typeof startEarlyPost>[0]> = {}) {
  startEarlyPost({
    url: api(URL_PATH),
    body: JSON.stringify(BODY),
    authorization: 'token-a',
    requestId: 'early-request-id',
    timeoutMs: 10000,
    ...overrides,
  });
}

const appCall = () => request<string>({ url: URL_PATH, method: 'post', data: BODY });

afterEach(() => {
  delete (globalThis as { __earlyRequests?: unknown }).__earlyRequests;
  sessionStorage.clear();
});

describe('requests started before the app loaded (boot script)', () => {
  it('the app adopts the identical early request: one request on the wire, its answer returned', async () => {
    setToken('token-a');
    let served = 0;
    server.use(mswHttp.post(api(URL_PATH), () => HttpResponse.json({ responseData: `answer ${(served += 1)}` })));
    const record = recordRequests(URL_PATH);
    earlyPost();
    expect(await appCall()).toBe('answer 1');
    await delay(20);
    record.stop();
    expect(record.seen).toHaveLength(1);
    expect(record.seen[0].body).toEqual(BODY);
    expect(record.seen[0].headers.get('authorization')).toBe('token-a');
    expect(record.seen[0].headers.get('requestid')).toBe('early-request-id');
    expect(record.seen[0].headers.get('content-type')).toBe('application/json;charset=utf-8');
  });

  it('is taken once: the next identical call goes out anew', async () => {
    setToken('token-a');
    let served = 0;
    server.use(mswHttp.post(api(URL_PATH), () => HttpResponse.json({ responseData: `answer ${(served += 1)}` })));
    earlyPost();
    expect(await appCall()).toBe('answer 1');
    expect(await appCall()).toBe('answer 2');
  });

  it.each([
    ['another token', { authorization: 'token-b' }],
    ['another body', { body: JSON.stringify({ pageIndex: 2, pageSize: 50 }) }],
    ['another URL', { url: api('/api/v1/Test/Other') }],
  ])('is not adopted with %s: the app sends its own request', async (_name, overrides) => {
    setToken('token-a');
    server.use(
      mswHttp.post(api(URL_PATH), ({ request: sent }) =>
        HttpResponse.json({ responseData: sent.headers.get('requestid') === 'early-request-id' ? 'early' : 'own' }),
      ),
      mswHttp.post(api('/api/v1/Test/Other'), () => HttpResponse.json({ responseData: 'other' })),
    );
    earlyPost(overrides);
    expect(await appCall()).toBe('own');
  });

  it('an early request answered with HTTP 500 is sent again, and that answer counts', async () => {
    setToken('token-a');
    let served = 0;
    server.use(
      mswHttp.post(api(URL_PATH), () => {
        served += 1;
        return served === 1 ? new HttpResponse(null, { status: 500 }) : HttpResponse.json({ responseData: 'second try' });
      }),
    );
    earlyPost();
    expect(await appCall()).toBe('second try');
    expect(served).toBe(2);
  });

  it('an early request that failed on the network is sent again; a second failure shows 后端接口连接异常', async () => {
    setToken('token-a');
    let served = 0;
    server.use(
      mswHttp.post(api(URL_PATH), () => {
        served += 1;
        return HttpResponse.error();
      }),
    );
    earlyPost();
    const error = await rejectionOf(appCall());
    expect(served).toBe(2);
    expect(error).toMatchObject({ kind: 'network', message: '后端接口连接异常' });
    await expectFailToast('后端接口连接异常');
  });

  it('an early request that timed out is the call timing out: 系统接口请求超时, nothing sent again', async () => {
    setToken('token-a');
    let served = 0;
    server.use(
      mswHttp.post(api(URL_PATH), async () => {
        served += 1;
        await delay(1000);
        return HttpResponse.json({ responseData: 'too late' });
      }),
    );
    earlyPost({ timeoutMs: 50 });
    const error = await rejectionOf(appCall());
    expect(error).toMatchObject({ kind: 'timeout', message: '系统接口请求超时' });
    await expectFailToast('系统接口请求超时');
    expect(served).toBe(1);
  });

  it('a business failure in the adopted answer is handled like any answer (statusCode 500: its message)', async () => {
    setToken('token-a');
    server.use(mswHttp.post(api(URL_PATH), () => HttpResponse.json({ statusCode: 500, responseMessage: '报告服务暂不可用', responseData: null })));
    earlyPost();
    const error = await rejectionOf(appCall());
    expect(error).toMatchObject({ kind: 'business', code: 500, message: '报告服务暂不可用' });
    await expectFailToast('报告服务暂不可用');
  });
});

describe('the boot script starts the report detail\'s first request (src/app/boot/early-requests.ts)', () => {
  const PAGE_PATH = '/api/v1/Sampling/PageCheckReport';

  async function runBootAt(url: string): Promise<{ body: unknown; authorization: string | null }[]> {
    window.history.replaceState(null, '', url);
    const record = recordRequests(PAGE_PATH);
    vi.resetModules();
    await import('@/app/boot/early-requests');
    await delay(30);
    record.stop();
    window.history.replaceState(null, '', '/');
    return record.seen.map((seen) => ({ body: seen.body, authorization: seen.headers.get('authorization') }));
  }

  it.each([paths.repoetDetail, paths.checkUserRepoetDetail])('on %s with a session: the first scan page, with the token', async (path) => {
    setToken('token-a');
    expect(await runBootAt(withQuery(path, { id: 'rpt-1' }))).toEqual([{ body: { pageIndex: 1, pageSize: 50 }, authorization: 'token-a' }]);
  });

  it('narrows by the tube the report list remembered, as the page does', async () => {
    setToken('token-a');
    rememberReportTube({ id: 'rpt-1', tubeCode: 'FIT2026000123' });
    expect(await runBootAt(withQuery(paths.repoetDetail, { id: 'rpt-1' }))).toEqual([
      { body: { tubeCode: 'FIT2026000123', pageIndex: 1, pageSize: 50 }, authorization: 'token-a' },
    ]);
  });

  it.each([
    ['without a session', withQuery(paths.repoetDetail, { id: 'rpt-1' }), false],
    ['without a report id', paths.repoetDetail, true],
    ['on another page', paths.repoetList, true],
  ])('sends nothing %s', async (_name, url, signedIn) => {
    if (signedIn) setToken('token-a');
    expect(await runBootAt(url)).toEqual([]);
  });
});
