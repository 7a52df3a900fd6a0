import { defineConfig } from '@playwright/test';
import browserTests from './playwright.config';

/**
 * The nginx stage (scripts/nginx-e2e.mjs): the browser tests' phone, browser and API server
 * (tests/e2e/support/fixtures.ts), with the app served by Debian's nginx on the configuration its build
 * wrote (tests/nginx/support/nginx.ts) instead of scripts/serve-static.mjs. Each test starts the sites it
 * needs, so there is no web server here and no base URL.
 */
const output = process.env.E2E_OUTPUT ?? 'test-results';

export default defineConfig({
  ...browserTests,
  testDir: 'tests/nginx',
  outputDir: `${output}/nginx`,
  reporter: [['list'], ['json', { outputFile: `${output}/nginx-results.json` }]],
  use: { ...browserTests.use, baseURL: undefined },
  projects: [{ name: 'nginx' }],
  webServer: undefined,
});
