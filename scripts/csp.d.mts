/** Types of scripts/csp.mjs for vite.config.ts and the tests. */
export interface PolicyOptions {
  /** The API's origin (connect-src); '' when the API is on the page's own origin. */
  apiOrigin?: string;
  /** Other https origins rich content may show images from (VITE_CONTENT_IMAGE_ORIGINS). */
  imageOrigins?: string[];
  /** The error reports' Sentry DSN (VITE_SENTRY_DSN): its origin joins connect-src. '' or absent: none. */
  sentryDsn?: string;
  /** The text of index.html's inline scripts: script-src allows each by its SHA-256 hash. */
  inlineScripts?: string[];
}
export function scriptHash(script: string): string;
export function inlineScripts(html: string): string[];
export function contentSecurityPolicy(options?: PolicyOptions): string;
export function metaContentSecurityPolicy(options?: PolicyOptions): string;
