import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { http, HttpResponse } from 'msw';
import type { StoredReport } from '../../src/mocks/demo-state';
import { buildPdf, createReportPdf } from '../../src/mocks/pdf';
import { attachmentBytes } from '../../src/mocks/seed';
import type { CheckReport } from '../../src/types/api';
import { loginWithForm, urlOf } from './support/fault-drivers';
import { waitForQuietMachine } from './support/quiet';
import {
  API_ORIGIN,
  expect,
  expectAccessible,
  openAnotherDevice,
  signIn,
  snap,
  test,
  type ApiMock,
} from './support/fixtures';

/**
 * A report's one action and attachments end to end, per platform (docs/behaviour.md "Downloads"): outside WeChat
 * 下载报告 saves the real file (Playwright's download event, name, bytes); inside WeChat 保存报告图片
 * turns the PDF into long-pressable pictures, and staff can open the same address in a system browser, sign in, and save the file there.
 */

/** Android Chrome: a system browser, not WeChat. */
const ANDROID_CHROME_UA =
  'Mozilla/5.0 (Linux; Android 12; PGEM10) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36';

function reportOf(api: ApiMock, result: 'positive' | 'negative'): StoredReport {
  const report = api.db.state.reports.find((candidate) => candidate.result === result);
  if (!report) throw new Error(`no ${result} report in the demo data`);
  return report;
}

