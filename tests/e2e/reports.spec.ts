import type { Page, Request } from '@playwright/test';
import type { StoredReport } from '../../src/mocks/demo-state';
import { expect, expectAccessible, signIn, snap, test, type ApiMock } from './support/fixtures';
import { inkedPixels, viewPdf } from './support/journeys';
import { spoken, stubSpeech } from './support/speech';

/** Report lookup, list, detail with the in-page PDF, and the WeChat-safe download, for both user groups. */

/** pdf.js itself (not the small viewer chunk, not the worker). */
const PDF_JS_CHUNK = /\/assets\/pdf-(?!viewer)[\w-]+\.js$/;
const PDF_WORKER = /\/assets\/pdf\.worker[\w.-]*\.mjs$/;

function reportOf(api: ApiMock, result: 'positive' | 'negative'): StoredReport {
  const report = api.db.state.reports.find((candidate) => candidate.result === result);
  if (!report) throw new Error(`no ${result} report in the demo data`);
  return report;
}

function checkUserReport(api: ApiMock): StoredReport {
  const user = api.db.state.users.find((candidate) => candidate.role === 'check');
  const report = api.db.state.reports.find((candidate) => candidate.idCard === user?.idCard);
  if (!report) throw new Error('the demo check user has no report');
  return report;
}

/** Same-origin requests the page made, in order. */
function watchRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => urls.push(new URL(request.url()).pathname));
  return urls;
}

async function canvasWidth(page: Page): Promise<number> {
  return page
    .locator('canvas[data-page="1"]')
    .evaluate((canvas: HTMLCanvasElement) => canvas.getBoundingClientRect().width);
}

