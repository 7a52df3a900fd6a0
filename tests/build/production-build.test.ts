import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type Program } from 'acorn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  inlineScripts,
  metaContentSecurityPolicy,
  scriptHash,
} from '../../scripts/csp.mjs';
import { nginxConfPath } from '../../scripts/nginx-conf.mjs';

/** Runs after `vite build` (production mode) in scripts/test-all.mjs. */

type AstNode = { type: string; start: number; operator?: string; exported?: unknown };

/** Every node of an acorn syntax tree. */
function* nodes(value: unknown): Generator<AstNode> {
  if (Array.isArray(value)) {
    for (const item of value) yield* nodes(item);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const node = value as AstNode;
  if (typeof node.type === 'string') yield node;
  for (const key of Object.keys(node))
    if (key !== 'type') yield* nodes((node as unknown as Record<string, unknown>)[key]);
}

function tooNewSyntax(root: unknown): string[] {
  const found: string[] = [];
  for (const node of nodes(root)) {
    if (node.type === 'ChainExpression') found.push(`optional chaining at ${node.start}`);
    if (node.type === 'LogicalExpression' && node.operator === '??') found.push(`?? at ${node.start}`);
    if (node.type === 'ExportAllDeclaration' && node.exported) found.push(`export * as at ${node.start}`);
  }
  return found;
}
/** Code only Sentry's SDK has: its global carrier, its ingest key parameter, its SDK name. */
const SENTRY_SDK = /__SENTRY__|sentry_key|sentry\.javascript/;

/** The scripts index.html loads before the first screen: its module script and modulepreloads. */
function entryScripts(html: string): string[] {
  return [
    ...html.matchAll(
      /<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/assets\/([^"]+\.js)"/g,
    ),
  ].map((match) => match[1]);
}

const dist = 'dist';
const assets = join(dist, 'assets');
const jsFiles = existsSync(assets) ? readdirSync(assets).filter((f) => f.endsWith('.js')) : [];
const read = (file: string) => readFileSync(join(assets, file), 'utf8');
const allJs = jsFiles.map(read).join('\n');
const programs = new Map<string, Program>();
/** A chunk's syntax tree, parsed once for all the tests that look into it. */
function program(file: string): Program {
  if (!programs.has(file)) programs.set(file, parse(read(file), { ecmaVersion: 2020, sourceType: 'module' }));
  return programs.get(file)!;
}

/** The `debugger` statements of a chunk (as code: the word in a string or a name does not count). */
function debuggerStatements(file: string): AstNode[] {
  return [...nodes(program(file))].filter((node) => node.type === 'DebuggerStatement');
}

/** A chunk and every chunk it imports statically, directly or through another: what runs as it loads. */
function staticImportClosure(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  for (const node of program(file).body) {
    const imports =
      node.type === 'ImportDeclaration' ||
      node.type === 'ExportNamedDeclaration' ||
      node.type === 'ExportAllDeclaration';
    if (imports && typeof node.source?.value === 'string')
      staticImportClosure(node.source.value.replace(/^\.\//, ''), seen);
  }
  return [...seen];
}

describe('production build', () => {
  it('exists', () => {
    expect(existsSync(join(dist, 'index.html'))).toBe(true);
    expect(jsFiles.length).toBeGreaterThan(5);
  });

  it.each([
    ['vConsole', /vConsole|VConsole|__vconsole/],
    ['msw', /mockServiceWorker|setupWorker|MSW_COOKIE_STORE|\[MSW\]/],
    ['demo database', /demo-db-v1/],
    ['demo seed data', /张秀英|王医生/],
    ['demo accounts', /accountPwd\s*[:=]\s*["']123456/],
    // The API client sends with the XHR adapter; the fetch adapter probed the browser at start-up.
    ['axios fetch adapter', /get duplex\(\)|duplex:`half`/],
  ])('contains no %s', (_name, pattern) => {
    const offenders = jsFiles.filter((file) => pattern.test(read(file)));
    expect(offenders).toEqual([]);
  });

  it('without a DSN carries no error-reporting SDK: no Sentry chunk to load, none referenced', () => {
    expect(jsFiles.filter((file) => SENTRY_SDK.test(read(file)) || file.startsWith('sentry-'))).toEqual([]);
    expect(allJs).not.toMatch(/sentry-[\w-]+\.js/);
  });

  it('ships no service worker or demo files', () => {
    expect(existsSync(join(dist, 'mockServiceWorker.js'))).toBe(false);
  });

  it('calls the configured API host', () => {
    expect(allJs).toContain('https://api.example.invalid:8686');
  });

  it('opens the connection to the API host while the scripts download', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    expect(html).toMatch(/<link rel="preconnect" href="https:\/\/api\.example\.invalid:8686" crossorigin/);
  });

  it('index.html loads the app as one module script, its only inline script the early authorization', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(
      ([, attributes, body]) => ({ attributes, body }),
    );
    // First, before anything the page fetches; allowed by its hash (the test below).
    expect(scripts[0].attributes).toBe('');
    expect(scripts[0].body).toContain('https://open.weixin.qq.com/connect/oauth2/authorize');
    const files = scripts.slice(1);
    expect(files.every((script) => script.body.trim() === '' && /\ssrc="/.test(script.attributes))).toBe(
      true,
    );
    expect(files.filter((script) => script.attributes.includes('type="module"'))).toHaveLength(1);
    // The load check (public/app-load-check.js) comes first, so it hears the app's script fail.
    expect(files.map((script) => /src="([^"]+)"/.exec(script.attributes)![1])).toEqual([
      '/app-load-check.js',
      expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/),
    ]);
    expect(html.indexOf('<script>')).toBeLessThan(html.search(/<link rel="(modulepreload|stylesheet)"/));
  });

  it('paints its first screen from index.html and its own inline styles, before any script runs', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    expect(html).toContain('肠道健康筛查');
    expect(html).toContain('正在加载');
    const inline = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    for (const name of ['.boot', '.boot-name', '.boot-text']) expect(inline).toContain(`${name}{`);
  });

  it("links all of the app's CSS as one stylesheet, so opening a page never waits for one", () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const sheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    expect(sheets).toEqual([expect.stringMatching(/^\/assets\/[\w-]+\.css$/)]);
    expect(readdirSync(assets).filter((file) => file.endsWith('.css'))).toEqual([
      sheets[0].replace('/assets/', ''),
    ]);
    // Every page's styles are in it (antd-mobile's and the app's own), and no script names another.
    const css = readFileSync(join(dist, sheets[0]), 'utf8');
    for (const rule of ['.adm-button', '.adm-input', '.adm-dialog', '.adm-toast-main', '.adm-steps'])
      expect(css).toContain(rule);
    expect(allJs).not.toMatch(/assets\/[\w-]+\.css/);
  });

  it('has no rule that depends on the screen width: the older-eyes walk measures sizes at 320 px only', () => {
    const [sheet] = readdirSync(assets).filter((file) => file.endsWith('.css'));
    const css = readFileSync(join(assets, sheet), 'utf8');
    expect(css.match(/@media[^{]*(?:width|device-width|aspect-ratio)[^{]*/g) ?? []).toEqual([]);
  });

  it('tells the browser to send other sites no page path (ids) as the referrer', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    expect(html).toContain('<meta name="referrer" content="strict-origin-when-cross-origin" />');
  });

  /** The built index.html's one inline script: the early WeChat authorization (scripts/vite-plugins.ts). */
  const earlyScripts = () => inlineScripts(readFileSync(join(dist, 'index.html'), 'utf8'));

  it('has one inline script, which its policy allows by its hash and nothing else inline', () => {
    const scripts = earlyScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toContain('https://open.weixin.qq.com/connect/oauth2/authorize');
    const scriptSrc = /script-src ([^;]*)/.exec(contentSecurityPolicy({ inlineScripts: scripts }))![1];
    // And pdf.js's wasm decoders: WebAssembly, not inline script or eval.
    expect(scriptSrc).toBe(`'self' 'wasm-unsafe-eval' ${scriptHash(scripts[0])}`);
  });

  it('carries the Content-Security-Policy in a meta tag, for servers that send no header', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8').replaceAll('&#39;', "'");
    const policy = metaContentSecurityPolicy({
      apiOrigin: 'https://api.example.invalid:8686',
      inlineScripts: earlyScripts(),
    });
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${policy}">`);
    // Before anything the policy governs, and the charset still within the bytes browsers sniff.
    expect(html.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(html.indexOf('<script'));
    expect(Buffer.byteLength(html.slice(0, html.indexOf('<meta charset="UTF-8"')))).toBeLessThan(1024 - 30);
  });

  it("writes its nginx configuration beside dist/, with the policy of the build's API", () => {
    const conf = readFileSync(nginxConfPath(dist), 'utf8');
    const policy = contentSecurityPolicy({
      apiOrigin: 'https://api.example.invalid:8686',
      inlineScripts: earlyScripts(),
    });
    expect(conf).toContain(`add_header Content-Security-Policy "${policy}" always;`);
    expect(conf).toContain('try_files $uri /index.html;');
    expect(conf).not.toMatch(/\$\{[A-Z_]+\}/);
  });

  it('emits no build manifest (it maps every source file to its chunk)', () => {
    expect(existsSync(join(dist, '.vite', 'manifest.json'))).toBe(false);
  });

  it('keeps the debug guard: its debugger statement is in the code the entry starts it from, and is the only one', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(html)![1];
    // main.tsx starts the guard as the app loads: its code is in the entry or a chunk the entry
    // imports statically, the one that sends the tab to a blank page.
    const guardChunks = staticImportClosure(entry).filter((file) => read(file).includes('about:blank'));
    expect(guardChunks).toHaveLength(1);
    const statements = jsFiles.flatMap((file) => debuggerStatements(file).map(() => file));
    expect(statements).toEqual(guardChunks);
  });

  it.each(jsFiles)('%s uses only syntax Chrome 69 and iOS 13 webviews run', (file) => {
    // ES2020 parses dynamic import and import.meta (both fine in Chrome 64+ and iOS 12+); anything newer
    // than ES2020 (class fields, logical assignment, numeric separators) fails to parse. Within ES2020,
    // optional chaining, nullish coalescing and `export * as` are newer than Chrome 69.
    expect(tooNewSyntax(program(file))).toEqual([]);
  });
});

describe('production configuration', () => {
  describe('a build with error reports on and a VITE_ variable planted in its environment', () => {
    const planted = 'planted-deploy-token-4f9c2a';
    const dsn = 'https://0123abcd@sentry.example.invalid/3';
    const outDir = 'dist-planted-variable';
    const assetsOf = () => readdirSync(join(outDir, 'assets')).filter((file) => file.endsWith('.js'));
    const readAsset = (file: string) => readFileSync(join(outDir, 'assets', file), 'utf8');

    beforeAll(() => {
      const env = {
        ...process.env,
        VITE_API_BASE_URL: 'https://api.example.invalid:8686',
        VITE_WECHAT_APP_ID: 'wx0000000000000000',
        VITE_AES_KEY: '0000000000000000',
        VITE_SENTRY_DSN: dsn,
        VITE_CI_DEPLOY_TOKEN: planted,
      };
      const result = spawnSync(
        process.execPath,
        ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--logLevel', 'warn'],
        { env, encoding: 'utf8' },
      );
      expect(result.status).toBe(0);
    });
    afterAll(() => {
      rmSync(outDir, { recursive: true, force: true });
      rmSync(nginxConfPath(outDir), { force: true });
    });

    it('ships only the variables the app reads: the planted one stays out, the DSN is in', () => {
      expect(assetsOf().filter((file) => readAsset(file).includes(planted))).toEqual([]);
      expect(assetsOf().some((file) => readAsset(file).includes(dsn))).toBe(true);
    });

    it('loads Sentry by a dynamic import only: nothing index.html loads holds any of it', () => {
      const html = readFileSync(join(outDir, 'index.html'), 'utf8');
      const entry = entryScripts(html);
      expect(entry).toEqual(expect.arrayContaining([expect.stringMatching(/^index-[\w-]+\.js$/)]));
      expect(entry.filter((file) => SENTRY_SDK.test(readAsset(file)))).toEqual([]);

      const sdk = assetsOf().filter((file) => SENTRY_SDK.test(readAsset(file)));
      expect(sdk).toEqual([expect.stringMatching(/^sentry-[\w-]+\.js$/)]);
      const chunk = sdk[0].replace('.', '\\.');
      const everything = assetsOf().map(readAsset).join('\n');
      expect(everything).toMatch(new RegExp(`import\\(\\s*[\`'"]\\./${chunk}[\`'"]\\s*\\)`));
      expect(everything).not.toMatch(new RegExp(`(from|import)\\s*["'\`]\\./${chunk}`));
    });

    it("Sentry's chunk uses only syntax Chrome 69 and iOS 13 webviews run", () => {
      const sdk = assetsOf().find((file) => file.startsWith('sentry-'))!;
      expect(tooNewSyntax(parse(readAsset(sdk), { ecmaVersion: 2020, sourceType: 'module' }))).toEqual([]);
    });

    it("lets the page send reports to the DSN's origin (its Content-Security-Policy)", () => {
      const html = readFileSync(join(outDir, 'index.html'), 'utf8').replaceAll('&#39;', "'");
      expect(html).toContain(
        "connect-src 'self' https://api.example.invalid:8686 https://sentry.example.invalid;",
      );
    });
  });

  it('refuses to build without the API base URL, naming the variable', () => {
    const env = { ...process.env, VITE_API_BASE_URL: '', VITE_WECHAT_APP_ID: 'wx1', VITE_AES_KEY: 'k' };
    const result = spawnSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--outDir', 'dist-config-check'],
      { env, encoding: 'utf8' },
    );
    expect(result.status).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain('VITE_API_BASE_URL');
  });

  it('refuses a development build with vConsole and the demo that calls a real API', () => {
    const env = {
      ...process.env,
      VITE_API_BASE_URL: 'https://api.example.cn:8686',
      VITE_DEMO: 'true',
      VITE_VCONSOLE: 'true',
    };
    const result = spawnSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--mode', 'development', '--outDir', 'dist-debug-check'],
      { env, encoding: 'utf8' },
    );
    expect(result.status).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain('VITE_ALLOW_DEBUG_BUILD=true');
    expect(existsSync('dist-debug-check')).toBe(false);
  });
});
