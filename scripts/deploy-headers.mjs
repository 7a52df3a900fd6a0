// The HTTP headers the app is served with, in one place for every server of the project: the nginx
// configuration the build writes (scripts/nginx-conf.mjs), scripts/serve-static.mjs, and what
// scripts/check-deploy.mjs expects of a live site.
import { contentSecurityPolicy } from './csp.mjs';

/**
 * Cache-Control by kind of file. A hashed file in assets/ keeps its content under its name for good (a
 * new build names changed files anew); everything else, index.html above all, is revalidated on every
 * load, or a webview keeps an index.html that asks for chunks a deploy removed.
 */
export const CACHE_CONTROL = { page: 'no-cache', asset: 'public, max-age=31536000, immutable' };

/** The security headers of every response: the app's Content-Security-Policy (scripts/csp.mjs) and the rest. */
export function securityHeaders(policy) {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(policy)],
    // For browsers without CSP's frame-ancestors; the policy says the same.
    ['X-Frame-Options', 'DENY'],
    ['X-Content-Type-Options', 'nosniff'],
    // index.html says the same in a meta tag, for servers that send no header.
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Strict-Transport-Security', 'max-age=31536000'],
  ];
}
