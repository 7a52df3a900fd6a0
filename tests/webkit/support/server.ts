import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize, resolve } from 'node:path';
import { createDemoDb, createHandlers, type DemoDb } from '../../../src/mocks/handlers';
import { contentTypeOf } from '../../../scripts/content-types.mjs';
import { answerFromHandlers } from '../../../scripts/demo-api-server.mjs';
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

const BRIDGE_PATH = '/__wechat-bridge.js';

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
        await answerFromHandlers(handlers, request, response, {
          origin: url.origin,
          onRequest: ({ method, path, body }) =>
            requests.push({ method, path, body: body ? (JSON.parse(body) as unknown) : undefined }),
        });
        return;
      }
      if (url.pathname === BRIDGE_PATH) {
        response.writeHead(200, { 'content-type': contentTypeOf(BRIDGE_PATH) }).end(weChatBridgeInitScript());
        return;
      }
      const file = join(root, normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, ''));
      if (file.startsWith(root) && existsSync(file) && statSync(file).isFile()) {
        response.writeHead(200, { 'content-type': contentTypeOf(file) }).end(readFileSync(file));
        return;
      }
      response
        .writeHead(200, { 'content-type': contentTypeOf('index.html'), 'cache-control': 'no-cache' })
        .end(index);
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
