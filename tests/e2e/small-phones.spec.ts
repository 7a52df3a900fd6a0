import type { Locator, Page } from '@playwright/test';
import { http, HttpResponse } from 'msw';
import type { StoredReport } from '../../src/mocks/demo-state';
import { urlOf } from './support/fault-drivers';
import { API_ORIGIN, expect, expectAccessible, signIn, snap, test, type ApiMock } from './support/fixtures';
import { viewPdf } from './support/journeys';

/**
 * A screened person's report and home on the smallest phone they use (320×568): the report detail
 * leads with one action that fits the platform (inside WeChat 保存报告图片, in a plain mobile browser
 * 下载报告) with the PDF in the page below it, leaves out a section it has no data for, and the home
 * never contradicts itself, also with a report that names no registration. Not again at 360×640: the
 * stylesheet has no rule that depends on the width (the build test holds it) and the PDF is drawn to
 * its frame's width at any width, so a wider phone lays the same page out with more room.
 */

/** Android Chrome: a system browser, not WeChat. */
const ANDROID_CHROME_UA =
  'Mozilla/5.0 (Linux; Android 12; PGEM10) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36';

const PHONES = [{ width: 320, height: 568 }];

function checkUserReport(api: ApiMock): StoredReport {
  const user = api.db.state.users.find((candidate) => candidate.role === 'check');
  const report = api.db.state.reports.find((candidate) => candidate.idCard === user?.idCard);
  if (!report) throw new Error('the demo check user has no report');
  return report;
}

/** The element is wholly inside the viewport (a sticky action stays there while the page scrolls). */
async function expectOnScreen(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no box or viewport');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 1);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 1);
}

async function expectNoSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

/** What the person sees on screen right now, for review (`snap` keeps the whole page). */
async function snapScreen(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({ path: `tests/e2e/output/screenshots/${name}.png` });
}

