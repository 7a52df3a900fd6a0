// The Content-Security-Policy the app runs under (served by scripts/serve-static.mjs, documented in
// the README for nginx). WeChat's JS-SDK talks to the native bridge, not the network, so only the API
// origin needs connect-src. pdf.js runs its worker from a same-origin blob/asset.
export function contentSecurityPolicy({ apiOrigin = '' } = {}) {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    `connect-src 'self' ${apiOrigin}`.trim(),
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
    "form-action 'self'",
  ].join('; ');
}
