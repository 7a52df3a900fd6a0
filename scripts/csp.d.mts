/** Types of scripts/csp.mjs for vite.config.ts and the tests. */
export interface PolicyOptions {
  /** The API's origin (connect-src); '' when the API is on the page's own origin. */
  apiOrigin?: string;
}
export function contentSecurityPolicy(options?: PolicyOptions): string;
export function metaContentSecurityPolicy(options?: PolicyOptions): string;
