/** Types of scripts/csp.mjs for vite.config.ts and the tests. */
export interface PolicyOptions {
  /** The API's origin (connect-src); '' when the API is on the page's own origin. */
  apiOrigin?: string;
  /** Other https origins rich content may show images from (VITE_CONTENT_IMAGE_ORIGINS). */
  imageOrigins?: string[];
  /** The error reports' Sentry DSN (VITE_SENTRY_DSN): its origin joins connect-src. '' or absent: none. */
  sentryDsn?: string;
}
export function contentSecurityPolicy(options?: PolicyOptions): string;
export function metaContentSecurityPolicy(options?: PolicyOptions): string;
