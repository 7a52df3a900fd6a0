import { expect, test } from 'vitest';
import { setUpWebKitApp } from './support/app';
import { SAFARI_IOS_USER_AGENT } from './support/browser';
import { signInAsStaff } from './support/page';

/**
 * Outside WeChat (Safari on an iPhone) 下载报告 saves the file with an anchor download of its bytes
 * (src/lib/file-download.ts). In WebKit that must start a download and leave the app where it was,
 * not open the blob: URL in place of the page, as Safari before iOS 13 did.
 */
const app = setUpWebKitApp({ userAgent: SAFARI_IOS_USER_AGENT });

test('Safari: 下载报告 saves the PDF and the app stays on its download page', async () => {
  const { page, browser, server } = app;
  const report = server.db.state.reports[0];
  await signInAsStaff(page);
  await page.open(`/repoetDetail?id=${report.id}`);
  await page.waitForText('下一步怎么做');

  await page.tap('下载报告');
  await page.waitForPath(new RegExp(`^/downSuccess\\?report=${report.id}$`));
  await page.waitForText('文件已保存');
  await page.waitForText('已保存到手机的「下载」里');

  // Saving again stays in the app as well; the page still answers.
  await page.tap('再次保存');
  await page.waitForText('文件已保存');
  expect(new URL(await browser.getUrl()).pathname).toBe('/downSuccess');
  expect(await browser.execute(() => document.querySelectorAll('a[download]').length)).toBe(0);
});
