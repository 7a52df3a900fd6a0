import type { Locator, Page } from '@playwright/test';
import { http, HttpResponse } from 'msw';
import type { StoredReport } from '../../src/mocks/demo-state';
import { urlOf } from './support/fault-drivers';
import { API_ORIGIN, expect, expectAccessible, signIn, snap, test, type ApiMock } from './support/fixtures';
import { fillPerson, spareTube, viewPdf } from './support/journeys';
import { expectReadBeforeAnswering, setTextSize200 } from './support/layout';

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

    test('at 200 % text a confirmation shows all it confirms before 确认提交, and whom to contact before 知道了; a phone typed with spaces goes as digits', async ({
      page,
      api,
    }) => {
      // Someone the screening site registered: the check user's submit meets 该身份证号已登记.
      const checkUser = api.db.state.users.find((candidate) => candidate.role === 'check')!;
      const person = api.db.state.registrations.find(
        (registration) =>
          registration.createdByUserId !== checkUser.id && registration.status === 'submitted',
      )!;
      const tube = spareTube(api);
      await signIn(page, api, 'check');
      await page.goto('/checkUserInfoEnter');
      await page.getByRole('textbox', { name: '姓名', exact: true }).fill(person.name);
      await page.getByRole('textbox', { name: '身份证号', exact: true }).fill(person.idCard);
      await page.getByRole('textbox', { name: '联系电话', exact: true }).fill('138 0013 8000');
      await expect(page.getByText('空格和横线会自动去掉：13800138000')).toBeVisible();
      await page.getByRole('textbox', { name: '采样管编码', exact: true }).fill(tube);
      await expect(page.getByText('可以绑定')).toBeVisible();
      await setTextSize200(page, page.getByRole('heading', { level: 1 }));
      await page.getByRole('button', { name: '提交', exact: true }).click();

      const confirm = page.getByRole('dialog', { name: '请确认登记信息' });
      await expectReadBeforeAnswering(confirm, [
        confirm.getByText(person.name, { exact: true }),
        confirm.getByText(`${person.idCard.slice(0, 6)} ******** ${person.idCard.slice(14)}`),
        confirm.getByText(tube, { exact: true }),
        confirm.getByText('未填（还没取样）'),
      ]);
      await snapScreen(page, `checkUserInfoEnter-confirm-200-${size}`);
      await confirm.getByRole('button', { name: '确认提交' }).click();

      const registered = page.getByRole('dialog', { name: '该身份证号已登记' });
      await expectReadBeforeAnswering(registered, [
        registered.getByText('请联系当初为其登记的社区筛查点', { exact: false }),
      ]);
      await snapScreen(page, `checkUserInfoEnter-registered-200-${size}`);
      await registered.getByRole('button', { name: '知道了' }).click();
      await expect(registered).toHaveCount(0);
      const sent = api.requestsTo('/ScreeningRegister/Submit');
      expect(sent.map((request) => (request.body as { phone?: string }).phone)).toEqual(['13800138000']);
    });

    test('at 200 % text staff confirmations put their words before their buttons (确认解绑采样管, 退出登录 with work left); a phone typed with dashes is saved as digits', async ({
      page,
      api,
    }) => {
      const bound = api.db.state.tubes.find((tube) => tube.status === 'bound' && tube.registrationId)!;
      await signIn(page, api);
      await page.goto(`/unbindTube?id=${bound.registrationId}`);
      await setTextSize200(page, page.getByRole('heading', { level: 1 }));
      await page.getByRole('radio', { name: '扫码绑定错误（绑错受检者）' }).check();
      await page.getByRole('button', { name: '确认解绑' }).click();
      const unbind = page.getByRole('dialog', { name: '确认解绑采样管' });
      await expectReadBeforeAnswering(unbind, [
        unbind.getByText(/^将解除采样管/),
        unbind.getByText(/^解绑原因/),
        unbind.getByText('解绑后，这个采样管可以重新绑定。'),
      ]);
      await unbind.getByRole('button', { name: '取消' }).click();

      await page.goto('/infoEnter');
      await fillPerson(page);
      await page.getByRole('textbox', { name: '联系电话', exact: true }).fill('138-0013-8000');
      await expect(page.getByText('空格和横线会自动去掉：13800138000')).toBeVisible();
      // Leaving the form with unfinished work saves it on the server (待提交登记).
      await page.getByRole('button', { name: '返回' }).click();
      await expect(page).toHaveURL(/\/workUser$/);
      await expect.poll(() => api.requestsTo('/ScreeningRegister/Add').length).toBeGreaterThan(0);
      for (const request of api.requestsTo('/ScreeningRegister/Add'))
        expect((request.body as { phone?: string }).phone).toBe('13800138000');

      await setTextSize200(page, page.getByRole('heading', { level: 1 }));
      await page.getByRole('button', { name: '退出登录' }).click();
      const leave = page.getByRole('dialog', { name: '退出登录' });
      await expectReadBeforeAnswering(leave, [leave.getByText(/^本机还有/)]);
      await snapScreen(page, `workUser-logout-200-${size}`);
      await leave.getByRole('button', { name: '取消' }).click();
      await expect(leave).toHaveCount(0);
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
