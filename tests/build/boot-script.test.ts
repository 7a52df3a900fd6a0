import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { routeTable } from '@/app/route-table';

/** Runs after `vite build` (production mode) in scripts/test-all.mjs. */

const dist = 'dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)!;
const entryFile = `/${manifest[entryKey].file}`;
const entryFiles = new Set([...closure(entryKey)].map((key) => manifest[key].file));

/** What the page module needs beyond the entry: its chunks and their stylesheets, as URLs. */
function expectedFor(pageModule: string): string[] {
  const keys = [...closure(pageModule)].filter((key) => !entryFiles.has(manifest[key].file));
  const js = keys.map((key) => manifest[key].file);
  const css = keys.flatMap((key) => manifest[key].css ?? []);
  return [...js, ...css].map((file) => `/${file}`).sort();
}

const scriptSrc = /<script async src="([^"]+)"><\/script>/.exec(html)?.[1];
const source = readFileSync(join(dist, scriptSrc!.replace(/^\//, '')), 'utf8');

interface FakeElement {
  tagName: string;
  rel?: string;
  as?: string;
  href?: string;
  src?: string;
  type?: string;
  crossOrigin?: string | null;
  textContent?: string;
  attributes: Record<string, string>;
  setAttribute: (name: string, value: string) => void;
  onload?: () => void;
  onerror?: () => void;
  listeners: Record<string, () => void>;
  addEventListener: (type: string, listener: () => void) => void;
}

/**
 * Runs the emitted script the way a browser would at `pathname`, with a hand-driven clock: `tick()`
 * runs the timers due, `frame()` the animation-frame callbacks.
 */
function boot(pathname: string, { hidden = false, search = '', token = null as string | null } = {}) {
  const appended: FakeElement[] = [];
  const bootMain: FakeElement[] = [];
  const bootText = { textContent: '正在加载…', parentNode: { appendChild: (element: FakeElement) => bootMain.push(element) } };
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  let frames: (() => void)[] = [];
  const document = {
    visibilityState: hidden ? 'hidden' : 'visible',
    createElement: (tagName: string): FakeElement => ({
      tagName,
      crossOrigin: null,
      listeners: {},
      attributes: {},
      setAttribute(name, value) {
        this.attributes[name] = value;
      },
      addEventListener(type, listener) {
        this.listeners[type] = listener;
      },
    }),
    head: { appendChild: (element: FakeElement) => appended.push(element) },
    querySelector: (selector: string) => (selector === '.boot-text' ? bootText : null),
  };
  const setTimeout = (run: (...args: unknown[]) => void, ms = 0, ...args: unknown[]) => timers.push({ at: now + ms, run: () => run(...args) });
  const requestAnimationFrame = (run: () => void) => frames.push(run);
  const reloads: number[] = [];
  const fetches: { url: string; init: { method: string; headers: Record<string, string>; body: string } }[] = [];
  const window: { __preloadRoute?: (path: string) => string[] } = {};
  runInNewContext(source, {
    window,
    document,
    location: { pathname, search, reload: () => reloads.push(now) },
    setTimeout,
    clearTimeout: () => undefined,
    requestAnimationFrame,
    sessionStorage: { getItem: (key: string) => (key === 'token' ? token : null) },
    URLSearchParams,
    fetch: (url: string, init: (typeof fetches)[number]['init']) => {
      fetches.push({ url, init });
      return new Promise(() => undefined);
    },
  });
  return {
    fetches,
    /** The preloader the boot script leaves for the app (src/app/route-preload.ts). */
    preloadRoute: (path: string) => window.__preloadRoute!(path),
    links: () => appended.filter((element) => element.tagName === 'link'),
    scripts: () => appended.filter((element) => element.tagName === 'script'),
    bootText,
    bootMain,
    reloads,
    /** Runs the earliest timer due now, if any; true if one ran. */
    step() {
      const due = timers.filter((timer) => timer.at <= now).sort((a, b) => a.at - b.at)[0];
      if (!due) return false;
      timers = timers.filter((timer) => timer !== due);
      due.run();
      return true;
    },
    /** Runs every timer due within `ms` (and the timers they set that are due too). */
    tick(ms = 0) {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        now = Math.max(now, due.at);
        due.run();
      }
      now = until;
    },
    frame() {
      const run = frames;
      frames = [];
      run.forEach((callback) => callback());
    },
  };
}

/** The loader's module path, e.g. `src/features/auth/pages/login-page.tsx`, from its source text. */
function pageModuleOf(load: () => unknown): string {
  // Vitest compiles `import('@/x')` to `__vite_ssr_dynamic_import__("/src/x.tsx")`.
  const specifier = /import__\(["']\/(src\/[^"']+)["']\)/.exec(String(load))?.[1];
  return specifier ?? String(load);
}

describe('index.html', () => {
  it('loads the boot script as an async same-origin script, so the CSP stays script-src self', () => {
    expect(scriptSrc).toMatch(/^\/assets\/boot-[\w-]+\.js$/);
  });

  it('preloads the entry and its chunks but leaves starting it to the boot script', () => {
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).toContain(`<link rel="modulepreload" crossorigin fetchpriority="low" href="${entryFile}">`);
    for (const file of entryFiles) expect(html, file).toContain(`href="/${file}"`);
  });

  it('preloads every script at low priority: the first screen needs none, the early API request goes first', () => {
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((match) => match[0]);
    expect(preloads.length).toBeGreaterThan(1);
    for (const link of preloads) expect(link).toContain('fetchpriority="low"');
  });
});

describe('stylesheets inlined in index.html', () => {
  const inlinedCss = new Set([...closure(entryKey)].flatMap((key) => manifest[key].css ?? []));
  const chunkFiles = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith('.js'));

  it('are the entry’s stylesheets, in <style> rather than <link>', () => {
    expect(inlinedCss.size).toBeGreaterThan(0);
    for (const css of inlinedCss) expect(html, css).not.toContain(`href="/${css}"`);
    expect(html).toContain('<style>');
  });

  /** The files a chunk's dynamic imports preload (Vite's `__vite__mapDeps([…])` into its file list). */
  const preloadsOf = (file: string): string[] => {
    const code = readFileSync(join(dist, file), 'utf8');
    const list = /m\.f=(\[[^\]]*\])/.exec(code)?.[1];
    if (!list) return [];
    const files = JSON.parse(list) as string[];
    return [...code.matchAll(/__vite__mapDeps\(\[([\d,]*)\]\)/g)].flatMap((call) => call[1].split(',').filter(Boolean).map((index) => files[Number(index)]));
  };

  it.each(chunkFiles)('are not fetched again when %s loads a page', (file) => {
    expect(preloadsOf(file).filter((dep) => inlinedCss.has(dep))).toEqual([]);
  });

  it('leaves the pages’ own stylesheets among the preloads', () => {
    expect(preloadsOf(manifest[entryKey].file).some((dep) => dep.endsWith('.css') && !inlinedCss.has(dep))).toBe(true);
  });
});

