import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Blob as NodeBlob } from 'node:buffer';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UnreadablePdfError } from '@/components/pdf-viewer';
import { paths, withQuery } from '@/config/paths';
import { clearDownloadState } from '@/lib/file-download';
import { defaultDb } from '@/mocks/db';
import type { StoredReport } from '@/mocks/demo-state';
import { createReportPdf } from '@/mocks/pdf';
import type { CheckReport } from '@/types/api';
import { server } from '../../msw-server';
import { fakePdf, resetReportState, seededReport, checkUserReport } from '../reports/helpers';
import { recordRequests } from '../support/request-log';
import { renderRoute, signInForTest } from '../support/render-route';

// Lazy routes on a busy two-core machine can take longer than Testing Library's default 1 s.

const loader = vi.hoisted(() => ({
  openPdfDocument: vi.fn(),
  checkFirstPage: vi.fn(),
  preparePdfJs: vi.fn(() => Promise.resolve()),
  startPdfWorker: vi.fn(),
}));
vi.mock('@/components/pdf-viewer/pdf-loader', () => loader);

const REPORT_DOWNLOAD = '*/api/v1/Sampling/DownloadCheckReport';
const ATTACHMENT_DOWNLOAD = '*/api/v1/Attachement/Download';
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 12; wv) AppleWebKit/537.36 Chrome/107.0 Mobile Safari/537.36 MicroMessenger/8.0.35.2360';

// jsdom's Blob has no stream(), which msw's XMLHttpRequest stand-in needs for a blob response (the
// attachment endpoint); Node's Blob has it.
beforeAll(() => vi.stubGlobal('Blob', NodeBlob));
afterAll(() => vi.unstubAllGlobals());

/** What the anchor downloads saved: jsdom has neither object URLs nor downloads. */
let saves: { fileName: string; blob: Blob }[] = [];
const originalUrl = Object.getOwnPropertyDescriptors(URL);
beforeEach(() => {
  resetReportState();
  loader.openPdfDocument.mockReset();
  // The report page draws the PDF as soon as it is there: a document to draw in every test.
  loader.openPdfDocument.mockResolvedValue(fakePdf(1).doc);
  // Outside WeChat a saved PDF is checked to read here: it does, unless a test says otherwise.
  loader.checkFirstPage.mockReset();
  loader.checkFirstPage.mockResolvedValue(undefined);
  saves = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size + 1}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (this.download && blob) saves.push({ fileName: this.download, blob });
  });
});
afterEach(() => {
  for (const name of ['createObjectURL', 'revokeObjectURL'] as const) {
    const descriptor = originalUrl[name];
    if (descriptor) Object.defineProperty(URL, name, descriptor);
    else delete (URL as Partial<typeof URL>)[name];
  }
});

/** Whether this test plays WeChat's webview, where the report's action is 保存报告图片. */
let weChat = false;
beforeEach(() => {
  weChat = false;
});

function inWeChat(): void {
  weChat = true;
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
}

/** A reload: what the page held in memory is gone; sessionStorage stays. */
function reload(): void {
  const saved = sessionStorage.getItem('download:saved');
  const failure = sessionStorage.getItem('download:failure');
  clearDownloadState();
  if (saved) sessionStorage.setItem('download:saved', saved);
  if (failure) sessionStorage.setItem('download:failure', failure);
}

/** The demo's stored record of a seeded report: every display field there (the PDF, the report date). */
function stored(report: CheckReport): StoredReport {
  const found = defaultDb.state.reports.find((candidate) => candidate.id === report.id);
  if (!found) throw new Error(`no report ${report.id} in the demo db`);
  return found;
}

async function bytesOf(blob: Blob): Promise<number[]> {
  return Array.from(new Uint8Array(await blob.arrayBuffer()));
}

/** Opens a report and taps its one action (保存报告图片 inside WeChat, else 下载报告); resolves on the page it leads to. */
async function downloadReport(audience: 'work' | 'check') {
  const report = stored(audience === 'work' ? seededReport('positive') : checkUserReport());
  const detail = withQuery(audience === 'work' ? paths.repoetDetail : paths.checkUserRepoetDetail, {
    id: report.id,
  });
  const rendered = renderRoute(detail, { session: audience });
  await userEvent.click(await screen.findByRole('button', { name: weChat ? '保存报告图片' : '下载报告' }));
  return { ...rendered, report, detail };
}

