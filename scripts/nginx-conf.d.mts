/** Types of scripts/nginx-conf.mjs for the TypeScript that uses it. */
import type { PolicyOptions } from './csp.d.mts';

export function nginxConfPath(outDir: string): string;
export function nginxConf(build: { publicBase: string; policy: PolicyOptions }): string;
