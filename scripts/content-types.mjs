// The Content-Type of a built app's files, by extension: scripts/serve-static.mjs and the WebKit tests'
// server (tests/webkit/support/server.ts) serve dist/ with it.
import { extname } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.bcmap': 'application/octet-stream',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
};

/** The Content-Type to send for `file` (a path or a name). */
export function contentTypeOf(file) {
  return TYPES[extname(file)] ?? 'application/octet-stream';
}
