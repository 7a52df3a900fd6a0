import { HttpResponse, http as mswHttp } from 'msw';
import { request } from '@/lib/http';
import { server } from '../../msw-server';
import { api, isolateRequestTests } from './helpers';

isolateRequestTests();

const URL_PATH = '/api/v1/Test/Task';

describe('starting a request', () => {
  it('leaves the caller’s task first: a task queued right after the call runs before the request starts', async () => {
    server.use(
      mswHttp.post(api(URL_PATH), () => HttpResponse.json({ statusCode: 2000, responseData: 'ok' })),
    );
    const order: string[] = [];
    const onStart = ({ request: sent }: { request: Request }) => {
      if (new URL(sent.url).pathname === URL_PATH) order.push('request started');
    };
    server.events.on('request:start', onStart);
    // What a page's effect does: call, then the rest of its task (here: a task queued behind it).
    const pending = request<string>({ url: URL_PATH, method: 'post', data: { a: 1 } });
    setTimeout(() => order.push('task after the caller’s'), 0);
    await expect(pending).resolves.toBe('ok');
    server.events.removeListener('request:start', onStart);
    expect(order).toEqual(['task after the caller’s', 'request started']);
  });
});