describe('下载报告 outside WeChat (Android Chrome, iOS Safari, desktop)', () => {
  it('saves the PDF itself, named by the server, and /downSuccess says so and offers 再次保存', async () => {
    await signInForTest('work');
    const log = recordRequests();
    const { router, report } = await downloadReport('work');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.downSuccess));
    expect(router.state.location.search).toBe(`?report=${report.id}`);
    expect(await screen.findByText('文件已保存')).toBeInTheDocument();
    expect(screen.getByText(/已保存到手机的「下载」里/)).toBeInTheDocument();

    expect((await log.to('/Sampling/DownloadCheckReport')).map((sent) => sent.search)).toEqual([
      `?reportId=${report.id}`,
    ]);
    expect(saves).toHaveLength(1);
    expect(saves[0].fileName).toBe(report.fileName); // from Content-Disposition
    expect(saves[0].blob.type).toBe('application/pdf');
    expect(await bytesOf(saves[0].blob)).toEqual(Array.from(createReportPdf(report)));
    expect(screen.getByText('PDF 文档')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '再次保存' }));
    expect(saves).toHaveLength(2);
    expect(await bytesOf(saves[1].blob)).toEqual(await bytesOf(saves[0].blob));
    expect(screen.queryByText('长按图片，可保存到手机或发送给朋友')).not.toBeInTheDocument();
  });

  it('在本页查看 opens the same bytes in the zoomable viewer', async () => {
    await signInForTest('work');
    loader.openPdfDocument.mockResolvedValue(fakePdf(1).doc);
    const { report } = await downloadReport('work');
    await userEvent.click(await screen.findByRole('button', { name: '在本页查看' }));
    expect(
      await screen.findByRole('region', { name: `已下载的文件：${report.fileName}` }),
    ).toBeInTheDocument();
    const opened = loader.openPdfDocument.mock.calls[0][0] as ArrayBuffer;
    expect(Array.from(new Uint8Array(opened))).toEqual(await bytesOf(saves[0].blob));
  });

  it('without a name from the server, saves it as 肠道筛查报告-<report date>.pdf (no name or ID number)', async () => {
    await signInForTest('work');
    server.use(
      http.get(REPORT_DOWNLOAD, () =>
        HttpResponse.arrayBuffer(new TextEncoder().encode('%PDF-1.4').buffer, {
          headers: { 'Content-Type': 'application/pdf' },
        }),
      ),
    );
    const { report } = await downloadReport('work');
    expect(await screen.findByText('文件已保存')).toBeInTheDocument();
    const expected = `肠道筛查报告-${report.reportedAt.slice(0, 10)}.pdf`;
    expect(saves.map((save) => save.fileName)).toEqual([expected]);
    expect(expected).not.toContain(report.idCard);
    expect(expected).not.toContain(report.personName);
  });

  it('after a reload, fetches the file again from the id in the address and still offers 再次保存', async () => {
    await signInForTest('work');
    const report = seededReport('negative');
    const first = renderRoute(withQuery(paths.repoetDetail, { id: report.id }), { session: 'work' });
    await userEvent.click(await screen.findByRole('button', { name: '下载报告' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe(paths.downSuccess));
    first.unmount();
    reload();

    const log = recordRequests();
    renderRoute(withQuery(paths.downSuccess, { report: report.id }), { session: 'work' });
    expect(await screen.findByText('文件已保存')).toBeInTheDocument();
    expect((await log.to('/Sampling/DownloadCheckReport')).map((sent) => sent.search)).toEqual([
      `?reportId=${report.id}`,
    ]);
    expect(screen.queryByText('文件已失效')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '再次保存' }));
    expect(saves.map((save) => save.fileName)).toEqual([report.fileName, report.fileName]);
  });

  it('opened in a browser with no download yet (在浏览器打开): 文件已准备好, and 保存到手机 saves it', async () => {
    await signInForTest('work');
    const report = seededReport('positive');
    renderRoute(withQuery(paths.downSuccess, { report: report.id }), { session: 'work' });
    expect(await screen.findByText('文件已准备好')).toBeInTheDocument();
    expect(saves).toHaveLength(0); // nothing is saved without a tap
    await userEvent.click(screen.getByRole('button', { name: '保存到手机' }));
    expect(saves.map((save) => save.fileName)).toEqual([report.fileName]);
    expect(await screen.findByText('文件已保存')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '再次保存' })).toBeInTheDocument();
  });

  it('when fetching again fails, says why, and 重试 gets it', async () => {
    await signInForTest('work');
    const report = seededReport('positive');
    // The connection stays down through the read's own tries, and is back for 重试.
    let down = true;
    server.use(http.get(REPORT_DOWNLOAD, () => (down ? HttpResponse.error() : undefined)));
    renderRoute(withQuery(paths.downSuccess, { report: report.id }), { session: 'work' });
    expect(await screen.findByText('文件获取失败')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('后端接口连接异常');
    down = false;
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('文件已准备好')).toBeInTheDocument();
  });

  it('an attachment of any type is saved as sent (a Word document here), and named honestly', async () => {
    await signInForTest('work');
    const docx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    const type = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    server.use(
      http.get(ATTACHMENT_DOWNLOAD, () =>
        HttpResponse.arrayBuffer(docx.buffer, {
          headers: {
            'Content-Type': type,
            'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('筛查通知.docx')}`,
          },
        }),
      ),
    );
    const { router } = renderRoute(withQuery(paths.announcementDetail, { id: '6003' }), {
      session: 'work',
    });
    await userEvent.click(await screen.findByRole('button', { name: '下载 结肠镜检查定点医院名单.txt' }));
    await waitFor(() => expect(router.state.location.search).toBe('?attachment=5002'));
    expect(await screen.findByText('文件已保存')).toBeInTheDocument();
    expect(saves.map((save) => save.fileName)).toEqual(['筛查通知.docx']);
    expect(await bytesOf(saves[0].blob)).toEqual(Array.from(docx));
    expect(screen.getByText('Word 文档')).toBeInTheDocument();
    expect(screen.getByText('7 B')).toBeInTheDocument();
  });
  it('a PDF that does not open here (locked) is said to be saved, and why it cannot be read here; no tick', async () => {
    await signInForTest('work');
    loader.checkFirstPage.mockRejectedValue(new UnreadablePdfError('locked'));
    const { router } = await downloadReport('work');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.downSuccess));
    expect(saves).toHaveLength(1); // the bytes are the person's: a PDF reader with the password opens them
    expect(await screen.findByText('文件已保存')).toBeInTheDocument();
    const why = await screen.findByRole('region', { name: '本页无法打开这份文件' });
    expect(within(why).getByRole('alert')).toHaveTextContent('这份报告文件设有密码保护，无法在这里打开');
    expect(screen.queryByRole('button', { name: '在本页查看' })).not.toBeInTheDocument();
    expect(document.querySelector('.adm-result-success')).toBeNull();
  });
});

