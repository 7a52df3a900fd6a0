import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, passthrough } from 'msw';
import { createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { namesFile } from '../../../scripts/static-paths.mjs';
import { missingFileIs404, pdfJsAssets } from '../../../scripts/vite-plugins';
import { server as unitMsw } from '../../msw-server';

/**
 * The dev and preview servers as vite.config.ts sets them up for pdf.js's data files and missing files
 * (scripts/vite-plugins.ts), over a folder with an index.html: a file that is not there is a 404, not
 * Vite's SPA fallback to index.html; a route is still index.html. (nginx: tests/nginx.)
 */
const root = mkdtempSync(join(tmpdir(), 'missing-files-'));
writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
const plugins = [pdfJsAssets('/'), missingFileIs404()];
let dev: ViteDevServer;
let built: PreviewServer;

function origin(server: { httpServer: unknown }): string {
  const address = (server.httpServer as { address: () => AddressInfo }).address();
  return `http://127.0.0.1:${address.port}`;
}

beforeAll(async () => {
  dev = await createServer({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins,
    server: { host: '127.0.0.1', port: 0, ws: false },
  });
  await dev.listen();
  built = await preview({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins,
    build: { outDir: root },
    preview: { host: '127.0.0.1', port: 0 },
  });
});
beforeEach(() => {
  // The unit tests' msw lets these requests through to the servers started here.
  unitMsw.use(...[dev, built].map((server) => http.all(`${origin(server)}/*`, () => passthrough())));
});
afterAll(async () => {
  await dev?.close();
  await new Promise((resolve) => built?.httpServer.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('a path names a file when its last segment has a dot', () => {
  it.each([
    ['/pdfjs/cmaps/GBK-EUC-H.bcmap', true],
    ['/h5/assets/index-abc.js', true],
    ['/version.json', true],
    ['/repoetDetail', false],
    ['/h5/', false],
    ['/index.html', false],
  ])('%s: %s', (path, file) => expect(namesFile(path)).toBe(file));
});

describe.each([
  ['the dev server', () => origin(dev)],
  ['the preview server', () => origin(built)],
])('%s', (_name, at) => {
  it.each([
    '/pdfjs/cmaps/No-Such-Encoding-H.bcmap',
    '/pdfjs/wasm/gone.wasm',
    '/assets/gone-0000.js',
    '/gone.js',
  ])('answers a missing %s with 404, not index.html', async (path) => {
    const answer = await fetch(`${at()}${path}`, { headers: { Accept: '*/*' } });
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('<div id="root">');
  });

  it('answers a route with index.html', async () => {
    const answer = await fetch(`${at()}/repoetDetail`, { headers: { Accept: 'text/html' } });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('<div id="root">');
  });
});

describe('the dev server serves pdf.js’s data files from pdfjs-dist', () => {
  it.each([
    ['/pdfjs/cmaps/UniGB-UTF16-H.bcmap', 'application/octet-stream'],
    ['/pdfjs/wasm/openjpeg.wasm', 'application/wasm'],
    ['/pdfjs/images/annotation-note.svg', 'image/svg+xml'],
  ])('%s', async (path, type) => {
    const answer = await fetch(`${origin(dev)}${path}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(type);
  });
});
