// A local HTTP server that answers the REST API with the demo backend's msw handlers (loaded through
// Vite so the TypeScript sources and `@/` aliases work in Node). Used by the bench to measure pages that
// need a session; never part of the app.
import { createServer as createHttpServer } from 'node:http';
import { createSecureServer } from 'node:http2';
import { getResponse } from 'msw';
import { createServer as createViteServer } from 'vite';
import { selfSignedCert } from './self-signed-cert.mjs';

/** Headers HTTP/2 forbids (connection-specific); msw responses may carry them. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

/**
 * Answers one Node request (HTTP/1.1 or HTTP/2) from msw handlers: 404 when none matches. `headers` are
 * added to every answer; `onRequest` sees each request's method, path and body text first.
 */
export async function answerFromHandlers(
  handlers,
  req,
  res,
  { origin, headers: extra = {}, onRequest } = {},
) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = Buffer.concat(chunks);
  const url = new URL(req.url ?? '/', origin);
  onRequest?.({ method: req.method ?? 'GET', path: url.pathname, body: body.toString('utf8') });
  // HTTP/2 pseudo-headers (:method, :path, …) are not request headers.
  const headers = Object.fromEntries(
    Object.entries(req.headers)
      .filter(([k]) => !k.startsWith(':'))
      .map(([k, v]) => [k, String(v)]),
  );
  const request = new Request(url, { method: req.method, headers, body: body.length ? body : undefined });
  const response = await getResponse(handlers, request);
  if (!response) {
    res.writeHead(404, extra).end();
    return;
  }
  const responseHeaders = [...response.headers.entries()].filter(([name]) => !HOP_BY_HOP.has(name));
  res.writeHead(response.status, { ...Object.fromEntries(responseHeaders), ...extra });
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * `tls: true` serves HTTPS with HTTP/2 (HTTP/1.1 still accepted), as a production API would be reached;
 * `latencyMs` makes every answer wait that long, as a busy server does.
 */
export async function startDemoApi(port, { tls = false, latencyMs = 0 } = {}) {
  const vite = await createViteServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
    mode: 'test',
  });
  const { createDemoDb, createHandlers } = await vite.ssrLoadModule('/src/mocks/handlers.ts');
  const cors = (await vite.ssrLoadModule('/src/mocks/cors.ts')).corsHeaders('full');
  const db = createDemoDb();
  const handlers = createHandlers(db, { latencyMs });
  const handle = async (req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    await answerFromHandlers(handlers, req, res, { origin: `http://127.0.0.1:${port}`, headers: cors });
  };
  const server = tls
    ? createSecureServer({ ...selfSignedCert(), allowHTTP1: true }, handle)
    : createHttpServer(handle);
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    db,
    origin: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    /** Loads a TypeScript module of the project (e.g. a test's support code) through the same Vite server. */
    load: (path) => vite.ssrLoadModule(path),
    async close() {
      server.close();
      await vite.close();
    },
  };
}