describe('保存报告图片 inside WeChat (blob downloads are blocked)', () => {
  it('says 文件已获取 only once page 1 is drawn', async () => {
    await signInForTest('work');
    inWeChat();
    let draw: (() => void) | undefined;
    const pdf = fakePdf(1);
    const drawPagePicture = pdf.doc.drawPagePicture;
    pdf.doc.drawPagePicture = (pageNumber, width) =>
      new Promise((resolve) => (draw = () => resolve(drawPagePicture(pageNumber, width))));
    loader.openPdfDocument.mockResolvedValue(pdf.doc);
    await downloadReport('work');
    expect(await screen.findByText('正在生成图片')).toBeInTheDocument();
    await waitFor(() => expect(draw).toBeDefined()); // page 1 is being drawn
    expect(screen.queryByText('文件已获取')).not.toBeInTheDocument();
    act(() => draw?.());
    expect(await screen.findByText('文件已获取')).toBeInTheDocument();
  });

  it.each([
    [
      'locked with a password',
      'locked',
      '这份报告文件设有密码保护，无法在这里打开。请联系为您登记的筛查点',
      false,
    ],
    ['damaged (cut off)', 'damaged', '文件已损坏或不是 PDF，无法打开', true],
  ] as const)(
    'a PDF %s goes to /downErr, which says the pictures were not made and why',
    async (_label, problem, message, retries) => {
      await signInForTest('work');
      inWeChat();
      loader.openPdfDocument.mockRejectedValue(new UnreadablePdfError(problem));
      const { router, report } = await downloadReport('work');
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.downErr));
      expect(router.state.location.search).toBe(`?report=${report.id}`);
      expect(await screen.findByText('报告图片没有生成')).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(message);
      expect(screen.queryByText('文件已获取')).not.toBeInTheDocument();
      // A password cannot be fetched away: no 重试 for it.
      expect(screen.queryAllByRole('button', { name: '重试' })).toHaveLength(retries ? 1 : 0);
      expect(screen.getByRole('button', { name: '回到原页面' })).toBeInTheDocument();
    },
  );

  it('shows every page as a long-pressable picture, numbered, twice as sharp as shown; nothing is "saved"', async () => {
    await signInForTest('work');
    inWeChat();
    const pdf = fakePdf(3);
    loader.openPdfDocument.mockResolvedValue(pdf.doc);
    const { router, report } = await downloadReport('work');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.downSuccess));
    expect(await screen.findByText('文件已获取')).toBeInTheDocument();
    expect(screen.getByText('长按图片，可保存到手机或发送给朋友')).toBeInTheDocument();
    for (const pageNumber of [1, 2, 3]) {
      const picture = await screen.findByRole('img', { name: `${report.fileName} 第 ${pageNumber} 页` });
      expect(picture).toHaveAttribute('src', `data:image/png;base64,cGFnZS0${pageNumber}`);
      expect(screen.getByText(`第 ${pageNumber} / 3 页`)).toBeInTheDocument();
    }
    expect(pdf.images.map((image) => image.pageNumber)).toEqual([1, 2, 3]);
    for (const image of pdf.images) expect(image.pixelWidth).toBeGreaterThanOrEqual(2 * 343);
    expect(saves).toHaveLength(0);
    expect(screen.queryByText('文件已保存')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '保存到手机' })).not.toBeInTheDocument();
  });

  it('tells staff the true way to the file itself: 在浏览器打开, sign in, back here, 保存到手机', async () => {
    await signInForTest('work');
    inWeChat();
    loader.openPdfDocument.mockResolvedValue(fakePdf(1).doc);
    await downloadReport('work');
    const steps = await screen.findByRole('region', { name: '保存原文件（在浏览器中）' });
    expect(steps).toHaveTextContent('点击屏幕右上角的「···」，选择「在浏览器打开」');
    expect(steps).toHaveTextContent('在浏览器中用工作账号登录，登录后会回到本页');
    expect(steps).toHaveTextContent('点击「保存到手机」，文件会保存到手机的「下载」里');
  });

  it('tells a check user (WeChat sign-in only) to keep the pictures, not to open a browser', async () => {
    await signInForTest('check');
    inWeChat();
    loader.openPdfDocument.mockResolvedValue(fakePdf(2).doc);
    await downloadReport('check');
    expect(await screen.findByRole('img', { name: /第 2 页$/ })).toBeInTheDocument();
    const howTo = screen.getByRole('region', { name: '保存与纸质报告' });
    expect(howTo).toHaveTextContent('长按每一页图片');
    expect(howTo).toHaveTextContent('在浏览器中无法登录');
    expect(howTo).not.toHaveTextContent('在浏览器打开');
    expect(screen.queryByText(/截屏/)).not.toBeInTheDocument();
  });

  it('a page that fails to draw says which, and 重试 draws it', async () => {
    await signInForTest('work');
    inWeChat();
    const pdf = fakePdf(2);
    const drawPagePicture = pdf.doc.drawPagePicture;
    let failSecond = true;
    pdf.doc.drawPagePicture = (pageNumber, width) => {
      if (pageNumber === 2 && failSecond) {
        failSecond = false;
        return Promise.reject(new Error('canvas lost'));
      }
      return drawPagePicture(pageNumber, width);
    };
    loader.openPdfDocument.mockResolvedValue(pdf.doc);
    const { report } = await downloadReport('work');
    expect(await screen.findByText('第 2 页生成失败')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: `${report.fileName} 第 1 页` })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('img', { name: `${report.fileName} 第 2 页` })).toBeInTheDocument();
  });

  it('a text attachment is shown in the page', async () => {
    await signInForTest('work');
    inWeChat();
    renderRoute(withQuery(paths.announcementDetail, { id: '6003' }), { session: 'work' });
    await userEvent.click(await screen.findByRole('button', { name: '下载 结肠镜检查定点医院名单.txt' }));
    const text = await screen.findByLabelText('文件内容：结肠镜检查定点医院名单.txt');
    expect(text.textContent).toMatch(/医院/);
    expect(screen.getByText('文本文件')).toBeInTheDocument();
  });

  it('an image attachment is a long-pressable picture; another type is named, with the way to save it', async () => {
    await signInForTest('work');
    inWeChat();
    // ASCII bytes: msw's XMLHttpRequest stand-in in Node passes a blob body through text (the browser
    // tests check binary bytes end to end).
    const png = new TextEncoder().encode('PNG!');
    server.use(
      http.get(ATTACHMENT_DOWNLOAD, () =>
        HttpResponse.arrayBuffer(png.buffer, {
          headers: {
            'Content-Type': 'image/png',
            'Content-Disposition': 'attachment; filename="poster.png"',
          },
        }),
      ),
    );
    const first = renderRoute(withQuery(paths.announcementDetail, { id: '6003' }), { session: 'work' });
    await userEvent.click(await screen.findByRole('button', { name: '下载 结肠镜检查定点医院名单.txt' }));
    expect(await screen.findByRole('img', { name: 'poster.png' })).toHaveAttribute(
      'src',
      `data:image/png;base64,${btoa('PNG!')}`,
    );
    expect(screen.getByText('长按图片，可保存到手机或发送给朋友')).toBeInTheDocument();
    first.unmount();

    server.use(
      http.get(ATTACHMENT_DOWNLOAD, () =>
        HttpResponse.arrayBuffer(new Uint8Array(2048).buffer, {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('资料.zip')}`,
          },
        }),
      ),
    );
    renderRoute(withQuery(paths.announcementDetail, { id: '6003' }), { session: 'work' });
    await userEvent.click(await screen.findByRole('button', { name: '下载 结肠镜检查定点医院名单.txt' }));
    expect(await screen.findByText('微信里无法打开这类文件，请按下面的方法保存。')).toBeInTheDocument();
    const info = screen.getByRole('region', { name: '文件信息' });
    expect(within(info).getByText('压缩包')).toBeInTheDocument();
    expect(within(info).getByText('2.0 KB')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '保存原文件（在浏览器中）' })).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });
});

describe('/downSuccess and /downErr', () => {
  it('without a file in the address, /downSuccess says there is nothing to show', async () => {
    await signInForTest('work');
    renderRoute(paths.downSuccess, { session: 'work' });
    expect(await screen.findByText('没有下载记录')).toBeInTheDocument();
  });

  it('回到原页面 goes to the page that downloaded, also after a reload', async () => {
    await signInForTest('work');
    const first = await downloadReport('work');
    await waitFor(() => expect(first.router.state.location.pathname).toBe(paths.downSuccess));
    first.unmount();
    reload();
    const { router } = renderRoute(withQuery(paths.downSuccess, { report: first.report.id }), {
      session: 'work',
    });
    expect(await screen.findByText('文件已保存')).toBeInTheDocument(); // fetched again
    await userEvent.click(screen.getByRole('button', { name: '回到原页面' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(first.detail),
    );
  });

  it("a JSON error instead of the file: /downErr gives the server's reason; 重试 failing again gives the new one", async () => {
    await signInForTest('work');
    // The JSON error for the fetch while the detail is read (whenever the browser is idle) and for the
    // tap's; a dropped connection once /downErr is shown.
    let dropped = false;
    server.use(
      http.get(REPORT_DOWNLOAD, () =>
        dropped
          ? HttpResponse.error()
          : HttpResponse.json({ statusCode: 4004, responseMessage: '检测报告不存在', responseData: null }),
      ),
    );
    const { router, report } = await downloadReport('work');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.downErr));
    dropped = true;
    expect(router.state.location.search).toBe(`?report=${report.id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('检测报告不存在');
    expect(await screen.findByText(`肠道筛查报告-${report.reportedAt.slice(0, 10)}.pdf`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('后端接口连接异常'));
    expect(screen.getByText('请检查网络后点击「重试」。')).toBeInTheDocument();
    // silent: the page shows the reason, no toast repeats it
    expect(document.querySelector('.adm-toast-main')?.textContent ?? '').not.toContain('后端接口连接异常');
  });

  it('重试 after a reload fetches from the id in the address and replaces /downErr with /downSuccess', async () => {
    await signInForTest('check');
    server.use(http.get(REPORT_DOWNLOAD, () => HttpResponse.error(), { once: true }));
    const first = await downloadReport('check');
    await waitFor(() => expect(first.router.state.location.pathname).toBe(paths.downErr));
    first.unmount();
    reload();

    const errorPage = withQuery(paths.downErr, { report: first.report.id });
    const { router } = renderRoute(errorPage, { session: 'check', history: [first.detail] });
    expect(await screen.findByRole('alert')).toHaveTextContent('后端接口连接异常');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.downSuccess));
    expect(await screen.findByText('文件已保存')).toBeInTheDocument();
    expect(saves.map((save) => save.fileName)).toEqual([first.report.fileName]);
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.checkUserRepoetDetail));
  });

  it("opened cold by a check user, 返回 goes to the check user's home, not through a staff page", async () => {
    await signInForTest('check');
    const { router } = renderRoute(withQuery(paths.downErr, { report: 'rpt-gone' }), { session: 'check' });
    await userEvent.click(await screen.findByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.checkUser));
    expect(screen.queryByText('该页面仅限工作人员使用')).not.toBeInTheDocument();
  });

  it('without a file in the address, /downErr says there is nothing to retry', async () => {
    await signInForTest('work');
    renderRoute(paths.downErr, { session: 'work' });
    expect(await screen.findByText('没有下载失败的记录')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重试' })).not.toBeInTheDocument();
  });
});
