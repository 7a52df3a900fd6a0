import { createMemoryRouter } from 'react-router';
import { http as mswHttp, HttpResponse } from 'msw';
import { installVersionCheck, prefetchLikelyNext } from '@/app/platform';
import { prefetchAfter, routeTable } from '@/app/route-table';
import { server } from '../../msw-server';

describe('idle prefetch', () => {
  it('every prefetch target is a route', () => {
    const known = new Set(routeTable.map((r) => r.path));
    for (const targets of Object.values(prefetchAfter)) for (const path of targets ?? []) expect(known.has(path)).toBe(true);
  });

  it('loads the likely next pages when idle', async () => {
    vi.useFakeTimers();
    const route = routeTable.find((r) => r.path === '/workUser')!;
    const load = vi.spyOn(route, 'load');
    prefetchLikelyNext('/login');
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(load).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it("with index.html's boot script, preloads the pages' files instead of running them", async () => {
    vi.useFakeTimers();
    const preloadRoute = vi.fn();
    (window as { __preloadRoute?: (path: string) => void }).__preloadRoute = preloadRoute;
    const load = vi.spyOn(routeTable.find((r) => r.path === '/workUser')!, 'load');
    prefetchLikelyNext('/workUser');
    expect(preloadRoute).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(preloadRoute.mock.calls).toEqual([['/infoEnter'], ['/infoSearch'], ['/searchType']]);
    expect(load).not.toHaveBeenCalled();
    delete (window as { __preloadRoute?: unknown }).__preloadRoute;
    vi.useRealTimers();
  });
});

describe('new deploys', () => {
  it('turns the next navigation into a full load once version.json changes', async () => {
    server.use(mswHttp.get('*/version.json', () => HttpResponse.json({ version: 'v2' })));
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const router = createMemoryRouter([{ path: '*', element: null }], { initialEntries: ['/a'] });
    installVersionCheck(router, 'v1', 'http://localhost/');
    await router.navigate('/b');
    await vi.waitFor(() => expect(reload).not.toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    await router.navigate('/c');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
