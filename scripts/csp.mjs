// The one Content-Security-Policy of the app. The build writes it into index.html as a meta tag
// (vite.config.ts), so the page is protected wherever it is served; the servers send it as a header too
// (scripts/deploy-headers.mjs: the nginx configuration the build writes, scripts/serve-static.mjs).
// WeChat's JS-SDK talks to the native bridge, not the network, so only the API origin needs
// connect-src, and the error reports' (Sentry) when a DSN is set. pdf.js runs its worker from a
// same-origin asset or a blob.

/** Directives a <meta http-equiv> policy cannot carry: browsers ignore them there (CSP3 §3.3). */
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/** The origin error reports are sent to: the DSN's (https://key@sentry.example.cn/3 → https://sentry.example.cn). */
function reportOrigin(sentryDsn) {
  return sentryDsn && URL.canParse(sentryDsn) ? new URL(sentryDsn).origin : '';
}

/** @param {{ apiOrigin?: string, imageOrigins?: string[], sentryDsn?: string }} [options] */
function directives({ apiOrigin = '', imageOrigins = [], sentryDsn = '' } = {}) {
  const connect = new Set(["'self'", apiOrigin, reportOrigin(sentryDsn)].filter(Boolean));
  return [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self' 'unsafe-inline'"],
    // The hosts rich content may show images from (src/components/safe-html/sanitize-html.ts).
    ['img-src', ["'self' data: blob:", apiOrigin, ...imageOrigins].filter(Boolean).join(' ')],
    ['connect-src', [...connect].join(' ')],
    ['worker-src', "'self' blob:"],
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
