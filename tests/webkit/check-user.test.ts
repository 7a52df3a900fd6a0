import { expect, test } from 'vitest';
import { setUpWebKitApp } from './support/app';
import type { WebKitBrowser } from './support/browser';

const app = setUpWebKitApp();

/** Plays WeChat's silent authorization: the app went to the authorize URL; WeChat sends it back with a code. */
async function authorizeAsWeChat(browser: WebKitBrowser): Promise<void> {
  await browser.waitUntil(async () => (await browser.getUrl()).startsWith('https://open.weixin.qq.com/'), {
    timeout: 20_000,
    timeoutMsg: 'the app did not start WeChat authorization',
  });
  const authorize = new URL(await browser.getUrl());
  const callback = new URL(authorize.searchParams.get('redirect_uri') ?? '');
  callback.searchParams.set('code', `webkit-${Date.now()}`);
  callback.searchParams.set('state', authorize.searchParams.get('state') ?? '');
  await browser.url(callback.href);
}

test('check user: WeChat sign-in, home, my reports, the PDF drawn by pdf.js, the download page as pictures', async () => {
  const { page, browser } = app;
  await page.open('/checkUser');
  await authorizeAsWeChat(browser);
  await page.waitForPath(/^\/checkUser$/);
  await page.waitForText('您好');

  await page.tapAt('//a[contains(., "看检测结果")]');
  await page.waitForPath(/^\/checkUserSearchType$/);
  await page.tap('查看我的报告');
  await page.waitForPath(/^\/checkUserRepoetList$/);
  await page.tapAt('//ul[@aria-label="检测报告列表"]//a');
  await page.waitForPath(/^\/checkUserRepoetDetail\?id=\d+$/);
  await page.waitForText('下一步怎么做');

  // pdf.js (its worker, the CMaps) in JavaScriptCore: page 1 drawn on a canvas, not blank. The PDF is
  // in the page below the report's one action; its pages are drawn once scrolled near, so the person
  // scrolls to 报告原件 (again while the viewer is still on its way).
  await browser.waitUntil(
    async () =>
      browser.execute(() => {
        document.getElementById('report-file-heading')?.scrollIntoView();
        const canvas = document.querySelector('[aria-label^="第 1 页，共"] canvas');
        if (!(canvas instanceof HTMLCanvasElement) || canvas.width === 0) return false;
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        for (let i = 0; i < data.length; i += 4) if (data[i] < 200 && data[i + 3] > 0) return true;
        return false;
      }),
    { timeout: 30_000, timeoutMsg: 'the first PDF page was not drawn' },
  );

  // Inside WeChat the action is 保存报告图片: the download page shows the report as pictures to long-press.
  await page.tap('保存报告图片');
  await page.waitForPath(/^\/downSuccess\?report=\d+$/);
  await page.waitForFirstPagePicture();
  expect(await page.text()).toContain('长按图片');
});
