// The one Content-Security-Policy of the app. The build writes it into index.html as a meta tag
// (vite.config.ts), so the page is protected wherever it is served; the servers send it as a header too
// (scripts/deploy-headers.mjs: the nginx configuration the build writes, scripts/serve-static.mjs).
// WeChat's JS-SDK talks to the native bridge, not the network, so only the API origin needs
// connect-src, and the error reports' (Sentry) when a DSN is set. Workers only from the app's own
// files: pdf.js's worker is a same-origin asset (pdf.js wraps a worker in a blob: URL only when its
// script is on another origin, which a build's public base, a path, never makes it). pdf.js compiles
// its image decoders (JPEG 2000, JBIG2, CCITT) from same-origin wasm files, which needs
// 'wasm-unsafe-eval' (WebAssembly only, not eval).

import { createHash } from 'node:crypto';

/** Directives a <meta http-equiv> policy cannot carry: browsers ignore them there (CSP3 §3.3). */
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/** The origin error reports are sent to: the DSN's (https://key@sentry.example.cn/3 → https://sentry.example.cn). */
function reportOrigin(sentryDsn) {
  return sentryDsn && URL.canParse(sentryDsn) ? new URL(sentryDsn).origin : '';
}

/** The CSP source that allows one inline script: its text's SHA-256, as browsers compute it (CSP3 §8.4). */
export function scriptHash(script) {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/** The text of each inline script (a <script> without src) of an HTML page: what its CSP must hash. */
export function inlineScripts(html) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes))
    .map(([, , text]) => text);
}

/**
 * @param {{ apiOrigin?: string, imageOrigins?: string[], sentryDsn?: string, inlineScripts?: string[] }} [options]
 */
function directives({ apiOrigin = '', imageOrigins = [], sentryDsn = '', inlineScripts = [] } = {}) {
  const connect = new Set(["'self'", apiOrigin, reportOrigin(sentryDsn)].filter(Boolean));
  return [
    ['default-src', "'self'"],
    // The app's files, and index.html's own inline script by its hash (never 'unsafe-inline').
    // 'wasm-unsafe-eval': pdf.js's wasm decoders, in its worker, whose own policy this header is (an
    // engine without the keyword refuses the wasm, and pdf.js falls back to its JS decoders).
    ['script-src', ["'self'", "'wasm-unsafe-eval'", ...inlineScripts.map(scriptHash)].join(' ')],
    ['style-src', "'self' 'unsafe-inline'"],
    // The hosts rich content may show images from (src/components/safe-html/sanitize-html.ts). Not the
    // API's: an image there would make every reader's phone call it (a report's download, say).
    ['img-src', ["'self' data: blob:", ...imageOrigins].join(' ')],
    ['connect-src', [...connect].join(' ')],
    ['worker-src', "'self'"],
    ['font-src', "'self' data:"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['frame-ancestors', "'none'"],
    ['form-action', "'self'"],
  ];
}

/** The policy as a response header (every directive). */
export function contentSecurityPolicy(options) {
  return directives(options)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

/** The policy as index.html's meta tag carries it: all that a meta policy can express. */
export function metaContentSecurityPolicy(options) {
  return directives(options)
    .filter(([name]) => !HEADER_ONLY.has(name))
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}
