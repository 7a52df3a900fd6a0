import type { Page } from '@playwright/test';
import { http, HttpResponse } from 'msw';
import { corpusBytes, reportCorpus, type CorpusFile } from '../corpus/report-corpus';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { viewPdf } from './support/journeys';
import { API_ORIGIN, expect, signIn, snap, test, type ApiMock } from './support/fixtures';

/**
 * Report files as labs' tools write them (tests/corpus/make-report-corpus.py: one or more per row of
 * issue 69), each opened as a screened person would inside WeChat: on the report detail, then through
 * 保存报告图片. A file that reads shows page 1's text (pdf.js's text content, which the viewer gives to
 * screen readers) and draws page 1 as poppler does (coarse pixels compared with its drawing), in the
 * page and in the first picture; one that does not says why in Chinese and never reaches 文件已获取.
 */

const { dir, files } = reportCorpus();
const byName = (name: string): CorpusFile => {
  const file = files.find((candidate) => candidate.name === name);
  if (!file) throw new Error(`${name} is not in the corpus`);
  return file;
};

const LOCKED = '这份报告文件设有密码保护，无法在这里打开。请联系为您登记的筛查点，请他们提供没有密码的报告。';
const DAMAGED = '文件已损坏或不是 PDF，无法打开。';

/** Serves `file` as the report's PDF, named as a lab's server names it. */
function serve(api: ApiMock, file: CorpusFile): void {
  api.use(
    http.get(
      `${API_ORIGIN}/api/v1/Sampling/DownloadCheckReport`,
      () =>
        new HttpResponse(corpusBytes(dir, file), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          },
        }),
    ),
  );
}

function someReport(api: ApiMock): string {
  const report = api.db.state.reports[0];
  if (!report) throw new Error('the demo data has no report');
  return report.id;
}

/**
 * How far a drawing (the page's canvas, or a picture) is from poppler's drawing of the same page: both
 * scaled to the reference's size, in cells of 6×6 pixels, the correlation of their darkness (1: the
 * same layout of ink; a blank page, or one whose text is lost, is far below).
 */
async function likeReference(page: Page, selector: string, file: CorpusFile): Promise<number> {
  const reference = `data:image/png;base64,${readFileSync(join(dir, file.reference!)).toString('base64')}`;
  return page.evaluate(
    async ({ selector, reference }) => {
      const image = new Image();
      image.src = reference;
      await image.decode();
      const cell = 6;
      const columns = Math.floor(image.naturalWidth / cell);
      const rows = Math.floor(image.naturalHeight / cell);
      const darkness = (source: CanvasImageSource) => {
        const canvas = document.createElement('canvas');
        canvas.width = columns * cell;
        canvas.height = rows * cell;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#fff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        context.drawImage(source, 0, 0, canvas.width, canvas.height);
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        const cells = new Float64Array(columns * rows);
        for (let y = 0; y < canvas.height; y += 1) {
          for (let x = 0; x < canvas.width; x += 1) {
            const i = (y * canvas.width + x) * 4;
            cells[Math.floor(y / cell) * columns + Math.floor(x / cell)] +=
              255 - (data[i] + data[i + 1] + data[i + 2]) / 3;
          }
        }
        return cells;
      };
      const drawn = document.querySelector<HTMLCanvasElement | HTMLImageElement>(selector);
      if (!drawn) return 0;
      const a = darkness(drawn);
      const b = darkness(image);
      const mean = (values: Float64Array) => values.reduce((sum, value) => sum + value, 0) / values.length;
      const [ma, mb] = [mean(a), mean(b)];
      let ab = 0;
      let aa = 0;
      let bb = 0;
      for (let i = 0; i < a.length; i += 1) {
        ab += (a[i] - ma) * (b[i] - mb);
        aa += (a[i] - ma) ** 2;
        bb += (b[i] - mb) ** 2;
      }
      return aa && bb ? ab / Math.sqrt(aa * bb) : 0;
    },
    { selector, reference },
  );
}

/**
 * From here on: every Content-Security-Policy violation and page error, and the paths the page asked
 * for under `prefix` (pdf.js's data files).
 */