for (const phone of PHONES) {
  const size = `${phone.width}x${phone.height}`;

  test.describe(`at ${size}`, () => {
    test.use({ viewport: phone });

    test('report detail inside WeChat: one action, 保存报告图片, on screen; the PDF drawn below; pictures after', async ({
      page,
      api,
    }) => {
      const report = checkUserReport(api);
      await signIn(page, api, 'check');
      await page.goto(`/checkUserRepoetDetail?id=${report.id}`);
      await expect(page.getByRole('heading', { name: '本次未发现异常' })).toBeVisible();
      const action = page.getByRole('button', { name: '保存报告图片' });
      await expect(action).toBeVisible();
      await expectOnScreen(page, action);
      await expect(page.getByRole('button', { name: /查看报告|下载报告/ })).toHaveCount(0);
      await expect(page.getByRole('region', { name: `采样管 ${report.tubeCode} 的进度` })).toBeVisible();
      await snapScreen(page, `checkUserRepoetDetail-wechat-${size}`);

      const viewer = await viewPdf(page, report.fileName);
      await expect(viewer.getByRole('region', { name: /^第 1 页/ })).toContainText('检测结果：阴性');
      // A one-page report: the viewer's tools in one row (two covered a sixth of a 320 px screen).
      const tools = page.getByRole('toolbar', { name: '报告查看工具' });
      const zoomOut = await tools.getByRole('button', { name: '缩小' }).boundingBox();
      expect((await tools.boundingBox())!.height, 'one row of tools').toBeLessThan(zoomOut!.height * 2);
      await expect(tools.getByRole('button', { name: /上一页|下一页/ })).toHaveCount(0);
      await expectOnScreen(page, action);
      await expectNoSideways(page);
      await snapScreen(page, `checkUserRepoetDetail-wechat-pdf-${size}`);
      await snap(page, `checkUserRepoetDetail-wechat-full-${size}`);
      await expectAccessible(page);

      const downloads: unknown[] = [];
      page.on('download', (download) => downloads.push(download));
      await action.click();
      await expect(page).toHaveURL(urlOf(`/downSuccess?report=${report.id}`));
      await expect(page.getByRole('img', { name: `${report.fileName} 第 1 页` })).toBeVisible();
      await expect(page.getByRole('region', { name: '保存与纸质报告' })).toContainText('长按每一页图片');
      await expectNoSideways(page);
      await snap(page, `downSuccess-wechat-check-${size}`);
      expect(downloads).toEqual([]);
      // The PDF the page drew is the one turned into pictures: one request in all.
      expect(api.requestsTo('/Sampling/DownloadCheckReport')).toHaveLength(1);
    });

    test('report detail with no tube code in the answer: no 采样管进度, nothing asks to scan', async ({
      page,
      api,
    }) => {
      const report = checkUserReport(api);
      api.db.mutate((state) => {
        const stored = state.reports.find((candidate) => candidate.id === report.id);
        if (stored) stored.tubeCode = '';
      });
      await signIn(page, api, 'check');
      await page.goto(`/checkUserRepoetDetail?id=${report.id}`);
      await expect(page.getByRole('heading', { name: '本次未发现异常' })).toBeVisible();
      await viewPdf(page, report.fileName);
      await expect(page.getByRole('region', { name: /采样管/ })).toHaveCount(0);
      await expect(page.getByText(/请扫描|加载失败/)).toHaveCount(0);
      await expect(page.getByRole('button', { name: '重试' })).toHaveCount(0);
      expect(api.requestsTo('/Sampling/GetSamplingTubeStatus')).toHaveLength(0);
      await expect(
        page
          .getByRole('region', { name: '报告信息' })
          .getByText('采样管编码')
          .locator('xpath=following-sibling::dd'),
      ).toHaveText('—');
      await snap(page, `checkUserRepoetDetail-no-tube-${size}`);
    });

    test.describe('in a plain mobile browser', () => {
      test.use({ userAgent: ANDROID_CHROME_UA });

      test('report detail: one action, 下载报告, saves the file; the PDF drawn below', async ({
        page,
        api,
      }) => {
        const report = api.db.state.reports.find((candidate) => candidate.result === 'positive');
        if (!report) throw new Error('no positive report in the demo data');
        await signIn(page, api);
        await page.goto(`/repoetDetail?id=${report.id}`);
        await expect(page.getByRole('heading', { name: '建议尽快做结肠镜检查' })).toBeVisible();
        const action = page.getByRole('button', { name: '下载报告' });
        await expectOnScreen(page, action);
        await expect(page.getByRole('button', { name: /查看报告|保存报告图片/ })).toHaveCount(0);
        await viewPdf(page, report.fileName);
        await expectOnScreen(page, action);
        await expectNoSideways(page);
        await snapScreen(page, `repoetDetail-browser-pdf-${size}`);

        const saved = page.waitForEvent('download');
        await action.click();
        expect((await saved).suggestedFilename()).toBe(report.fileName);
        await expect(page).toHaveURL(urlOf(`/downSuccess?report=${report.id}`));
        await expect(page.getByText('文件已保存', { exact: true })).toBeVisible();
        expect(api.requestsTo('/Sampling/DownloadCheckReport')).toHaveLength(1);
      });
    });

    test('home with a positive report that names no registration: 报告已出, 阳性, 查看报告 and the urgent to-do agree; no "，您好"', async ({
      page,
      api,
    }) => {
      const report = checkUserReport(api);
      await signIn(page, api, 'check');
      // The answers a server may give: a report linked by its tube code only, a profile without a name.
      const { registrationId: _linkedBy, ...unlinked } = report;
      const checkUser = api.db.state.users.find((candidate) => candidate.role === 'check');
      const own = api.db.state.registrations.find((candidate) => candidate.idCard === checkUser?.idCard);
      const advice = '检测结果为阳性，建议尽快到医院消化内科做结肠镜检查。';
      api.use(
        http.post(`${API_ORIGIN}/api/v1/Sampling/PageCheckReport`, () =>
          HttpResponse.json({
            statusCode: 2000,
            responseData: { records: [{ ...unlinked, result: 'positive', advice }], total: 1 },
          }),
        ),
        http.get(`${API_ORIGIN}/api/v1/Account/GetUserManageProfile`, () =>
          HttpResponse.json({
            statusCode: 2000,
            responseData: { id: checkUser?.id, registrationId: own?.id },
          }),
        ),
      );
      await page.goto('/checkUser');
      const card = page.getByRole('article', { name: `${report.personName}的筛查情况` });
      await expect(card).toBeVisible();
      await expect(page.getByText('您好', { exact: true })).toBeVisible();
      await expect(page.getByText(/，您好/)).toHaveCount(0);

      await expect(card.getByText('报告已出', { exact: true })).toBeVisible();
      await expect(card.getByText(`报告已出（${report.tubeCode}）`)).toBeVisible();
      await expect(card.getByText('阳性')).toBeVisible();
      await expect(card.getByText('还没有结果')).toHaveCount(0);
      const detail = `/checkUserRepoetDetail?id=${report.id}`;
      await expect(card.getByRole('link', { name: '查看报告' })).toHaveAttribute('href', detail);

      const todos = page.getByRole('region', { name: '待办事项' }).getByRole('listitem');
      await expect(todos.first()).toContainText(`您的检测结果需要进一步检查${advice}`);
      await expect(todos.first().getByRole('link', { name: '查看报告' })).toHaveAttribute('href', detail);
      await expectNoSideways(page);
      await snapScreen(page, `checkUser-unlinked-report-${size}`);
      await snap(page, `checkUser-unlinked-report-full-${size}`);
      await expectAccessible(page);

      await todos.first().getByRole('link', { name: '查看报告' }).click();
      await expect(page).toHaveURL(urlOf(detail));
      await expect(page.getByRole('heading', { name: '建议尽快做结肠镜检查' })).toBeVisible();
    });
  });
}
