/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build as viteBuild, defineConfig, loadEnv, type Plugin, type Rolldown } from 'vite';
import { PRELOAD_ROUTE_GLOBAL } from './src/app/boot/globals.ts';

const require = createRequire(import.meta.url);

/** Older WeChat webviews: iOS 13 WKWebView and Android Chrome/XWeb 69. */
const BUILD_TARGET = ['chrome69', 'safari13'];
const srcAlias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/** Variables a production build cannot do without: a missing one would silently ship a wrong URL or key. */
const REQUIRED_IN_PRODUCTION = ['VITE_API_BASE_URL', 'VITE_WECHAT_APP_ID', 'VITE_AES_KEY'] as const;

function assertProductionEnv(env: Record<string, string>): void {
  const missing = REQUIRED_IN_PRODUCTION.filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    throw new Error(
      `[config] Production build needs ${missing.join(', ')}. ` +
        'Set them in the environment, e.g. VITE_API_BASE_URL=https://api.example.cn:8686 npm run build.',
    );
  }
  if (!/^https?:\/\/[^/]+/.test(env.VITE_API_BASE_URL)) {
    throw new Error(`[config] VITE_API_BASE_URL must be an absolute http(s) URL, got "${env.VITE_API_BASE_URL}".`);
  }
  if (env.VITE_DEMO === 'true') {
    throw new Error('[config] VITE_DEMO=true is not allowed in a production build.');
  }
}

/**
 * Serves msw's service worker in the dev server only, so the demo backend never lands in `public/`
 * (and therefore never in a production build).
 */
function mswWorkerInDev(base: string): Plugin {
  return {
    name: 'msw-worker-in-dev',
    apply: 'serve',
    configureServer(server) {
      const workerPath = require.resolve('msw/mockServiceWorker.js');
      server.middlewares.use(`${base}mockServiceWorker.js`, (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.setHeader('Service-Worker-Allowed', base);
        res.end(readFileSync(workerPath));
      });
    },
  };
}

/** Writes version.json next to index.html, so a running app can notice a new deploy. */
function versionFile(version: string): Plugin {
  return {
    name: 'version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version }) });
    },
  };
}

/** The output chunks of a bundle by file name. */
function chunksOf(bundle: Rolldown.OutputBundle): Map<string, Rolldown.OutputChunk> {
  return new Map(Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])));
}

/** A chunk and every chunk it statically imports, dependencies first (the order they evaluate in). */
function importClosure(fileName: string, byFile: ReadonlyMap<string, Rolldown.OutputChunk>): Rolldown.OutputChunk[] {
  const order: Rolldown.OutputChunk[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = byFile.get(name);
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    chunk.imports.forEach(visit);
    order.push(chunk);
  };
  visit(fileName);
  return order;
}

/**
 * Inlines the entry's stylesheets into index.html, so the first paint does not wait for a CSS round
 * trip (the boot screen and the login page render at once).
 *
 * Lazy chunks that share those stylesheets list them among their preload dependencies, and Vite's
 * preload helper, finding no `<link rel="stylesheet">` for them, fetched them again and held the page's
 * import until they arrived: one more round trip before every first page. Those stylesheets are always
 * applied before any lazy chunk loads (the entry loads first), so they are dropped from the chunks'
 * dependency lists (`__vite__mapDeps([...])` calls index into a per-chunk file list).
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    generateBundle: {
      // After Vite has written the dependency lists (its own generateBundle).
      order: 'post',
      handler(_options, bundle) {
        const byFile = chunksOf(bundle);
        const entry = [...byFile.values()].find((chunk) => chunk.isEntry);
        if (!entry) return;
        const inlined = new Set(importClosure(entry.fileName, byFile).flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
        for (const chunk of byFile.values()) {
          const list = /m\.f=(\[[^\]]*\])/.exec(chunk.code)?.[1];
          if (!list) continue;
          const files = JSON.parse(list) as string[];
          chunk.code = chunk.code.replace(/__vite__mapDeps\(\[([\d,]*)\]\)/g, (_call, indices: string) => {
            const kept = indices.split(',').filter((index) => index !== '' && !inlined.has(files[Number(index)]));
            return `__vite__mapDeps([${kept.join(',')}])`;
          });
        }
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/g, (tag, href: string) => {
          const file = Object.values(bundle).find((asset) => asset.type === 'asset' && href.endsWith(`/${asset.fileName}`));
          if (!file || file.type !== 'asset') return tag;
          return `<style>${String(file.source)}</style>`;
        });
      },
    },
  };
}

/**
 * Opens the connection to the API's origin while the scripts download: the first API call then skips
 * DNS, TCP and TLS set-up (several round trips on a weak network). `crossorigin` because the calls are
 * CORS requests without credentials, which use their own connections.
 */
