import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { getResponse } from 'msw';
import { createDemoDb, createHandlers, type DemoDb } from '../../../src/mocks/handlers';
import { weChatBridgeInitScript } from '../../e2e/support/wechat-bridge';

/**
 * The WebKit stage's server: WebDriver cannot answer requests the way Playwright's routes do, so the
 * app is built with its API on its own origin (scripts/webkit.mjs) and this one server answers both,
 * the built files and /api/v1/… from the demo backend's handlers (a fresh database per server).
 * index.html gets the WeixinJSBridge stand-in of the Chromium tests as a first, same-origin script,
 * so weixin-js-sdk's own code runs here too.
 */
export interface AppServer {
  origin: string;
  db: DemoDb;
  /** Every API request, in order: method and path. */
  requests: { method: string; path: string; body: unknown }[];
  close: () => Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.bcmap': 'application/octet-stream',
};

const BRIDGE_PATH = '/__wechat-bridge.js';

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startAppServer(dist: string): Promise<AppServer> {
  const root = resolve(dist);
  const index = readFileSync(join(root, 'index.html'), 'utf8').replace(
    '<head>',
    `<head><script src="${BRIDGE_PATH}"></script>`,
  );
  const db = createDemoDb();
  const handlers = createHandlers(db);
  const requests: AppServer['requests'] = [];

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (url.pathname.startsWith('/api/')) {
        const body = await readBody(request);
        const text = body.toString('utf8');
        requests.push({
          method: request.method ?? 'GET',
          path: url.pathname,
          body: text ? JSON.parse(text) : undefined,
        });
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers))
          if (typeof value === 'string') headers.set(name, value);
        const answer = await getResponse(
          handlers,
          new Request(url, {
            method: request.method,
            headers,
            body: request.method === 'GET' || request.method === 'HEAD' ? undefined : new Uint8Array(body),
          }),
        );
        if (!answer) {
          response.writeHead(404).end(`no demo handler for ${request.method} ${url.pathname}`);
          return;
        }
        response.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
        response.end(Buffer.from(await answer.arrayBuffer()));
        return;
      }
      if (url.pathname === BRIDGE_PATH) {
        response.writeHead(200, { 'content-type': TYPES['.js'] }).end(weChatBridgeInitScript());
        return;
      }
      const file = join(root, normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, ''));
      if (file.startsWith(root) && existsSync(file) && statSync(file).isFile()) {
        response
          .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
          .end(readFileSync(file));
        return;
      }
      response.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-cache' }).end(index);
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    db,
    requests,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
