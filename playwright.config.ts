import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import type { DemoOptions } from './tests/e2e/support/fixtures';

/**
 * Browser tests run the real built app (`vite build --mode test`) in Debian's Chromium at a phone
 * viewport with a WeChat user agent. The API host of the test build is answered by a server in each
 * worker over the demo backend's msw handlers (tests/e2e/support/fixtures.ts).
 */
const dist = process.env.E2E_DIST ?? 'dist-test';
/**
 * Debian's Chromium headless shell (package chromium-headless-shell), the build Playwright itself runs
 * headless tests in: the same Blink and V8 without the full browser's layers around them, so the same
 * tests take less of the machine (the figures are in the commit that chose it). The full Chromium where
 * the shell is not installed; CHROMIUM_PATH names another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const port = Number(process.env.E2E_PORT ?? 4317);
export const API_ORIGIN = 'https://api.screening.test:8686';
/** .env.test's VITE_CONTENT_IMAGE_ORIGINS: the image host rich content may use. */
const CONTENT_IMAGE_ORIGINS = 'https://img.screening.test';

/** The main journeys against a server that follows the spec and nothing more (the demo's minimal style). */
const MINIMAL_SERVER_SPEC = 'minimal-server.spec.ts';

export default defineConfig<DemoOptions>({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Separate folders let several runs go side by side without deleting each other's reports.
  outputDir: process.env.E2E_OUTPUT ?? 'test-results/e2e',
  fullyParallel: true,
  // Three workers on this 2-core machine: a test often waits (an answer, a timer), and a third browser
  // fills those waits; a fourth was no faster (the figures are in the commit that chose three).
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 3,
  // On CI, one retry: a test that fails then passes is reported as flaky (named in npm test's summary).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Both projects are the same Chromium: one reviewed screenshot each, not one per project.
  snapshotPathTemplate: '{snapshotDir}/{testFileDir}/{testFileName}-snapshots/{arg}{-snapshotSuffix}{ext}',
  reporter: [
    ['list'],
    ['json', { outputFile: `${process.env.E2E_OUTPUT ?? 'test-results'}/e2e-results.json` }],
  ],
  use: {
    ...devices['Pixel 5'],
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    userAgent:
      'Mozilla/5.0 (Linux; Android 12; M2102J2SC Build/SKQ1.211006.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5061 MMWEBSDK/20230405 MMWEBID/1234 MicroMessenger/8.0.35.2360(0x28002339) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
    trace: 'off',
    // One browser context per worker, reset by Playwright between tests (cookies, storage of the visited
    // origins, routes, init scripts, extra pages; the HTTP cache stays, as on a phone that opened the
    // app before, and its hashed assets never change within a run): a fresh context per test cost a
    // renderer start each time. Playwright calls this a trade of isolation for speed; what its reset
    // leaves is covered: the tests touch no permissions, geolocation or extra headers, the api fixture
    // switches offline mode back after each test, and every test gets a fresh demo backend. A test that
    // needs a browser no test has touched opens its own context (openAnotherDevice, or browser.newContext()).
    reuseContext: true,
    // The API host is answered by each worker's own HTTPS server with a throwaway certificate
    // (support/fixtures.ts, ApiServer).
    ignoreHTTPSErrors: true,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // As on a phone set to reduce motion, which the app honours (tests/e2e/motion.spec.ts): a dialog or a
    // toast is in its final state at once, and no spinner keeps the browser drawing frames while a test
    // waits for an answer or a timeout. The main journeys (the minimal project, every WebKit journey)
    // and the timed test walk with the motion most people see.
    {
      name: 'chromium',
      grepInvert: /@timed/,
      testIgnore: MINIMAL_SERVER_SPEC,
      use: { reducedMotion: 'reduce' },
    },
    // A test tagged @timed asserts a figure a user feels (e.g. a report's first page in 1.5 s). It runs
    // after every other test, alone: measured beside a second browser, it measures that browser.
    { name: 'timed', grep: /@timed/, dependencies: ['chromium'] },
    // A step of a journey that cannot happen fails at once, naming its step, not at the test's timeout.
    {
      name: 'minimal',
      testMatch: MINIMAL_SERVER_SPEC,
      use: { demoStyle: 'minimal', actionTimeout: 10_000 },
    },
  ],
  webServer: {
    command: `node scripts/serve-static.mjs --dir ${dist} --port ${port} --api ${API_ORIGIN} --images ${CONTENT_IMAGE_ORIGINS}`,
    url: `http://127.0.0.1:${port}/login`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