function watch(page: Page, prefix: string): { problems: string[]; asked: string[] } {
  const problems: string[] = [];
  const asked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith(prefix)) asked.push(pathname);
  });
  return { problems, asked };
}

/** The report detail with `file` as its PDF: page 1 drawn like poppler's, its text there; then its pictures. */
async function readsInDetailAndPictures(page: Page, api: ApiMock, reportId: string, file: CorpusFile) {
  serve(api, file);
  await page.goto(`/repoetDetail?id=${reportId}`);
  const viewer = await viewPdf(page);
  const page1 = viewer.getByRole('region', { name: `第 1 页，共 ${file.pages} 页` });
  if (file.text) await expect(page1, file.name).toContainText(file.text);
  await expect
    .poll(() => likeReference(page, 'canvas[data-page="1"]', file), { message: file.name })
    .toBeGreaterThan(0.8);

  await page.getByRole('button', { name: '保存报告图片' }).click();
  await expect(page).toHaveURL(/\/downSuccess\?report=/);
  const picture = page.getByRole('img', { name: `${file.name} 第 1 页` });
  await expect(picture).toBeVisible();
  await expect(page.getByText('文件已获取', { exact: true })).toBeVisible();
  await expect(page.getByText(`第 1 / ${file.pages} 页`)).toBeVisible();
  await expect(page.locator(`img[alt="${file.name} 第 1 页"]`)).toBeVisible();
  await expect
    .poll(() => likeReference(page, `img[alt="${file.name} 第 1 页"]`, file), { message: file.name })
    .toBeGreaterThan(0.8);
}