test.describe('work users', () => {
  test('search by ID card → list → positive detail with next step → PDF drawn in the page → download', async ({
    page,
    api,
  }) => {
    test.setTimeout(120_000); // seven pages, each checked with axe, plus pdf.js rendering twice
    const report = reportOf(api, 'positive');
    const requests = watchRequests(page);
    const pdfWarnings: string[] = [];
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/standardFontData|cMapUrl|CMap|Unable to load|fetch/i.test(message.text()))
        pdfWarnings.push(message.text());
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    const failedAssets: string[] = [];
    /** Each API answer's Cache-Control, by path: a person's report must not be kept by a cache. */
    const apiCaching = new Map<string, string | undefined>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/')) apiCaching.set(url.pathname, response.headers()['cache-control']);
      if (response.status() >= 400 && url.origin === new URL(page.url() || 'http://x').origin) {
        failedAssets.push(`${response.status()} ${response.url()}`);
      }
    });

    await signIn(page, api);
    await page.goto('/searchType');
    await expect(page.getByRole('heading', { name: '请选择查询方式' })).toBeVisible();
    await expect(page.getByRole('button', { name: /查看我的报告/ })).toHaveCount(0);
    await snap(page, 'searchType');
    await expectAccessible(page);

    await page.getByRole('link', { name: /按身份证号查询/ }).click();
    await expect(page).toHaveURL(/\/reportSearch\?type=idCard$/);
    const idCard = page.getByLabel('身份证号');
    await page.getByRole('button', { name: '查询报告' }).click();
    await expect(page.getByRole('alert')).toHaveText('身份证号不能为空');
    await idCard.fill(`${report.idCard.slice(0, 17)}${report.idCard[17] === '0' ? '1' : '0'}`);
    await page.getByRole('button', { name: '查询报告' }).click();
    await expect(page.getByRole('alert')).toHaveText('请输入正确的身份证号');
    await snap(page, 'reportSearch-invalid');
    await expectAccessible(page);
    await idCard.fill(report.idCard);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await snap(page, 'reportSearch');
    await page.getByRole('button', { name: '查询报告' }).click();

    await expect(page).toHaveURL(/\/repoetList$/);
    // Pages that never show a PDF load nothing of pdf.js, nor its data files.
    expect(
      requests.filter(
        (path) => PDF_JS_CHUNK.test(path) || PDF_WORKER.test(path) || path.startsWith('/pdfjs/'),
      ),
    ).toEqual([]);
    expect(page.url()).not.toContain(report.idCard);
    const card = page.getByRole('list', { name: '检测报告列表' }).getByRole('link');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(report.tubeCode);
    await expect(card).toContainText('阳性');
    await expect(card).not.toContainText(report.idCard);
    expect(api.requestsTo('/Sampling/PageCheckReport')[0].body).toMatchObject({
      idCard: report.idCard,
      pageIndex: 1,
    });
    await snap(page, 'repoetList');
    await expectAccessible(page);

    // The list survives a reload: the criteria are in sessionStorage.
    await page.reload();
    await expect(card).toContainText(report.tubeCode);

    await card.click();
    await expect(page).toHaveURL(new RegExp(`/repoetDetail\\?id=${report.id}$`));
    await expect(page.getByRole('heading', { name: '建议尽快做结肠镜检查' })).toBeVisible();
    const nextStep = page.getByRole('region', { name: '下一步怎么做' });
    await expect(nextStep).toContainText('结肠镜检查');
    await expect(nextStep.getByRole('link', { name: '拨打预约电话 021-54880000' })).toHaveAttribute(
      'href',
      'tel:02154880000',
    );
    await expect(page.getByRole('region', { name: `采样管 ${report.tubeCode} 的进度` })).toContainText(
      '已出报告',
    );
    await snap(page, 'repoetDetail');
    await expectAccessible(page);

    // While the detail is read, pdf.js and its worker load, once each, and then the PDF itself.
    await expect.poll(() => requests.filter((path) => PDF_WORKER.test(path)).length).toBe(1);
    expect(requests.filter((path) => PDF_JS_CHUNK.test(path))).toHaveLength(1);
    await expect.poll(() => api.requestsTo('/Sampling/DownloadCheckReport').length).toBe(1);
    expect(api.requestsTo('/Sampling/DownloadCheckReport')[0].search).toBe(`?reportId=${report.id}`);
    const viewer = await viewPdf(page, report.fileName);
    expect(requests.filter((path) => PDF_JS_CHUNK.test(path) || PDF_WORKER.test(path))).toHaveLength(2);
    expect(api.requestsTo('/Sampling/DownloadCheckReport')).toHaveLength(1);
    // The CID font's CMaps, from the app's own origin (all of pdfjs-dist's are shipped; these two are
    // fetched with pdf.js, the others when a PDF names one: tests/e2e/report-files.spec.ts).
    expect(requests.filter((path) => path.startsWith('/pdfjs/cmaps/')).sort()).toEqual([
      '/pdfjs/cmaps/Adobe-GB1-UCS2.bcmap',
      '/pdfjs/cmaps/UniGB-UCS2-H.bcmap',
    ]);
    expect(failedAssets).toEqual([]);
    expect(pdfWarnings).toEqual([]);
    // The report's PDF drawn by pdf.js under the app's policy, whose worker-src allows no blob: URL.
    expect(cspViolations).toEqual([]);
    for (const path of ['/api/v1/Sampling/PageCheckReport', '/api/v1/Sampling/DownloadCheckReport'])
      expect(apiCaching.get(path), path).toBe('no-store');
    await expect(viewer.getByRole('region', { name: /^第 1 页/ })).toContainText('检测结果：阳性');

    const before = await canvasWidth(page);
    await viewer.getByRole('button', { name: '放大' }).click();
    await expect(viewer.getByText('125%')).toBeVisible();
    await expect.poll(() => canvasWidth(page)).toBeGreaterThan(before * 1.2);
    await expect.poll(() => inkedPixels(page)).toBeGreaterThan(2000);
    await snap(page, 'repoetDetail-pdf');
    await expectAccessible(page);

    // Inside WeChat the one action is 保存报告图片: the report becomes pictures to keep with a long
    // press (tests/e2e/downloads.spec.ts).
    await expect(page.getByRole('button', { name: '查看报告' })).toHaveCount(0);
    await page.getByRole('button', { name: '保存报告图片' }).click();
    await expect(page).toHaveURL(new RegExp(`/downSuccess\\?report=${report.id}$`));
    await expect(page.getByText(report.fileName)).toBeVisible();
    await expect(page.getByRole('img', { name: `${report.fileName} 第 1 页` })).toBeVisible();
    await expect(page.getByRole('region', { name: '保存原文件（在浏览器中）' })).toContainText(
      '在浏览器打开',
    );
    expect(await page.locator('a[download]').count()).toBe(0);
    await snap(page, 'downSuccess');
    await expectAccessible(page);
    // The PDF fetched while the detail was read is the one saved: one request in all.
    expect(api.requestsTo('/Sampling/DownloadCheckReport')).toHaveLength(1);
  });

  test('a failed download reaches /downErr with its reason, and 重试 gets the file', async ({
    page,
    api,
  }) => {
    const report = reportOf(api, 'negative');
    // Both the fetch while the detail is read and the one 保存报告图片 makes after it fail.
    api.fault(
      '/Sampling/DownloadCheckReport',
      { kind: 'status', statusCode: 4004, responseMessage: '报告文件正在生成，请稍后再试' },
      2,
    );
    await signIn(page, api);
    await page.goto(`/repoetDetail?id=${report.id}`);
    await expect(page.getByRole('heading', { name: '本次未发现异常' })).toBeVisible();
    await expect(page.getByRole('region', { name: '下一步怎么做' })).toContainText('再次参加大肠癌筛查');
    await expect.poll(() => api.requestsTo('/Sampling/DownloadCheckReport').length).toBe(1);
    // The PDF in the page says why it is missing, with 重试; the page's action tries again itself.
    await expect(page.getByRole('region', { name: '报告原件' }).getByRole('alert')).toContainText(
      '报告文件正在生成，请稍后再试',
    );

    await page.getByRole('button', { name: '保存报告图片' }).click();
    await expect(page).toHaveURL(new RegExp(`/downErr\\?report=${report.id}$`));
    await expect(page.getByRole('alert')).toHaveText('报告文件正在生成，请稍后再试');
    // The name it would be saved under when the server sends none: dated, no name or ID number.
    await expect(page.getByText(`肠道筛查报告-${report.reportedAt.slice(0, 10)}.pdf`)).toBeVisible();
    await snap(page, 'downErr');
    await expectAccessible(page);

    api.fault('/Sampling/DownloadCheckReport', { kind: 'network' }, 1);
    await page.getByRole('button', { name: '重试' }).click();
    await expect(page.getByRole('alert')).toHaveText('后端接口连接异常');
    await expect(page.getByText('请检查网络后点击「重试」。')).toBeVisible();

    await page.getByRole('button', { name: '重试' }).click();
    await expect(page).toHaveURL(new RegExp(`/downSuccess\\?report=${report.id}$`));
    await expect(page.getByText(report.fileName)).toBeVisible();
    // 重试 replaced /downErr: Back returns to the report.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/repoetDetail\\?id=${report.id}$`));
  });

  test('a value planted where /downErr keeps its record breaks nothing: it explains, and 重试 gets the file', async ({
    page,
    api,
  }) => {
    const report = reportOf(api, 'negative');
    await signIn(page, api);
    // The review's value: this report's failure, with a file name that is not text.
    const planted = await page.addInitScript(
      (id) =>
        sessionStorage.setItem(
          'download:failure',
          JSON.stringify({ source: { kind: 'report', id }, message: '下载失败', fileName: 42, at: 1 }),
        ),
      report.id,
    );
    await page.goto(`/downErr?report=${report.id}`);
    await planted.dispose();
    // In WeChat a report's action is 保存报告图片 (features/downloads/action-words.ts).
    await expect(page.getByText('报告图片没有生成')).toBeVisible();
    await expect(page.getByText('页面出错了')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveText('上次下载没有完成。');
    await expect(page.getByText(`肠道筛查报告-${report.reportedAt.slice(0, 10)}.pdf`)).toBeVisible();
    await page.getByRole('button', { name: '重试' }).click();
    await expect(page).toHaveURL(new RegExp(`/downSuccess\\?report=${report.id}$`));
    await expect(page.getByText(report.fileName)).toBeVisible();
  });
});

