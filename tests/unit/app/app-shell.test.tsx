import { screen } from '@testing-library/react';
import { isChunkLoadError, loadWithReload } from '@/app/chunk-reload';
import { DEBUG_CHECK_INTERVAL_MS, DEBUG_PAUSE_THRESHOLD_MS, startDebugGuard } from '@/app/debug-tools';
import { appPathname, routerBasename } from '@/app/base-path';
import { readConfig } from '@/config/env';
import { withQuery } from '@/config/paths';
import { renderRoute } from '../support/render-route';

describe('not-found and start pages', () => {
  it('shows a Chinese not-found page for an unknown path', async () => {
    renderRoute('/no-such-page');
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeInTheDocument();
  });
});

describe('debug guard (spec §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses a 100 ms check and a 50 ms pause threshold', () => {
    expect(DEBUG_CHECK_INTERVAL_MS).toBe(100);
    expect(DEBUG_PAUSE_THRESHOLD_MS).toBe(50);
  });

  it.each([
    [10, false],
    [50, false],
    [51, true],
    [400, true],
  ])('a pause of %i ms redirects: %s', (pauseMs, redirects) => {
    const replace = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, replace });
    let clock = 0;
    const stop = startDebugGuard(
      () => {
        clock += pauseMs;
      },
      () => clock,
    );
    vi.advanceTimersByTime(DEBUG_CHECK_INTERVAL_MS);
    expect(replace).toHaveBeenCalledTimes(redirects ? 1 : 0);
    if (redirects) expect(replace).toHaveBeenCalledWith('about:blank');
    stop();
  });
});

describe('configuration', () => {
  const base = {
    VITE_API_BASE_URL: 'https://api.example.cn:8686/',
    VITE_PUBLIC_BASE: '/h5',
    VITE_WECHAT_APP_ID: 'wx1',
    VITE_AES_KEY: 'k',
    VITE_DEMO: 'true',
    VITE_VCONSOLE: 'true',
  };

  it('normalises the API base and the public base', () => {
    const cfg = readConfig({ ...base, MODE: 'development' });
    expect(cfg.apiBaseUrl).toBe('https://api.example.cn:8686');
    expect(cfg.publicBase).toBe('/h5/');
    expect(cfg.demo).toBe(true);
    expect(cfg.vconsole).toBe(true);
  });

  it('never enables the demo backend or vConsole in production', () => {
    const cfg = readConfig({ ...base, MODE: 'production' });
    expect(cfg.demo).toBe(false);
    expect(cfg.vconsole).toBe(false);
  });

  it.each([
    ['/', '/'],
    ['/h5/', '/h5'],
  ])('router basename for %s is %s', (publicBase, basename) => {
    expect(routerBasename(publicBase)).toBe(basename);
  });

  it.each([
    ['/infoEnter', '/', '/infoEnter'],
    ['/h5/infoEnter', '/h5/', '/infoEnter'],
    ['/h5/', '/h5/', '/'],
    ['/h5', '/h5/', '/'],
    ['/other/page', '/h5/', '/other/page'],
  ])('%s under the base %s is the app path %s', (pathname, publicBase, path) => {
    expect(appPathname(pathname, publicBase)).toBe(path);
  });

  it('builds query strings for ids and drops empty values', () => {
    expect(withQuery('/infoDetail', { id: 'r 1', empty: '', none: undefined })).toBe('/infoDetail?id=r+1');
    expect(withQuery('/infoDetail', {})).toBe('/infoDetail');
  });
});

describe('stale deploys', () => {
  it('recognises chunk-load failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('reloads once on a chunk-load failure, then reports a second one', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const failing = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    void loadWithReload(failing);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await expect(loadWithReload(failing)).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('loads the page being opened, not the one left, when the chunk was for a navigation', async () => {
    const reload = vi.fn();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload, assign });
    const failing = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /h5/assets/x.js'));
    void loadWithReload(failing, () => '/h5/announcement');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/h5/announcement'));
    expect(reload).not.toHaveBeenCalled();
  });
});