function preconnectApi(apiBaseUrl: string | undefined): Plugin {
  return {
    name: 'preconnect-api',
    transformIndexHtml() {
      if (!apiBaseUrl || !/^https?:\/\//.test(apiBaseUrl)) return [];
      return [{ tag: 'link', attrs: { rel: 'preconnect', href: new URL(apiBaseUrl).origin, crossorigin: '' }, injectTo: 'head-prepend' }];
    },
  };
}

/**
 * The pages each route path shows, read from the route table's source: `page.<name>: () => import('…')`
 * loaders, `{ path: paths.<key>, … load: page.<name> }` routes and the `paths` constants. A build-output
 * test checks the result against the route table itself, so a change of its shape cannot go unnoticed.
 */
function routePageModules(): Map<string, string> {
  const source = (file: string) => readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8');
  const table = source('./src/app/route-table.ts');
  const pathByKey = new Map([...source('./src/config/paths.ts').matchAll(/^\s+(\w+): '(\/[^']*)',$/gm)].map((m) => [m[1], m[2]]));
  const moduleByPage = new Map(
    [...table.matchAll(/^\s+(\w+): \(\) => import\('@\/([^']+)'\),$/gm)].map((m) => [m[1], fileURLToPath(new URL(`./src/${m[2]}.tsx`, import.meta.url))]),
  );
  const routes = new Map<string, string>();
  for (const [, key, page] of table.matchAll(/\{ path: paths\.(\w+),[^}]*\bload: page\.(\w+) \}/g)) {
    const path = pathByKey.get(key);
    const module = moduleByPage.get(page);
    if (path && module) routes.set(path, module);
  }
  return routes;
}

/** Each routed path's page chunk in the bundle (routePageModules, matched to the chunks they became). */
function routePageChunks(chunks: readonly Rolldown.OutputChunk[]): Map<string, Rolldown.OutputChunk> {
  const pages = new Map<string, Rolldown.OutputChunk>();
  for (const [path, module] of routePageModules()) {
    const page = chunks.find((chunk) => chunk.facadeModuleId === module);
    if (page) pages.set(path, page);
  }
  return pages;
}

/**
 * Leaves axios's fetch adapter out of the build. The API client sends with the XMLHttpRequest adapter
 * (`axios.getAdapter('xhr')` in src/lib/http/client.ts, present in every webview we support), but
 * axios's adapter list imports the fetch adapter anyway, and that module probes the browser when it is
 * evaluated (a Request with a ReadableStream body, a Response, a TextEncoder): main-thread work and
 * 4.2 kB gzip every page paid for at start-up. In its place, a module that says "no fetch adapter",
 * which is what axios itself reports where fetch is missing.
 */
function withoutAxiosFetchAdapter(): Plugin {
  return {
    name: 'without-axios-fetch-adapter',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!id.replace(/\\/g, '/').endsWith('/node_modules/axios/lib/adapters/fetch.js')) return null;
      return 'export const getFetch = () => false;\nexport default false;\n';
    },
  };
}

/**
 * V8's explicit compile hint (Chrome 136+; other engines read it as a comment). A file that starts with
 * it has every function compiled as the file streams in, on a background thread, instead of each on the
 * main thread at its first call. In the bench's traces React's first renders and the router's creation
 * were long tasks, much of them compiling react-dom's and react-router's functions; with the hint the
 * main thread's CPU time over a page load fell by 11–25% (interleaved runs of /login, /infoEnter and
 * the report detail).
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Starts every script a first page runs with COMPILE_HINT: the entry and what it imports, and each
 * routed page with what it imports. Scripts loaded on demand (pdf.js, the WeChat SDK when not imported
 * by a page, vConsole) stay lazily compiled, since few of their functions run at load. The comment must
 * be the file's first line, so it is added after minification; file names keep their hashes, which
 * still change with the content they were computed from.
 */
function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const byFile = chunksOf(bundle);
        const chunks = [...byFile.values()];
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return;
        const pages = [...routePageChunks(chunks).values()];
        const marked = new Set([entry, ...pages].flatMap((chunk) => importClosure(chunk.fileName, byFile)));
        for (const chunk of marked) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
      },
    },
  };
}

