/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { metaContentSecurityPolicy } from './scripts/csp.mjs';
import { assertDebugToolsAllowed, assertProductionEnv } from './src/config/build-env.ts';
import { readHttpsOrigins } from './src/config/origins.ts';

/** Older WeChat webviews: iOS 13 WKWebView and Android Chrome/XWeb 69. */
const BUILD_TARGET = ['chrome69', 'safari13'];

/** Serves msw's service worker in the dev server only, so the demo backend never reaches a build. */
function mswWorkerInDev(base: string): Plugin {
  const workerPath = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
  return {
    name: 'msw-worker-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(`${base}mockServiceWorker.js`, (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.setHeader('Service-Worker-Allowed', base);
        res.end(readFileSync(workerPath));
      });
    },
  };
}

/** Writes version.json next to index.html, so a running app can notice a new deploy. */
function versionFile(version: string): Plugin {
  return {
    name: 'version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version }) });
    },
  };
}

/**
 * Opens the connection to the API's origin while the scripts download: the first call then skips DNS,
 * TCP and TLS set-up. `crossorigin` because the calls are CORS requests without credentials.
 */
function preconnectApi(apiBaseUrl: string | undefined): Plugin {
  return {
    name: 'preconnect-api',
    transformIndexHtml() {
      if (!apiBaseUrl || !URL.canParse(apiBaseUrl)) return [];
      const href = new URL(apiBaseUrl).origin;
      return [{ tag: 'link', attrs: { rel: 'preconnect', href, crossorigin: '' }, injectTo: 'head-prepend' }];
    },
  };
}

/**
 * Puts the app's Content-Security-Policy (scripts/csp.mjs) into the built index.html, first in <head>,
 * so the page is protected even where the server sends no CSP header. Builds only: Vite's dev client and
 * React Fast Refresh inject inline scripts that a strict policy would block.
 */
function contentSecurityPolicyMeta(
  apiBaseUrl: string | undefined,
  contentImageOrigins: string | undefined,
): Plugin {
  const apiOrigin = apiBaseUrl && URL.canParse(apiBaseUrl) ? new URL(apiBaseUrl).origin : '';
  const imageOrigins = readHttpsOrigins(contentImageOrigins);
  return {
    name: 'content-security-policy-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'meta',
          attrs: {
            'http-equiv': 'Content-Security-Policy',
            content: metaContentSecurityPolicy({ apiOrigin, imageOrigins }),
          },
          injectTo: 'head-prepend',
        },
      ],
    },
  };
}

/**
 * The client sends with XHR (src/lib/http/client.ts), but axios's adapter list imports its fetch
 * adapter, which probes the browser when evaluated: 4.2 kB gzip on every page for code never used.
 * Loaded in its place: what axios itself reports where fetch is missing.
 */
function withoutAxiosFetchAdapter(): Plugin {
  const adapter = fileURLToPath(new URL('./node_modules/axios/lib/adapters/fetch.js', import.meta.url));
  return {
    name: 'without-axios-fetch-adapter',
    apply: 'build',
    enforce: 'pre',
    load: (id) => (id === adapter ? 'export const getFetch = () => false;\nexport default false;\n' : null),
  };
}

/**
 * Chunks every page shares (cached once across deploys that do not touch them). pdf.js needs no group:
 * it is imported on demand only, so it is a chunk of its own that no page loads up front.
 */
const CHUNK_GROUPS = [
  {
    name: 'react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
  },
  // What every page's feedback and buttons use; the other components stay with the pages that use them.
  {
    name: 'antd-mobile',
    test: /[\\/]node_modules[\\/](antd-mobile[\\/]es[\\/](global|utils|components[\\/](toast|mask|button|dot-loading|spin-loading|auto-center|safe-area|config-provider))|@react-spring|classnames)[\\/]/,
  },
];

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  if (command === 'build' && mode === 'production') assertProductionEnv(env);
  if (command === 'build') assertDebugToolsAllowed(env);
  const base = env.VITE_PUBLIC_BASE || '/';
  const version = process.env.APP_VERSION ?? new Date().toISOString();

  return {
    base,
    plugins: [
      react(),
      withoutAxiosFetchAdapter(),
      mswWorkerInDev(base),
      versionFile(version),
      preconnectApi(env.VITE_API_BASE_URL),
      contentSecurityPolicyMeta(env.VITE_API_BASE_URL, env.VITE_CONTENT_IMAGE_ORIGINS),
    ],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    define: { __APP_VERSION__: JSON.stringify(version) },
    build: {
      target: BUILD_TARGET,
      outDir: mode === 'production' ? 'dist' : `dist-${mode}`,
      sourcemap: false,
      chunkSizeWarningLimit: 800,
      rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
    },
    server: { port: 5173 },
    preview: { port: 4173 },
    test: {
      environment: 'jsdom',
      globals: true,
      include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
      setupFiles: ['tests/setup.ts'],
      css: false,
      testTimeout: 15000,
      restoreMocks: true,
      // Vitest leaves a core to its main process by default: on a 2-core machine that is one worker.
      // The main process is nearly idle during a run; one worker per core: 174 -> 113 s here.
      maxWorkers: availableParallelism(),
    },
  };
});
