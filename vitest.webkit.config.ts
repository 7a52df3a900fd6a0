import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The main journeys in WebKit (WebKitGTK's MiniBrowser through WebKitWebDriver), over the app built
 * by scripts/webkit.mjs. One browser at a time: each file opens its own.
 */
export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'node',
    include: ['tests/webkit/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // On CI a test that fails runs once more, as the browser tests do; npm test's summary names one that
    // passed only then as flaky. (The keyboard check of staff.test.ts failed once in a real window.)
    retry: process.env.CI ? 1 : 0,
  },
});