describe('boot script: route chunk preload', () => {
  it.each(routeTable.map((route) => [route.path, route] as const))('%s preloads exactly what its page needs beyond the entry', (path, route) => {
    const pageModule = pageModuleOf(route.load);
    expect(manifest[pageModule], `${pageModule} is a chunk of its own`).toBeDefined();
    const page = boot(path);
    page.tick();
    const links = page.links();
    expect(links.map((link) => link.href).sort()).toEqual(expectedFor(pageModule));
    for (const link of links) {
      expect(link.crossOrigin).toBe('');
      expect(link.attributes.fetchpriority).toBe('low');
      if (link.href!.endsWith('.css')) expect([link.rel, link.as]).toEqual(['preload', 'style']);
      else expect(link.rel).toBe('modulepreload');
    }
    expect(links.some((link) => link.href === `/${manifest[pageModule].file}`)).toBe(true);
  });

  it('adds at most 2 links per task, none in its own first task (the early API request’s), so starting the requests is never a long task', () => {
    const needed = (route: (typeof routeTable)[number]) => expectedFor(pageModuleOf(route.load)).length;
    const largest = [...routeTable].sort((a, b) => needed(b) - needed(a))[0];
    const path = largest.path;
    const total = needed(largest);
    expect(total, `${path} needs more than one batch`).toBeGreaterThan(2);
    const page = boot(path);
    expect(page.links()).toHaveLength(0);
    const perTask: number[] = [];
    while (page.step()) perTask.push(page.links().length - perTask.reduce((sum, count) => sum + count, 0));
    expect(page.links()).toHaveLength(total);
    expect(Math.max(...perTask)).toBe(2);
  });

  it('leaves its preloader for the app: the likely next page, in batches, at low priority', () => {
    const page = boot('/login');
    page.tick();
    const before = page.links().map((link) => link.href);
    page.preloadRoute('/workUser');
    page.tick();
    const added = page.links().slice(before.length);
    const workHome = pageModuleOf(routeTable.find((route) => route.path === '/workUser')!.load);
    expect(added.map((link) => link.href).sort()).toEqual(expectedFor(workHome).filter((url) => !before.includes(url)));
    expect(added.length).toBeGreaterThan(0);
    for (const link of added) expect(link.attributes.fetchpriority).toBe('low');
  });

  it.each(routeTable.map((route) => [route.path, route] as const))(
    '%s: the preloader returns the page’s scripts in the order they evaluate in, the page’s own last',
    (path, route) => {
      const pageModule = pageModuleOf(route.load);
      const scripts = boot('/').preloadRoute(path);
      expect([...scripts].sort()).toEqual(expectedFor(pageModule).filter((url) => !url.endsWith('.css')));
      expect(scripts.at(-1)).toBe(`/${manifest[pageModule].file}`);
      const keyOf = (url: string) => Object.keys(manifest).find((key) => `/${manifest[key].file}` === url)!;
      scripts.forEach((url, index) => {
        for (const dep of manifest[keyOf(url)].imports ?? []) {
          const depUrl = `/${manifest[dep].file}`;
          if (!entryFiles.has(manifest[dep].file)) expect(scripts.indexOf(depUrl), `${depUrl} before ${url}`).toBeLessThan(index);
        }
      });
    },
  );

  it('links each file once: a route preloaded again, or one sharing chunks with it, adds no second link', () => {
    const page = boot('/repoetDetail');
    page.tick();
    const first = page.links().map((link) => link.href);
    page.preloadRoute('/repoetDetail');
    page.preloadRoute('/checkUserRepoetDetail');
    page.tick();
    const all = page.links().map((link) => link.href);
    expect(all.slice(0, first.length)).toEqual(first);
    expect(new Set(all).size).toBe(all.length);
  });

  it.each(['/', '/no-such-page', '/login/extra', '/hasOwnProperty'])('preloads nothing at %s', (path) => {
    const page = boot(path);
    page.tick();
    expect(page.links()).toEqual([]);
  });
});