async function savedBytes(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

/** A report of exactly `pages` A4 pages of text, as a real server might send a long one. */
function longReportPdf(pages: number): Uint8Array<ArrayBuffer> {
  const pageCount = (pdf: Uint8Array) =>
    Buffer.from(pdf).toString('latin1').split('/Type /Page /').length - 1;
  let lines = pages * 30;
  for (;;) {
    const pdf = buildPdf({
      title: '多页检测报告',
      blocks: Array.from({ length: lines }, (_, index) => ({
        kind: 'text' as const,
        text: `${index + 1}. 便隐血检测结果说明：本行用于检查多页报告的显示。`,
      })),
    });
    const count = pageCount(pdf);
    if (count === pages) return pdf;
    if (count > pages) throw new Error(`cannot lay out exactly ${pages} pages`);
    lines += 10;
  }
}

/** Signs staff in, opens the report and taps 下载报告; outside WeChat, resolves with the file saved. */
async function downloadReport(page: Page, api: ApiMock, report: CheckReport): Promise<Download> {
  await signIn(page, api);
  await page.goto(`/repoetDetail?id=${report.id}`);
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载报告' }).click();
  return saved;
}

/** The same, inside WeChat, where the action is 保存报告图片: nothing is saved; resolves on /downSuccess. */
async function openReportPictures(page: Page, api: ApiMock, report: CheckReport): Promise<void> {
  await signIn(page, api);
  await page.goto(`/repoetDetail?id=${report.id}`);
  await page.getByRole('button', { name: '保存报告图片' }).click();
  await expect(page).toHaveURL(urlOf(`/downSuccess?report=${report.id}`));
}

test.describe('outside WeChat (Android Chrome, iOS Safari, desktop)', () => {
  test.use({ userAgent: ANDROID_CHROME_UA });

  test('下载报告 saves the real PDF, named by the server, byte for byte; 再次保存 saves it again', async ({
    page,
    api,
  }) => {
    const report = reportOf(api, 'positive');
    const download = await downloadReport(page, api, report);
    expect(download.suggestedFilename()).toBe(report.fileName);
    expect((await savedBytes(download)).equals(Buffer.from(createReportPdf(report)))).toBe(true);

    await expect(page).toHaveURL(urlOf(`/downSuccess?report=${report.id}`));
    await expect(page.getByText('文件已保存', { exact: true })).toBeVisible();
    await expect(page.getByText(/已保存到手机的「下载」里/)).toBeVisible();
    await snap(page, 'downSuccess-browser');
    await expectAccessible(page);

    const again = page.waitForEvent('download');
    await page.getByRole('button', { name: '再次保存' }).click();
    expect((await savedBytes(await again)).equals(Buffer.from(createReportPdf(report)))).toBe(true);
    expect(api.requestsTo('/Sampling/DownloadCheckReport')).toHaveLength(1);
  });

  test('an attachment that is not a PDF (.txt) saves as the real file too', async ({ page, api }) => {
    await signIn(page, api);
    await page.goto('/announcementDetail?id=6003');
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载 结肠镜检查定点医院名单.txt' }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe('结肠镜检查定点医院名单.txt');
    const expected = Buffer.from(attachmentBytes(api.db.state.attachmentSources['5002']));
    expect((await savedBytes(download)).equals(expected)).toBe(true);
    await expect(page).toHaveURL(urlOf('/downSuccess?attachment=5002'));
    await expect(page.getByLabel('文件内容：结肠镜检查定点医院名单.txt')).toContainText('医院');
  });

  test('after a reload /downSuccess fetches the file again and 再次保存 still saves it', async ({
    page,
    api,
  }) => {
    const report = reportOf(api, 'negative');
    await downloadReport(page, api, report);
    await expect(page.getByText('文件已保存', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByText('文件已保存', { exact: true })).toBeVisible();
    await expect(page.getByText('文件已失效')).toHaveCount(0);
    const again = page.waitForEvent('download');
    await page.getByRole('button', { name: '再次保存' }).click();
    expect((await again).suggestedFilename()).toBe(report.fileName);
    expect(api.requestsTo('/Sampling/DownloadCheckReport')).toHaveLength(2);
  });
});

test.describe('inside WeChat (blob downloads are blocked)', () => {
  test('a report becomes long-pressable pictures of every page, drawn at twice the shown width', async ({
    page,
    api,
  }) => {
    const report = reportOf(api, 'positive');
    const downloads: Download[] = [];
    page.on('download', (download) => downloads.push(download));
    await openReportPictures(page, api, report);
    await expect(page.getByText('长按图片，可保存到手机或发送给朋友')).toBeVisible();
    // Shown as soon as it is drawn; what a long press saves is the picture that follows.
    await expect(page.getByRole('img', { name: `${report.fileName} 第 1 页` })).toBeVisible();
    await expect(page.getByText('第 1 / 1 页')).toBeVisible();
    const picture = page.locator(`img[alt="${report.fileName} 第 1 页"]`);
    await expect(picture).toBeVisible();
    await expect(page.locator('figure canvas')).toHaveCount(0); // gone once the picture has loaded
    const size = await picture.evaluate((img: HTMLImageElement) => ({
      natural: img.naturalWidth,
      shown: img.getBoundingClientRect().width,
      src: img.src.slice(0, 22),
    }));
    expect(size.src).toBe('data:image/png;base64,');
    expect(size.natural).toBeGreaterThanOrEqual(2 * size.shown);
    await expect(page.getByRole('region', { name: '保存原文件（在浏览器中）' })).toContainText(
      '在浏览器打开',
    );
    await snap(page, 'downSuccess-wechat');
    await expectAccessible(page);
    expect(downloads).toEqual([]);
  });

  test(
    'a 10-page report: page 1 shows in 1.5 s while the rest are drawn, the page scrolls meanwhile',
    {
      tag: '@timed',
    },
    async ({ page, api }) => {
      const report = reportOf(api, 'negative');
      const pdf = longReportPdf(10);
      api.use(
        http.get(
          `${API_ORIGIN}/api/v1/Sampling/DownloadCheckReport`,
          () => new HttpResponse(pdf, { headers: { 'Content-Type': 'application/pdf' } }),
        ),
      );
      // When each page appeared (drawn, its picture following), and every task that kept the page from
      // scrolling (> 50 ms).
      await page.addInitScript(() => {
        const record: { pages: number[]; longTasks: number[] } = { pages: [], longTasks: [] };
        (window as unknown as { __pictures: typeof record }).__pictures = record;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) record.longTasks.push(entry.duration);
        }).observe({ type: 'longtask' });
        new MutationObserver(() => {
          const count = document.querySelectorAll('figure').length;
          while (record.pages.length < count) record.pages.push(performance.now());
        }).observe(document, { childList: true, subtree: true });
      });
      // A first visit: none of the app in the browser's cache, which the worker's context keeps between tests.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      await waitForQuietMachine();
      await signIn(page, api);
      await page.goto(`/repoetDetail?id=${report.id}`);
      await expect(page.getByRole('button', { name: '保存报告图片' })).toBeEnabled();
      const tapped = await page.evaluate(() => {
        const record = (window as unknown as { __pictures: { longTasks: number[] } }).__pictures;
        record.longTasks.length = 0;
        return performance.now();
      });
      await page.getByRole('button', { name: '保存报告图片' }).click();
      await expect(page.getByRole('img', { name: /第 10 页$/ })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText('第 10 / 10 页')).toBeVisible();
      await expect(page.getByRole('img', { name: /第 \d+ 页$/ })).toHaveCount(10);
      await expect(page.locator('figure img')).toHaveCount(10);

      const { pages, longTasks } = await page.evaluate(
        () => (window as unknown as { __pictures: { pages: number[]; longTasks: number[] } }).__pictures,
      );
      const firstPageMs = pages[0] - tapped;
      test.info().annotations.push({
        type: 'pictures',
        description: `page 1 after ${Math.round(firstPageMs)} ms, page 10 after ${Math.round(pages[9] - tapped)} ms, longest task ${Math.round(Math.max(0, ...longTasks))} ms`,
      });
      // From the tap on 保存报告图片: fetch, pdf.js, page 1 drawn and shown.
      expect(firstPageMs).toBeLessThanOrEqual(1500);
      // One after another: page 1 is on screen well before the last one.
      expect(pages[9] - pages[0]).toBeGreaterThan(0);
      // Scrollable throughout: no task long enough to freeze a swipe.
      expect(Math.max(0, ...longTasks)).toBeLessThan(200);
    },
  );

  test('staff: 在浏览器打开 the same address, sign in, return to the report, and 保存到手机 saves the file', async ({
    page,
    api,
    browser,
  }, testInfo) => {
    const report = reportOf(api, 'positive');
    await openReportPictures(page, api, report);
    await expect(page.getByRole('img', { name: `${report.fileName} 第 1 页` })).toBeVisible();
    const steps = page.getByRole('region', { name: '保存原文件（在浏览器中）' });
    await expect(steps).toContainText('在浏览器中用工作账号登录，登录后会回到本页');
    const address = page.url();

    // The system browser: its own storage (no session), the same server.
    const systemBrowser = await openAnotherDevice(browser, testInfo, api, ANDROID_CHROME_UA);
    try {
      const other = await systemBrowser.newPage();
      await other.goto(address);
      await expect(other).toHaveURL(/\/login\?redirect=/);
      await loginWithForm(other);
      await expect(other).toHaveURL(urlOf(`/downSuccess?report=${report.id}`));
      await expect(other.getByText('文件已准备好', { exact: true })).toBeVisible();
      const saved = other.waitForEvent('download');
      await other.getByRole('button', { name: '保存到手机' }).click();
      const download = await saved;
      expect(download.suggestedFilename()).toBe(report.fileName);
      expect((await savedBytes(download)).equals(Buffer.from(createReportPdf(report)))).toBe(true);
      await expect(other.getByText('文件已保存', { exact: true })).toBeVisible();
    } finally {
      await systemBrowser.close();
    }
  });

  test('a check user keeps the pictures; no promise of a browser sign-in they cannot do', async ({
    page,
    api,
  }) => {
    const user = api.db.state.users.find((candidate) => candidate.role === 'check');
    const report = api.db.state.reports.find((candidate) => candidate.idCard === user?.idCard);
    if (!report) throw new Error('the demo check user has no report');
    await signIn(page, api, 'check');
    await page.goto(`/checkUserRepoetDetail?id=${report.id}`);
    await page.getByRole('button', { name: '保存报告图片' }).click();
    await expect(page.getByRole('img', { name: `${report.fileName} 第 1 页` })).toBeVisible();
    const howTo = page.getByRole('region', { name: '保存与纸质报告' });
    await expect(howTo).toContainText('长按每一页图片');
    await expect(howTo).toContainText('在浏览器中无法登录');
    await expect(page.getByText('在浏览器打开')).toHaveCount(0);
    await snap(page, 'downSuccess-wechat-check');
    await expectAccessible(page);
  });
});

test('inside WeChat, a reload of /downSuccess draws the pictures again from the address', async ({
  page,
  api,
}) => {
  const report = reportOf(api, 'negative');
  await openReportPictures(page, api, report);
  await expect(page.getByRole('img', { name: /第 1 页$/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('img', { name: /第 1 页$/ })).toBeVisible();
  await expect(page.getByText(report.fileName)).toBeVisible();
  await expect(page.getByText('文件已失效')).toHaveCount(0);
});