test.describe('check users', () => {
  test('by tube code → list → own negative report → PDF drawn → download', async ({ page, api }) => {
    test.setTimeout(120_000); // six pages, each checked with axe, plus pdf.js rendering
    const report = checkUserReport(api);
    await signIn(page, api, 'check');
    await page.goto('/checkUserSearchType');
    await expect(page.getByRole('button', { name: /查看我的报告/ })).toBeVisible();
    await snap(page, 'checkUserSearchType');
    await expectAccessible(page);

    await page.getByRole('link', { name: /按采样管编码查询/ }).click();
    await expect(page).toHaveURL(/\/checkReportSearch\?type=tubeCode$/);
    await page.getByRole('button', { name: '查询报告' }).click();
    await expect(page.getByRole('alert')).toHaveText('请输入或扫描采样管编码');
    await snap(page, 'checkReportSearch-invalid');
    // Checked before typing: antd-mobile's clear icon inside <TubeCodeInput> (a div with aria-label) is
    // flagged by axe once the field has a value; reported to the component's owner.
    await expectAccessible(page);
    await page.getByLabel('采样管编码').fill(report.tubeCode.toLowerCase());
    await snap(page, 'checkReportSearch');
    await page.getByRole('button', { name: '查询报告' }).click();

    await expect(page).toHaveURL(/\/checkUserRepoetList$/);
    const card = page.getByRole('list', { name: '检测报告列表' }).getByRole('link');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('阴性');
    await snap(page, 'checkUserRepoetList');
    await expectAccessible(page);

    await card.click();
    await expect(page).toHaveURL(new RegExp(`/checkUserRepoetDetail\\?id=${report.id}$`));
    await expect(page.getByRole('heading', { name: '本次未发现异常' })).toBeVisible();
    await snap(page, 'checkUserRepoetDetail');
    await expectAccessible(page);

    await viewPdf(page, report.fileName);
    await snap(page, 'checkUserRepoetDetail-pdf');

    await page.getByRole('button', { name: '保存报告图片' }).click();
    await expect(page).toHaveURL(/\/downSuccess\?(report|attachment)=[\w-]+$/);
    await expect(page.getByText(report.fileName)).toBeVisible();
    await expect(page.getByRole('img', { name: `${report.fileName} 第 1 页` })).toBeVisible();
    await expect(page.getByRole('region', { name: '保存与纸质报告' })).toContainText('长按每一页图片');
    await snap(page, 'downSuccess-check');
    await expectAccessible(page);
  });

  test('"my reports" keeps its scroll position when coming back from a detail', async ({ page, api }) => {
    const own = checkUserReport(api);
    api.db.mutate((state) => {
      for (let i = 1; i <= 24; i += 1) {
        const reportedAt = new Date(Date.parse(own.reportedAt) - i * 86_400_000).toISOString();
        state.reports.push({ ...own, id: `rpt-e2e-${i}`, reportedAt });
      }
    });
    await signIn(page, api, 'check');
    await page.goto('/checkUserSearchType');
    await page.getByRole('button', { name: /查看我的报告/ }).click();
    await expect(page).toHaveURL(/\/checkUserRepoetList$/);
    const cards = page.getByRole('list', { name: '检测报告列表' }).getByRole('link');
    await expect(cards).toHaveCount(10);
    await expect(page.getByText('共 25 份')).toBeVisible();

    // Scrolling loads more (infinite scroll).
    await cards.nth(9).scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(20);
    const target = cards.nth(13);
    await target.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(800);
    const href = await target.getAttribute('href');
    await target.click();
    await expect(page).toHaveURL(new RegExp(`${href?.replace('?', '\\?')}$`));
    await expect(page.getByRole('heading', { name: '本次未发现异常' })).toBeVisible();

    await page.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL(/\/checkUserRepoetList$/);
    await expect(cards).toHaveCount(20);
    // The list shown again asks for what it shows in one request (the detail's own read has an id).
    const listPages = () =>
      api
        .requestsTo('/Sampling/PageCheckReport')
        .map((request) => request.body as { id?: string; pageIndex: number; pageSize: number })
        .filter((body) => body.id === undefined)
        .map(({ pageIndex, pageSize }) => ({ pageIndex, pageSize }));
    await expect.poll(listPages).toEqual([
      { pageIndex: 1, pageSize: 10 },
      { pageIndex: 2, pageSize: 10 },
      { pageIndex: 1, pageSize: 20 },
    ]);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 5);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThanOrEqual(5);
    await expect(target).toBeInViewport();
  });
});

