import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Tests over the production build in dist/ (run after `vite build`, see scripts/test-all.mjs). */
export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'node',
    include: ['tests/build/**/*.test.ts'],
    testTimeout: 120_000,
  },
});
