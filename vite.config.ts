/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type UserConfig } from 'vite';
import {
  buildRelease,
  chunkGraph,
  buildEarlyAuthorization,
  contentSecurityPolicyMeta,
  earlyAuthorization,
  missingFileIs404,
  mswWorkerInDev,
  nginxConfiguration,
  pdfJsAssets,
  policyOptions,
  preconnectApi,
  versionFile,
  withoutAxiosFetchAdapter,
} from './scripts/vite-plugins.ts';
import {
  assertDebugToolsAllowed,
  assertDemoStyle,
  assertErrorReportingEnv,
  assertProductionEnv,
} from './src/config/build-env.ts';

/** Older WeChat webviews: iOS 13 WKWebView and Android Chrome/XWeb 69. */
const BUILD_TARGET = ['chrome69', 'safari13'];

/**
 * What Vite preloads when a page's code is imported: nothing (index.html's modulepreloads, the entry's
 * own chunks, stay). Vite's helper inserts one `<link>` per dependency in a single task, and a page here
 * has dozens of JS chunks: on a slow phone those insertions were most of a long task on /infoEnter. The
 * page chunk imports all its chunks itself (the bundler hoists them), so the browser's module loader
 * fetches them one hop later without touching the DOM (the README's measured figures). Stylesheets
 * need no preload either: see `cssCodeSplit` below.
 */
const preloadNothingForLazyImports = {
  resolveDependencies: (_file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }) =>
    hostType === 'html' ? deps : [],
};

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
  // The query library, which every page but /login reads its data through (the api modules' query
  // options): one shared file, not a share of it in each api module's chunk.
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
  // The schema library, the contract it checks and the errors it raises, which every page's first request
  // loads: one file. Without the group, valibot (also read by the storage modules) and the errors became
  // chunks of their own beside it, each compressed apart.
  {
    name: 'contract',
    test: /[\\/](node_modules[\\/]valibot|src[\\/]types|src[\\/]lib[\\/]http[\\/](errors|messages)\.ts$)/,
  },
];

export default defineConfig(async ({ command, mode }): Promise<UserConfig> => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  if (command === 'build' && mode === 'production') assertProductionEnv(env);
  if (command === 'build') {
    assertDebugToolsAllowed(env);
    assertErrorReportingEnv(env);
  }
  assertDemoStyle(env);
  const base = env.VITE_PUBLIC_BASE || '/';
  const version = process.env.APP_VERSION ?? new Date().toISOString();
  // Built apart before the app, so that its hash is in the policy of the meta tag and the nginx
  // configuration. Not for the dev server (no CSP) nor the demo (no WeChat).
  const earlyScript =
    command === 'build' && !(mode !== 'production' && env.VITE_DEMO === 'true')
      ? await buildEarlyAuthorization({
          wechatAppId: env.VITE_WECHAT_APP_ID ?? '',
          publicBase: base.endsWith('/') ? base : `${base}/`,
          target: BUILD_TARGET,
        })
      : '';
  const policy = policyOptions(env, earlyScript ? [earlyScript] : []);

  return {
    base,
    plugins: [
      react(),
      withoutAxiosFetchAdapter(),
      mswWorkerInDev(base),
      pdfJsAssets(base.endsWith('/') ? base : `${base}/`),
      missingFileIs404(),
      versionFile(version),
      preconnectApi(env.VITE_API_BASE_URL),
      earlyAuthorization(earlyScript),
      contentSecurityPolicyMeta(policy),
      nginxConfiguration({ publicBase: base, policy }),
      chunkGraph(),
    ],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    define: {
      __APP_VERSION__: JSON.stringify(version),
      __APP_RELEASE__: JSON.stringify(buildRelease()),
      __SENTRY_DEBUG__: false,
    },
    build: {
      target: BUILD_TARGET,
      outDir: mode === 'production' ? 'dist' : `dist-${mode}`,
      sourcemap: false,
      chunkSizeWarningLimit: 800,
      modulePreload: preloadNothingForLazyImports,
      // All of the app's CSS in one stylesheet that index.html links, rather than a stylesheet per
      // page that Vite's helper inserts when the page's code is imported: those insertions and the
      // style recalculations after each sheet arrived were long tasks of their own (measured: the
      // README's figures).
      // Opening a page then never waits for a stylesheet; the first screen still paints from
      // index.html's inline styles, after this one file.
      cssCodeSplit: false,
      rolldownOptions: {
        optimization: { inlineConst: { mode: 'all', pass: 1 } },
        output: {
          codeSplitting: { groups: CHUNK_GROUPS },
          // The production debug guard (src/app/debug-tools.ts) is a `debugger` statement whose pause it
          // times; the minifier drops such statements by default, which left the guard empty. The
          // build test holds that the guard's is the only one that ships.
          minify: { compress: { dropDebugger: false } },
        },
      },
    },
    server: { port: 5173 },
    preview: { port: 4173 },
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['tests/animation-frames.ts', 'tests/setup.ts'],
      css: false,
      // A file's first test also loads its pages' modules: on a busy 2-core machine that alone took
      // longer than a quiet machine's whole test. The limit is for a test that hangs, not a slow one.
      testTimeout: 60_000,
      restoreMocks: true,
      // Vitest leaves a core to its main process by default: on a 2-core machine that is one worker.
      // The main process is nearly idle during a run, so one worker per core is faster here.
      maxWorkers: availableParallelism(),
      // Worker threads rather than child processes: the same tests took about a tenth less of the
      // machine (the figures are in the commit that chose them), which the browser tests beside them use.
      pool: 'threads',
      // The test files of a worker share the libraries they load (React, antd-mobile, msw): a process
      // per file repeated those imports for every file, most of the suite's time. The app's own
      // modules are imported afresh for each file (tests/setup.ts). A file that replaces or reloads
      // modules (vi.mock, vi.doMock, vi.resetModules) would change them for the files after it: it is
      // named *.isolated.test.* and runs alone; ESLint refuses those calls anywhere else.
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['tests/unit/**/*.test.{ts,tsx}'],
            exclude: ['**/*.isolated.test.*'],
            isolate: false,
          },
        },
        {
          extends: true,
          test: { name: 'unit, isolated', include: ['tests/unit/**/*.isolated.test.{ts,tsx}'] },
        },
      ],
    },
  };
});