test.describe('a report opened cold (a link in a message)', () => {
  test('asks for its report by id, once, and shows it', async ({ page, api }) => {
    const report = reportOf(api, 'negative');
    await signIn(page, api);
    await page.goto(`/repoetDetail?id=${report.id}`);
    await expect(page.getByRole('heading', { name: '本次未发现异常' })).toBeVisible();
    expect(api.requestsTo('/Sampling/PageCheckReport').map((request) => request.body)).toEqual([
      // The id filter is ours: a server that ignores it still has the report among the newest.
      { id: report.id, pageIndex: 1, pageSize: 20 },
    ]);
  });

  test('a report that no longer exists says so', async ({ page, api }) => {
    await signIn(page, api);
    await page.goto('/repoetDetail?id=no-such-report');
    await expect(page.getByText('未找到该检测报告，可能已被删除或您无权查看')).toBeVisible();
  });
});

/**
 * Engines where pdf.js's worker does not start. The page must draw the report anyway: pdf.js then runs
 * on the page itself ("fake worker"), and says so in the console.
 */
const WORKERLESS: { engine: string; worker: () => void }[] = [
  {
    engine: 'a webview without module workers (iOS 13, Chrome before 80)',
    // It does not read the `type` option: every worker is a classic one, where pdf.js's module fails.
    worker: () => {
      const ModuleWorker = window.Worker;
      window.Worker = class extends ModuleWorker {
        constructor(url: string | URL) {
          super(url);
        }
      };
    },
  },
  {
    engine: 'a webview that refuses to create the worker (its script on another origin)',
    worker: () => {
      const ModuleWorker = window.Worker;
      window.Worker = class extends ModuleWorker {
        constructor(url: string | URL, options?: WorkerOptions) {
          if (options?.type === 'module' && String(url).includes('pdf.worker'))
            throw new DOMException('refused', 'SecurityError');
          super(url, options);
        }
      };
    },
  },
];

