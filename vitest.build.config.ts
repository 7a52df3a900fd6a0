import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BUILD_TIME_LIMIT_MS } from './scripts/build-test-app.mjs';

/** Tests over the production build in dist/ (run after `vite build`, see scripts/test-all.mjs). */
export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'node',
    include: ['tests/build/**/*.test.ts'],
    testTimeout: 120_000,
    // production-build.test.ts builds in a beforeAll (one build with the variables it checks).
    hookTimeout: BUILD_TIME_LIMIT_MS,
  },
});
