// Builds the app in test mode (.env.test) into `outDir` for the browser tests; `env` overrides
// variables (the WebKit stage serves the API on the app's own origin). Returns the exit status.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/**
 * How long a test may wait for a build it makes itself (its hook's or its own time limit): a build
 * that takes seconds on a quiet machine takes many times as long on a busy 2-core one.
 */
export const BUILD_TIME_LIMIT_MS = 300_000;

export function buildTestApp(outDir, env = {}) {
  const result = spawnSync(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--mode',
      'test',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { stdio: 'inherit', env: { ...process.env, ...env } },
  );
  return result.status ?? 1;
}

// `node scripts/build-test-app.mjs` (npm test's test build): into E2E_DIST or dist-test, where the
// browser and nginx stages look for it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(buildTestApp(process.env.E2E_DIST ?? 'dist-test'));
}
