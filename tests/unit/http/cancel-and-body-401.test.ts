import * as v from 'valibot';
import { HttpResponse, delay, http as mswHttp } from 'msw';
import { request, setUnauthorizedHandler } from '@/lib/http';
import { getToken, setToken } from '@/lib/token';
import { server } from '../../msw-server';
import { api, expectFailToast, expectNoToast, isolateRequestTests, rejectionOf } from './helpers';

isolateRequestTests();

const URL_PATH = '/api/v1/Test/Edge';

describe('edge cases of the request layer', () => {
  it('a request the caller aborts rejects as canceled and shows nothing', async () => {
    server.use(
      mswHttp.get(api(URL_PATH), async () => {
        await delay(500);
        return HttpResponse.json({ responseData: 1 });
      }),
    );
    const controller = new AbortController();
    const pending = request({ schema: v.unknown(), url: URL_PATH, signal: controller.signal });
    controller.abort();
    const error = await rejectionOf(pending);
    expect(error.kind).toBe('canceled');
    await expectNoToast();
  });

  it('statusCode 401 in the body shows the table message and ends the session like an HTTP 401', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    setToken('expired');
    server.use(
      mswHttp.get(api(URL_PATH), () =>
        HttpResponse.json({ statusCode: 401, responseMessage: 'token expired', responseData: null }),
      ),
    );
    const error = await rejectionOf(request({ schema: v.unknown(), url: URL_PATH }));
    expect(error).toMatchObject({ kind: 'business', code: 401, message: '认证失败，无法访问系统资源' });
    await expectFailToast('认证失败，无法访问系统资源');
    expect(getToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
