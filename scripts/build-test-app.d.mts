/** Types of scripts/build-test-app.mjs for the browser tests that build an app of their own. */
export const BUILD_TIME_LIMIT_MS: number;
export function buildTestApp(outDir: string, env?: Record<string, string>): number;
