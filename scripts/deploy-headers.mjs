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

const PERMISSIONS_POLICY = [
  'camera=(self)',
  ...[
    'microphone',
    'geolocation',
    'payment',
    'usb',
    'serial',
    'bluetooth',
    'hid',
    'midi',
    'display-capture',
    'accelerometer',
    'gyroscope',
    'magnetometer',
  ].map((feature) => `${feature}=()`),
].join(', ');

/** The security headers of every response: the app's Content-Security-Policy (scripts/csp.mjs) and the rest. */
export function securityHeaders(policy) {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(policy)],
    // For browsers without CSP's frame-ancestors; the policy says the same.
    ['X-Frame-Options', 'DENY'],
    ['X-Content-Type-Options', 'nosniff'],
    // index.html says the same in a meta tag, for servers that send no header.
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    // includeSubDomains: the app's host and every name below it are HTTPS only (docs/deployment.md).
    ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
    // The camera for the tube scanner on the app's own pages; every other powerful feature off.
    ['Permissions-Policy', PERMISSIONS_POLICY],
  ];
}
