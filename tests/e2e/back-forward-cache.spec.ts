import { expect, phoneContext, signIn, test } from './support/fixtures';

/**
 * Back after 退出登录 to a page the person left by a full page load (a same-origin link in a message,
 * the reload after a deploy): with the back/forward cache on, as on a phone, the browser restores that
 * page as it was, a signed-out session's report with the person's name on it. index.html's first
 * script (src/app/early-authorization.ts) loads such a page afresh before it shows.
 *
 * Playwright starts Chromium with --disable-back-forward-cache, and the Chromium headless shell the
 * other tests run in turns the cache off in its embedder (BackForwardCacheDisabledForDelegate): this
 * test starts Debian's full Chromium (new headless mode) without that switch, with the worker's API
 * and WeChat host rules (launchOptions).
 */
const FULL_CHROMIUM = '/usr/bin/chromium';
/** Where the page notes the browser's own word that it was restored from the cache (pageshow's persisted). */
const RESTORED = 'e2e-restored-from-cache';

test('Back after 退出登录 to a page a full load left: restored from the cache, it loads afresh, without the report', async ({
  playwright,
  launchOptions,
  api,
}, testInfo) => {
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    executablePath: FULL_CHROMIUM,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });
  try {
    const context = await phoneContext(browser, testInfo);
    await context.addInitScript(
      (key) =>
        addEventListener('pageshow', (event) => {
          if (event.persisted) sessionStorage.setItem(key, location.pathname);
        }),
      RESTORED,
    );
    const page = await context.newPage();
    const report = api.db.state.reports.find((candidate) => candidate.result === 'positive')!;

    await signIn(page, api);
    await page.goto(`/repoetDetail?id=${report.id}`);
    await expect(page.getByRole('heading', { name: '建议尽快做结肠镜检查' })).toBeVisible();
    await expect(page.getByText(report.personName, { exact: true })).toBeVisible();
    // A same-origin link in a message: the report's page is left by a full load.
    await page.goto('/workUser');
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '退出' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // Back as the phone's button does it. Not page.goBack: the restored page reloads at once, and
    // Playwright would see the navigation it waits for aborted by that reload.
    await page.evaluate(() => history.back());
    await expect(page).toHaveURL(/\/login\?redirect=%2FrepoetDetail/);
    await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
    await expect(page.getByText(report.personName)).toHaveCount(0);
    // The browser did restore the report's page from its cache (the reload came after it).
    expect(await page.evaluate((key) => sessionStorage.getItem(key), RESTORED)).toBe('/repoetDetail');
  } finally {
    await browser.close();
  }
});
