#!/usr/bin/env node
// Serves a built app the way deploy/nginx.conf does, for the browser tests and the bench: history-mode
// fallback to index.html, `Cache-Control: no-cache` on index.html, immutable caching for hashed assets,
// gzip, the CSP and the other security headers (scripts/deploy-headers.mjs).
// Usage: node scripts/serve-static.mjs --dir dist --port 4173 [--base /] [--api origin]
//        [--images origin,origin] [--sentry-dsn dsn] [--tls]
// --port 0 takes a free port; the line it prints names it.
// --tls serves HTTPS with HTTP/2 (HTTP/1.1 still accepted) on a throwaway self-signed certificate,
// as production is served; the bench uses it, the browser tests do not need it.
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createSecureServer } from 'node:http2';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { contentTypeOf } from './content-types.mjs';
import { inlineScripts } from './csp.mjs';
import { CACHE_CONTROL, securityHeaders } from './deploy-headers.mjs';
import { selfSignedCert } from './self-signed-cert.mjs';
import { namesFile } from './static-paths.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    port: { type: 'string', default: '4173' },
    base: { type: 'string', default: '/' },
    api: { type: 'string', default: '' },
    images: { type: 'string', default: '' },
    'sentry-dsn': { type: 'string', default: '' },
    tls: { type: 'boolean', default: false },
  },
});
const root = resolve(values.dir);
const base = values.base.endsWith('/') ? values.base : `${values.base}/`;
if (!existsSync(join(root, 'index.html'))) {
  console.error(`serve-static: ${root}/index.html not found; build first.`);
  process.exit(1);
}
const indexHtml = readFileSync(join(root, 'index.html'));
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map']);

/**
 * Every compressible file of the build, gzip-compressed once before the server starts listening, the way a production server serves precompressed files (nginx's
 * gzip_static). Compressing each file on its first request put level-9 gzip into a page's first load:
 * CPU taken from the browser being measured, and slower responses, which Lighthouse's simulation reads
 * as a longer round trip to the origin. Files added later (none in a build served as it is) are
 * compressed on their first request.
 */
const gzipped = new Map();
function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) precompress(file);
    else if (compressible.has(extname(file))) gzipped.set(file, gzipSync(readFileSync(file), { level: 9 }));
  }
}
precompress(root);

/** Sends a file gzip-compressed when the client accepts it, as any production web server would. */
function send(req, res, file, body) {
  const accepts = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (accepts && compressible.has(extname(file))) {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(body ?? readFileSync(file), { level: 9 }));
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Vary', 'Accept-Encoding');
    res.end(gzipped.get(file));
    return;
  }
  if (body) res.end(body);
  else createReadStream(file).pipe(res);
}
// Browsers honour HSTS over HTTPS only; a plain-HTTP test server must not send it for 127.0.0.1.
const headers = securityHeaders({
  apiOrigin: values.api,
  imageOrigins: values.images.split(',').filter(Boolean),
  sentryDsn: values['sentry-dsn'],
  // The build's inline script, allowed by its hash as the build's own policy does.
  inlineScripts: inlineScripts(indexHtml.toString('utf8')),
}).filter(([name]) => values.tls || name !== 'Strict-Transport-Security');

function handle(req, res) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  let pathname = decodeURIComponent(url.pathname);
  if (!pathname.startsWith(base)) pathname = base;
  const relative = normalize(pathname.slice(base.length)).replace(/^(\.\.[/\\])+/, '');
  const file = join(root, relative);
  for (const [name, value] of headers) res.setHeader(name, value);
  if (relative && file.startsWith(root) && existsSync(file) && statSync(file).isFile()) {
    const hashed = relative.startsWith('assets/');
    res.setHeader('Content-Type', contentTypeOf(file));
    res.setHeader('Cache-Control', hashed ? CACHE_CONTROL.asset : CACHE_CONTROL.page);
    send(req, res, file);
    return;
  }
  if (namesFile(pathname)) {
    res.statusCode = 404;
    res.end('not found');
    return;
  }
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', CACHE_CONTROL.page);
  send(req, res, join(root, 'index.html'), indexHtml);
}

const server = values.tls
  ? createSecureServer({ ...selfSignedCert(), allowHTTP1: true }, handle)
  : createServer(handle);
server.listen(Number(values.port), '127.0.0.1', () => {
  const { port } = server.address();
  console.log(`serve-static: ${root} on ${values.tls ? 'https' : 'http'}://127.0.0.1:${port}${base}`);
});