for (const { engine, worker } of WORKERLESS) {
  test(`${engine} still draws the report, on the page`, async ({ page, api }) => {
    await page.addInitScript(worker);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(message.text()));
    const report = reportOf(api, 'negative');
    await signIn(page, api);
    await page.goto(`/repoetDetail?id=${report.id}`);
    await expect(page.getByRole('heading', { name: '本次未发现异常' })).toBeVisible();
    const viewer = await viewPdf(page, report.fileName);
    await expect(viewer.getByRole('region', { name: /^第 1 页/ })).toContainText('检测结果：阴性');
    expect(consoleLines.filter((line) => line.includes('fake worker'))).toHaveLength(1);
    expect(errors).toEqual([]);
  });
}

test.describe('read aloud (朗读) on the report detail', () => {
  for (const late of [false, true]) {
    test(`with a Chinese voice${late ? ' listed late' : ''}: 朗读 reads the result and 下一步怎么做, 停止朗读 stops`, async ({
      page,
      api,
    }) => {
      await stubSpeech(
        page,
        [
          { lang: 'en-US', name: 'Samantha' },
          { lang: 'zh-CN', name: 'Tingting' },
        ],
        late,
      );
      const report = checkUserReport(api);
      await signIn(page, api, 'check');
      await page.goto(`/checkUserRepoetDetail?id=${report.id}`);
      await expect(page.getByRole('heading', { name: '本次未发现异常' })).toBeVisible();
      const readAloud = page.getByRole('button', { name: '朗读', exact: true });
      await expect(readAloud).toBeVisible();
      await readAloud.tap();
      const said = (await spoken(page)).filter((entry) => entry.text !== '(cancel)');
      expect(said).toHaveLength(1);
      expect(said[0]).toMatchObject({ lang: 'zh-CN', voice: 'Tingting' });
      expect(said[0].text).toMatch(
        /^检测结果：阴性。本次未发现异常。下一步怎么做：建议在 .+ 前后再次参加大肠癌筛查。/,
      );
      const steps = await page
        .getByRole('region', { name: '下一步怎么做' })
        .getByRole('listitem')
        .allTextContents();
      for (const step of steps) expect(said[0].text).toContain(step);

      await page.getByRole('button', { name: '停止朗读' }).tap();
      await expect(readAloud).toBeVisible();
      expect((await spoken(page)).at(-1)?.text).toBe('(cancel)');
    });
  }

  test('without a Chinese voice, or without a speech engine: no 朗读 button', async ({ page, api }) => {
    await stubSpeech(page, [{ lang: 'en-US', name: 'Samantha' }]);
    const report = checkUserReport(api);
    await signIn(page, api, 'check');
    await page.goto(`/checkUserRepoetDetail?id=${report.id}`);
    await expect(page.getByRole('heading', { name: '本次未发现异常' })).toBeVisible();
    await expect(page.getByRole('region', { name: '下一步怎么做' })).toBeVisible();
    await expect(page.getByRole('button', { name: /朗读/ })).toHaveCount(0);

    await page.addInitScript(() => {
      delete (window as { speechSynthesis?: unknown }).speechSynthesis;
      Object.defineProperty(window, 'speechSynthesis', { value: undefined, configurable: true });
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: '本次未发现异常' })).toBeVisible();
    await expect(page.getByRole('button', { name: /朗读/ })).toHaveCount(0);
  });
});
