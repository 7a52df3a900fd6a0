/** Types of scripts/static-paths.mjs for the TypeScript scripts and tests. */
export function namesFile(pathname: string): boolean;