test.describe('report files as labs send them, on the report detail and as pictures in WeChat', () => {
  test('Chinese text in every encoding: STSong-Light (UCS2, UTF16, GBK), embedded TrueType, 60 printed pages', async ({
    page,
    api,
  }) => {
    const { problems, asked: pdfAssets } = watch(page, '/pdfjs/');
    // A page without a PDF loads none of pdf.js's data files.
    await page.goto('/login');
    await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
    expect(pdfAssets).toEqual([]);

    await signIn(page, api);
    const reportId = someReport(api);
    for (const name of [
      'cid-unigb-ucs2.pdf',
      'cid-unigb-utf16.pdf',
      'cid-gbk-euc.pdf',
      'truetype-embedded.pdf',
      'print-60-pages.pdf',
    ])
      await readsInDetailAndPictures(page, api, reportId, byName(name));
    // Each font's character maps, fetched from the app's origin when a PDF named them.
    expect(new Set(pdfAssets)).toEqual(
      new Set([
        '/pdfjs/cmaps/UniGB-UCS2-H.bcmap',
        '/pdfjs/cmaps/Adobe-GB1-UCS2.bcmap',
        '/pdfjs/cmaps/UniGB-UTF16-H.bcmap',
        '/pdfjs/cmaps/GBK-EUC-H.bcmap',
      ]),
    );
    expect(problems).toEqual([]);
  });

  test('scans: 300-dpi JPEG, JPEG 2000, JBIG2 and CCITT, drawn with the wasm decoders under the CSP', async ({
    page,
    api,
  }) => {
    const { problems, asked: decoders } = watch(page, '/pdfjs/wasm/');
    await signIn(page, api);
    const reportId = someReport(api);
    for (const name of ['scan-jpeg-300dpi.pdf', 'scan-jpeg2000.pdf', 'scan-jbig2.pdf', 'scan-ccitt.pdf'])
      await readsInDetailAndPictures(page, api, reportId, byName(name));
    // The wasm decoders themselves (JBIG2's also decodes CCITT), not a fallback: the CSP allows them.
    expect(new Set(decoders)).toEqual(new Set(['/pdfjs/wasm/openjpeg.wasm', '/pdfjs/wasm/jbig2.wasm']));
    expect(problems).toEqual([]);
  });

  test("qpdf's outputs: linearized and owner-locked read; a user password and a cut-off file say why, with no success", async ({
    page,
    api,
  }) => {
    await signIn(page, api);
    const reportId = someReport(api);
    for (const name of ['qpdf-linearized.pdf', 'qpdf-owner-locked.pdf'])
      await readsInDetailAndPictures(page, api, reportId, byName(name));

    for (const [name, message] of [
      ['qpdf-aes256-user.pdf', LOCKED],
      ['qpdf-truncated.pdf', DAMAGED],
    ] as const) {
      const file = byName(name);
      serve(api, file);
      await page.goto(`/repoetDetail?id=${reportId}`);
      const inPage = page.getByRole('region', { name: '报告原件' }).getByRole('alert');
      await expect(inPage, name).toContainText(message);
      // Opening the same bytes again cannot help.
      await expect(inPage.getByRole('button', { name: '重试' })).toHaveCount(0);

      await page.getByRole('button', { name: '保存报告图片' }).click();
      await expect(page).toHaveURL(/\/downErr\?report=/);
      await expect(page.getByText('报告图片没有生成')).toBeVisible();
      await snap(page, `downErr-${file.problem}`);
      await expect(page.getByRole('alert')).toContainText(message);
      await expect(page.getByText('文件已获取')).toHaveCount(0);
      // A password is the screening site's to remove: no 重试; a cut-off file may arrive whole next time.
      await expect(page.getByRole('button', { name: '重试' })).toHaveCount(file.problem === 'locked' ? 0 : 1);
    }
  });

  test('A4 landscape: pictures as sharp as a portrait page’s; a form with a doctor’s note and a link', async ({
    page,
    api,
    context,
  }) => {
    await signIn(page, api);
    const reportId = someReport(api);
    const landscape = byName('a4-landscape.pdf');
    await readsInDetailAndPictures(page, api, reportId, landscape);
    const picture = page.locator(`img[alt="${landscape.name} 第 1 页"]`);
    const size = await picture.evaluate((img: HTMLImageElement) => ({
      width: img.naturalWidth,
      height: img.naturalHeight,
      shown: img.getBoundingClientRect().width,
    }));
    // Its shorter side (the height) gets what a portrait page's width gets: twice the shown width.
    expect(size.width).toBeGreaterThan(size.height);
    expect(size.height).toBeGreaterThanOrEqual(2 * size.shown);

    const form = byName('form-annotations.pdf');
    await readsInDetailAndPictures(page, api, reportId, form);
    await page.goto(`/repoetDetail?id=${reportId}`);
    const viewer = await viewPdf(page);
    // The doctor's note opens on a tap, whole on the screen, in text an older reader can read.
    await viewer.locator('section.textAnnotation').tap();
    const note = viewer.getByText('医生备注：请于三个月后复查。');
    await expect(note).toBeInViewport({ ratio: 1 });
    await snap(page, 'repoetDetail-pdf-note');
    expect(
      await note.evaluate((element) => parseFloat(getComputedStyle(element).fontSize)),
    ).toBeGreaterThanOrEqual(16);

    // A link leaves the app only once the person has seen where to.
    await context.route('https://www.example.org/**', (route) => route.fulfill({ body: 'ok' }));
    await viewer.locator('a[href="https://www.example.org/screening"]').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('该链接将打开外部网站 www.example.org');
    const opened = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: '继续访问' }).click();
    const popup = await opened;
    await expect(popup).toHaveURL('https://www.example.org/screening');
    await popup.close();
    await expect(page).toHaveURL(new RegExp(`/repoetDetail\\?id=${reportId}$`));
  });
});

test.describe('outside WeChat (Android Chrome)', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (Linux; Android 12; PGEM10) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36',
  });

  test('下载报告 of a password-protected file saves its bytes, then says it cannot be opened here', async ({
    page,
    api,
  }) => {
    const file = byName('qpdf-aes256-user.pdf');
    serve(api, file);
    await signIn(page, api);
    await page.goto(`/repoetDetail?id=${someReport(api)}`);
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载报告' }).click();
    expect((await saved).suggestedFilename()).toBe(file.name);
    await expect(page).toHaveURL(/\/downSuccess\?report=/);
    await expect(page.getByText('文件已保存', { exact: true })).toBeVisible();
    const why = page.getByRole('region', { name: '本页无法打开这份文件' });
    await expect(why).toContainText(LOCKED);
    await snap(page, 'downSuccess-browser-locked');
    await expect(page.locator('.adm-result-success')).toHaveCount(0);
    await expect(page.getByRole('button', { name: '在本页查看' })).toHaveCount(0);
  });
});
