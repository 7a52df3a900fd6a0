import { createMemoryRouter } from 'react-router';
import { http as mswHttp, HttpResponse } from 'msw';
import {
  afterFirstRoute,
  installIntentPrefetch,
  installVersionCheck,
  prefetchLikelyNext,
} from '@/app/platform';
import { prefetchAfter, routeTable } from '@/app/route-table';
import { server } from '../../msw-server';

describe('idle prefetch', () => {
  it('every prefetch target is a route', () => {
    const known = new Set(routeTable.map((r) => r.path));
    for (const targets of Object.values(prefetchAfter))
      for (const path of targets ?? []) expect(known.has(path)).toBe(true);
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

  it('loads the entry form from /login already, as every sign-in leads to the home page that offers it', async () => {
    vi.useFakeTimers();
    const load = vi.spyOn(
      routeTable.find((r) => r.path === '/infoEnter')!,
      'load',
    );
    prefetchLikelyNext('/login');
    await vi.advanceTimersByTimeAsync(3000);
    expect(load).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});

describe('prefetch on intent', () => {
  it('a finger landing on a link to a page of the route table starts loading that page', () => {
    onTestFinished(installIntentPrefetch('/'));
    const load = vi.spyOn(
      routeTable.find((r) => r.path === '/infoEnter')!,
      'load',
    );
    const link = document.createElement('a');
    link.href = '/infoEnter?from=home';
    link.innerHTML = '<span>信息录入</span>';
    document.body.append(link);
    link.firstElementChild!.dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    link.remove();
  });

  it('ignores links that are not pages of the app', () => {
    onTestFinished(installIntentPrefetch('/'));
    const loads = routeTable.map((route) => vi.spyOn(route, 'load'));
    const link = document.createElement('a');
    link.href = 'https://example.com/infoEnter';
    document.body.append(link);
    link.dispatchEvent(new Event('mouseover', { bubbles: true }));
    for (const load of loads) expect(load).not.toHaveBeenCalled();
    link.remove();
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

describe('after the first screen', () => {
  it('runs once the first route has loaded and the browser is idle, not before', async () => {
    vi.useFakeTimers();
    let release = () => {};
    const pageLoaded = new Promise<void>((resolve) => (release = resolve));
    const router = createMemoryRouter(
      [{ path: '/', lazy: async () => (await pageLoaded, { Component: () => null }) }],
      { initialEntries: ['/'] },
    );
    const run = vi.fn();
    afterFirstRoute(router, run);
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).not.toHaveBeenCalled();

    release();
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(1);
    await router.navigate('/');
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