describe('boot script: the report detail\'s first API request', () => {
  it('starts PageCheckReport on the configured API host before any of the app has run', () => {
    const page = boot('/repoetDetail', { search: '?id=rpt-7', token: 'session-token' });
    expect(page.scripts(), 'the app has not started').toEqual([]);
    expect(page.fetches).toHaveLength(1);
    const [{ url, init }] = page.fetches;
    expect(url).toBe('https://api.example.invalid:8686/api/v1/Sampling/PageCheckReport');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ pageIndex: 1, pageSize: 50 });
    expect(init.headers.Authorization).toBe('session-token');
    expect(init.headers.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it.each([
    ['without a session', '/repoetDetail', '?id=rpt-7', null],
    ['on another page', '/repoetList', '?id=rpt-7', 'session-token'],
  ])('sends nothing %s', (_name, pathname, search, token) => {
    expect(boot(pathname, { search, token }).fetches).toEqual([]);
  });
});

describe('boot script: starting the app', () => {
  it('starts after the first frame, then evaluates the largest entry chunks one task each, the entry last', () => {
    const page = boot('/login');
    page.tick();
    expect(page.scripts(), 'nothing runs before the first screen is painted').toEqual([]);
    page.frame();
    page.tick();
    const order: string[] = [];
    for (;;) {
      const scripts = page.scripts();
      const latest = scripts[scripts.length - 1];
      expect(latest).toMatchObject({ type: 'module', crossOrigin: '' });
      order.push(latest.src!);
      if (!latest.onload) break;
      latest.onload();
      expect(page.scripts(), 'the next chunk waits for a task of its own').toHaveLength(order.length);
      page.tick();
    }
    expect(order[order.length - 1]).toBe(entryFile);
    expect(order.length).toBeGreaterThan(1);
    expect(order.slice(0, -1).every((src) => entryFiles.has(src.slice(1))), 'only the entry’s own chunks').toBe(true);
    expect(order.some((src) => /\/react-dom-[\w-]+\.js$/.test(src)), 'react-dom is evaluated on its own').toBe(true);
  });

  it('starts at once in a hidden page and without a frame after 200 ms', () => {
    const hidden = boot('/login', { hidden: true });
    expect(hidden.scripts()).toHaveLength(1);

    const noFrame = boot('/login');
    noFrame.tick(199);
    expect(noFrame.scripts()).toHaveLength(0);
    noFrame.tick(1);
    expect(noFrame.scripts()).toHaveLength(1);
    noFrame.frame();
    noFrame.tick();
    expect(noFrame.scripts(), 'starts once').toHaveLength(1);
  });

  it('says so on the first screen when the app cannot load, and offers a reload', () => {
    const page = boot('/login', { hidden: true });
    page.scripts()[0].onerror!();
    expect(page.bootText.textContent).toBe('页面加载失败，请检查网络后重试。');
    const [button] = page.bootMain;
    expect(button).toMatchObject({ tagName: 'button', type: 'button', textContent: '重新加载' });
    button.listeners.click();
    expect(page.reloads).toHaveLength(1);
    expect(page.scripts(), 'the failed chain stops').toHaveLength(1);
  });
});

describe('compile hints', () => {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  const startsWithHint = (file: string) => readFileSync(join(dist, file), 'utf8').startsWith(HINT);

  it.each(routeTable.map((route) => [route.path, route] as const))(
    '%s: every script its first visit runs (entry and page) is compiled as it streams in',
    (_path, route) => {
      const files = [...closure(entryKey), ...closure(pageModuleOf(route.load))].map((key) => manifest[key].file);
      expect(files.filter((file) => !startsWithHint(file))).toEqual([]);
    },
  );

  it('leaves scripts loaded on demand (pdf.js, the WeChat SDK) compiled lazily', () => {
    const onDemand = Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => /^assets\/(pdf|weixin-js-sdk)-[\w-]{8}\.js$/.test(file));
    expect(onDemand).toHaveLength(2);
    expect(onDemand.filter(startsWithHint)).toEqual([]);
  });
});
