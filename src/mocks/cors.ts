import { http, HttpResponse, type HttpHandler } from 'msw';
import type { DemoStyle } from '@/config/env';

/**
 * The request headers the API origin's CORS allows (Access-Control-Allow-Headers). The spec names
 * requestId, Authorization and Content-Type, and a server configured from it allows those only; the
 * full style also allows the app's optional Idempotency-Key.
 */
const ALLOWED_HEADERS: Readonly<Record<DemoStyle, readonly string[]>> = {
  full: ['Authorization', 'Content-Type', 'requestId', 'Idempotency-Key'],
  minimal: ['requestId', 'Authorization', 'Content-Type'],
};

/**
 * The response headers a page may read. Retry-After is not CORS-safelisted: a server that wants the
 * app to honour it must expose it (the full style does; the minimal one, configured from the spec, does
 * not, and the app then backs off on its own).
 */
const EXPOSED_HEADERS: Readonly<Record<DemoStyle, readonly string[]>> = {
  full: ['Content-Disposition', 'Content-Type', 'Retry-After'],
  minimal: ['Content-Disposition', 'Content-Type'],
};

/**
 * The CORS headers of every answer of the demo API on its own origin (the browser tests' API server,
 * the bench's): a preflight asking for a header the style does not allow gets them as they are, and
 * the browser then blocks the request.
 */
export function corsHeaders(style: DemoStyle): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': ALLOWED_HEADERS[style].join(', '),
    'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
    'access-control-expose-headers': EXPOSED_HEADERS[style].join(', '),
  };
}

/** Headers a page may send to any origin without asking (CORS-safelisted). */
const SAFELISTED = new Set(['accept', 'accept-language', 'content-language']);

/**
 * For the demo in the browser (`npm start`), which answers on the app's own origin where no preflight
 * happens: an API request carrying a header the style's CORS does not allow fails as a refused
 * preflight makes it fail, as a network error. Place it before the endpoints.
 */
export function corsRefusal(style: DemoStyle): HttpHandler {
  const allowed = new Set([...SAFELISTED, ...ALLOWED_HEADERS[style].map((name) => name.toLowerCase())]);
  return http.all('*/api/v1/*', ({ request }) => {
    const refused = [...request.headers.keys()].some((name) => !allowed.has(name.toLowerCase()));
    return refused ? HttpResponse.error() : undefined;
  });
}