/**
 * Links the boot script adds per task. Starting each request costs the main thread time: the
 * registration page's 51 links in one go made a 90–250 ms long task at Lighthouse's 4× CPU slowdown,
 * and in traces of the HTTP/2 bench a batch of 8 still took 12–30 ms unthrottled (a long task at 4×),
 * a batch of 4 10–16 ms.
 */
const PRELOAD_BATCH = 2;
/**
 * Entry chunks at least this large (minified bytes) are evaluated before the entry, each in its own
 * task. At 40 kB, the entry's own evaluation (with antd-mobile's Toast and spinner chunk, 16 kB)
 * still took 14–33 ms unthrottled in the bench's traces.
 */
const SEPARATE_EVALUATION_BYTES = 10_000;

/**
 * src/app/boot/early-requests.ts as one self-contained classic script (its few imports inlined, none of
 * the app's chunks): it runs first in the boot script and starts the opened page's first API request.
 * Built with the app's mode, so it reads the same configuration.
 */
async function bundleEarlyRequests(mode: string): Promise<string> {
  const result = await viteBuild({
    configFile: false,
    mode,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias: srcAlias },
    build: {
      write: false,
      target: BUILD_TARGET,
      minify: true,
      lib: { entry: fileURLToPath(new URL('./src/app/boot/early-requests.ts', import.meta.url)), formats: ['iife'], name: 'earlyRequests' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((output) => ('output' in output ? output.output : []));
  const chunk = outputs.find((file) => file.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('[boot-script] bundling src/app/boot/early-requests.ts gave no script');
  return chunk.code.trim();
}

/**
 * index.html's boot script, an emitted classic script (`async`, so it never holds up parsing; external,
 * not inline, so the Content-Security-Policy stays `script-src 'self'`). It does three things:
 *
 * - Starts the opened page's first API request, if it has one (bundleEarlyRequests).
 * - Starts downloading the current route's page chunk (and its other chunks and stylesheets) as soon as
 *   index.html arrives, in parallel with the entry, instead of after the entry has downloaded and run:
 *   it maps each route path to the files its page needs beyond the entry's and adds `modulepreload` and
 *   `preload` links for them (each file once), a few per task from the task after its own (the early
 *   API request's). Browsers without modulepreload ignore the links. The same preloader is left for the
 *   app (src/app/route-preload.ts): it preloads the likely next pages with it when idle, and, from the
 *   route's scripts it returns in evaluation order, runs a page's chunks one task each before the page.
 * - Starts the app (the entry module) only after index.html's first screen is on the screen. The entry's
 *   files are preloaded by index.html, so nothing waits for the network; but when they arrive before
 *   the first frame (a fast connection, a cached visit), evaluating them first would hold the first
 *   screen back by the entry's evaluation (a few hundred ms on a slow phone). A hidden page starts at
 *   once, and a frame that never comes (a throttled webview) is not waited for beyond 200 ms. If the
 *   entry cannot load, the first screen says so and offers a reload instead of loading forever.
 */
function bootScript(base: string, mode: string): Plugin {
  return {
    name: 'boot-script',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      const byFile = chunksOf(bundle);
      const chunks = [...byFile.values()];
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry || chunks.some((chunk) => !chunk.fileName.startsWith('assets/'))) return;
      const entryTag = `<script type="module" crossorigin src="${base}${entry.fileName}"></script>`;
      if (!String(html.source).includes(entryTag)) this.error(`index.html has no entry script tag for ${entry.fileName}`);
      const entryClosure = importClosure(entry.fileName, byFile);
      const inEntry = new Set(entryClosure.map((chunk) => chunk.fileName));
      // The entry's largest chunks, dependencies first, each evaluated in a task of its own before the
      // entry: one evaluation of the whole graph is a long task (about 180 ms at a 4× CPU slowdown).
      const firstEvaluated = entryClosure
        .filter((chunk) => chunk !== entry && chunk.code.length >= SEPARATE_EVALUATION_BYTES)
        .map((chunk) => chunk.fileName);
      const files: string[] = [];
      const indexOf = (file: string) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1);
      const map: Record<string, number[]> = {};
      for (const [path, page] of routePageChunks(chunks)) {
        // The page's own chunk first (what the rest is for; often the largest), then what it imports.
        const needed = importClosure(page.fileName, byFile)
          .reverse()
          .filter((chunk) => !inEntry.has(chunk.fileName));
        const css = needed.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
        map[path] = [...needed.map((chunk) => chunk.fileName), ...new Set(css)].map(indexOf);
      }
      const script =
        `${await bundleEarlyRequests(mode)};\n` +
        `(function(){var b=${JSON.stringify(base)},f=${JSON.stringify(files.map((file) => file.replace(/^assets\//, '')))},m=${JSON.stringify(map)};` +
        `var d={};function preload(p){if(!m.hasOwnProperty(p))return[];var r=m[p].filter(function(i){return!d[i];});r.forEach(function(i){d[i]=1;});` +
        `setTimeout(function add(s){r.slice(s,s+${PRELOAD_BATCH}).forEach(function(i){var u=f[i],l=document.createElement('link'),c=/\\.css$/.test(u);` +
        `l.rel=c?'preload':'modulepreload';if(c)l.as='style';l.crossOrigin='';l.setAttribute('fetchpriority','low');l.href=b+'assets/'+u;document.head.appendChild(l);});` +
        `if(s+${PRELOAD_BATCH}<r.length)setTimeout(add,0,s+${PRELOAD_BATCH});},0,0);` +
        `return m[p].map(function(i){return f[i];}).filter(function(u){return!/\\.css$/.test(u);}).reverse().map(function(u){return b+'assets/'+u;});}` +
        `var p=location.pathname;if(p.indexOf(b)===0)p='/'+p.slice(b.length);preload(p);window.${PRELOAD_ROUTE_GLOBAL}=preload;` +
        `var started=false;function failed(){var t=document.querySelector('.boot-text');if(!t)return;` +
        `t.textContent='页面加载失败，请检查网络后重试。';var k=document.createElement('button');k.type='button';k.className='boot-retry';k.textContent='重新加载';` +
        `k.addEventListener('click',function(){location.reload();});t.parentNode.appendChild(k);}` +
        `var q=${JSON.stringify([...firstEvaluated, entry.fileName].map((file) => base + file))};` +
        `function next(){var e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=q.shift();e.onerror=failed;` +
        `if(q.length)e.onload=function(){setTimeout(next,0);};document.head.appendChild(e);}` +
        `function start(){if(started)return;started=true;next();}` +
        `if(document.visibilityState==='hidden'||typeof requestAnimationFrame!=='function')start();` +
        `else{requestAnimationFrame(function(){setTimeout(start,0);});setTimeout(start,200);}})();`;
      const fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'boot.js', source: script }));
      html.source = String(html.source)
        .replace(entryTag, `<link rel="modulepreload" crossorigin href="${base}${entry.fileName}">\n    <script async src="${base}${fileName}"></script>`)
        // Low priority: index.html's first screen paints without any of them (the app starts after the
        // first frame), and the boot script's early API request then goes ahead of them.
        .replaceAll('<link rel="modulepreload" crossorigin href=', '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
    },
  };
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  if (mode === 'production') assertProductionEnv(env);
  const base = env.VITE_PUBLIC_BASE || '/';
  const version = process.env.APP_VERSION ?? new Date().toISOString();

  return {
    base,
    plugins: [react(), withoutAxiosFetchAdapter(), mswWorkerInDev(base), versionFile(version), inlineEntryCss(), preconnectApi(env.VITE_API_BASE_URL), compileHints(), bootScript(base, mode)],
    resolve: { alias: srcAlias },
    define: {
      __APP_VERSION__: JSON.stringify(version),
    },
    build: {
      target: BUILD_TARGET,
      outDir: mode === 'production' ? 'dist' : `dist-${mode}`,
      sourcemap: false,
      manifest: true,
      chunkSizeWarningLimit: 800,
      rolldownOptions: {
        output: {
          // react-dom and react-router in chunks of their own (both are in the entry's graph either way, so
          // no page loads more): the boot script then evaluates each in a task of its own instead of
          // inside the entry's.
          codeSplitting: {
            groups: [
              { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/ },
              { name: 'react-router', test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
            ],
          },
        },
      },
    },
    server: { port: 5173 },
    preview: { port: 4173 },
    test: {
      environment: 'jsdom',
      globals: true,
      include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
      setupFiles: ['tests/setup.ts'],
      css: false,
      testTimeout: 15000,
      restoreMocks: true,
    },
  };
});
