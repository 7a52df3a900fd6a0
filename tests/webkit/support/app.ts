import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openWebKit, type WebKitBrowser } from './browser';
import { pageOf } from './page';
import { startAppServer, type AppServer } from './server';

export interface WebKitApp {
  server: AppServer;
  browser: WebKitBrowser;
  page: ReturnType<typeof pageOf>;
  /** The API requests the app sent whose path ends with `suffix`. */
  requestsTo: (suffix: string) => AppServer['requests'];
}

const SCREENSHOTS = 'test-results/webkit';

/**
 * For a test file: the built app on its own server with a fresh demo backend, and one MiniBrowser
 * for the file's tests (they run in order, each going on from a known page). A failed test leaves a
 * screenshot of the page it ended on in test-results/webkit/.
 */
export function setUpWebKitApp(options: { privateBrowsing?: boolean; userAgent?: string } = {}): WebKitApp {
  let close: (() => Promise<void>) | undefined;
  const app = {} as WebKitApp;

  beforeAll(async () => {
    app.server = await startAppServer(process.env.WEBKIT_DIST ?? 'dist-webkit');
    const opened = await openWebKit(options);
    close = opened.close;
    app.browser = opened.browser;
    app.page = pageOf(app.browser, app.server.origin);
    app.requestsTo = (suffix) => app.server.requests.filter((request) => request.path.endsWith(suffix));
  });

  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !app.browser) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    const name = task.name.replace(/[^\w\u4e00-\u9fff-]+/g, '-').slice(0, 80);
    await app.browser.saveScreenshot(`${SCREENSHOTS}/${name}.png`).catch(() => undefined);
  });

  afterAll(async () => {
    await close?.();
    await app.server?.close();
  });

  return app;
}
