/** Types of scripts/deploy-headers.mjs for the TypeScript that uses it. */
import type { PolicyOptions } from './csp.d.mts';

export const CACHE_CONTROL: { page: string; asset: string };
export function securityHeaders(policy: PolicyOptions): [name: string, value: string][];
