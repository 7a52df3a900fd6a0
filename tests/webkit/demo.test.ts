import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort, openWebKit, type WebKitBrowser } from './support/browser';
import { pageOf, signInAsStaff } from './support/page';

/**
 * `npm start`'s demo in WebKit: Vite's dev server, the demo backend answering in msw's service worker.
 * Someone trying the app on an iPhone opens this; WebKit's service workers and its module loading of
 * the unbundled source are what differ from the built app the other journeys use.
 */
let devServer: ChildProcess;
let browser: WebKitBrowser;
let close: () => Promise<void>;
let page: ReturnType<typeof pageOf>;

beforeAll(async () => {
  const port = await freePort();
  // As `npm start` runs it, in a process of its own: this one carries the test build's VITE_ settings
  // in its environment, which Vite would take over .env.development's.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_')));
  devServer = spawn(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      '--mode',
      'development',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
    ],
    { env, stdio: 'ignore' },
  );
  const origin = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    if (devServer.exitCode !== null) throw new Error(`the dev server exited with ${devServer.exitCode}`);
    if (
      await fetch(`${origin}/login`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > until) throw new Error('the dev server did not start within 30 s');
    await new Promise((done) => setTimeout(done, 200));
  }
  ({ browser, close } = await openWebKit());
  // The first visit loads several hundred modules from source: more time than the built app needs.
  page = pageOf(browser, origin, 60_000);
}, 120_000);

afterAll(async () => {
  await close?.();
  devServer?.kill();
});

test('the demo signs in and lists the seeded data through its service worker', async () => {
  await signInAsStaff(page);
  const controlled = await browser.execute(() => navigator.serviceWorker.controller?.scriptURL ?? null);
  expect(controlled).toMatch(/\/mockServiceWorker\.js$/);

  await page.tap('信息查询');
  await page.waitForPath(/^\/infoSearch$/);
  await page.waitForText('最近登记');
  // A seeded registration from the list, and its detail: both answered by the worker.
  await page.tapAt('//a[contains(@href, "/infoDetail?id=")]');
  await page.waitForPath(/^\/infoDetail\?id=\d+$/);
  await page.waitForText('当前状态');
});
