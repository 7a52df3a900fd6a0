import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { paths, withQuery } from '@/config/paths';
import { getFileRecord } from '@/lib/file-download';
import { formatMaskedIdCard } from '@/lib/id-card';
import type { CheckReport } from '@/types/api';
import { server } from '../../msw-server';
import { holdRequests } from '../support/held-request';
import { renderRoute, signInForTest } from '../support/render-route';
import { checkUserReport, fakePdf, resetReportState, seededReport } from './helpers';
import { recordRequests } from '../support/request-log';

const loader = vi.hoisted(() => ({
  openPdfDocument: vi.fn(),
  preparePdfJs: vi.fn(() => Promise.resolve()),
  startPdfWorker: vi.fn(),
}));
vi.mock('@/components/pdf-viewer/pdf-loader', () => loader);

const PAGE = '*/api/v1/Sampling/PageCheckReport';
const DOWNLOAD = '*/api/v1/Sampling/DownloadCheckReport';
const TUBE = '*/api/v1/Sampling/GetSamplingTubeStatus';

/** The seed's report date: every seeded report has one (the type lets a real server leave it out). */
function reportedAtOf(report: CheckReport): string {
  if (!report.reportedAt) throw new Error(`report ${report.id} has no date in the demo seed`);
  return report.reportedAt;
}

beforeEach(() => {
  resetReportState();
  loader.openPdfDocument.mockReset();
  // The page draws the PDF as soon as it is there: a document to draw in every test.
  loader.openPdfDocument.mockResolvedValue(fakePdf(1).doc);
  loader.preparePdfJs.mockClear();
  loader.startPdfWorker.mockClear();
  Element.prototype.scrollIntoView = vi.fn();
});

const failure = (statusCode: number, responseMessage: string) =>
  HttpResponse.json({ statusCode, responseMessage, responseData: null });

describe('/repoetDetail and /checkUserRepoetDetail', () => {
  it('explains a positive FIT result: colonoscopy, whom to call, the report facts and the tube timeline', async () => {
    await signInForTest('work');
    const report = seededReport('positive');
    const lookup = holdRequests(PAGE);
    renderRoute(withQuery(paths.repoetDetail, { id: report.id }), { session: 'work' });

    expect(await screen.findByRole('status')).toHaveTextContent('加载中');
    lookup.release();
    expect(
      await screen.findByRole('heading', { name: '建议尽快做结肠镜检查', level: 2 }),
    ).toBeInTheDocument();
    const result = screen.getByRole('region', { name: '建议尽快做结肠镜检查' });
    expect(within(result).getByText('阳性')).toBeInTheDocument();

    const next = screen.getByRole('region', { name: '下一步怎么做' });
    expect(next).toHaveTextContent('1 个月内到医院消化内科做结肠镜检查');
    expect(next).toHaveTextContent(`报告出具机构：${report.institution}`);
    expect(within(next).getByRole('link', { name: '拨打预约电话 021-54880000' })).toHaveAttribute(
      'href',
      'tel:02154880000',
    );
    expect(screen.getByRole('region', { name: '医生建议' })).toHaveTextContent(report.advice);

    const info = screen.getByRole('region', { name: '报告信息' });
    expect(info).toHaveTextContent(formatMaskedIdCard(report.idCard));
    expect(info).not.toHaveTextContent(report.idCard);
    expect(info).toHaveTextContent(report.tubeCode);

    const timeline = await screen.findByRole('region', { name: `采样管 ${report.tubeCode} 的进度` });
    expect(within(timeline).getByText('已出报告')).toBeInTheDocument();
    expect(within(timeline).getByText('扫码绑定受检者')).toBeInTheDocument();
  });

  it('tells a check user with a negative result when to screen again, with no call to action', async () => {
    await signInForTest('check');
    const report = checkUserReport();
    renderRoute(withQuery(paths.checkUserRepoetDetail, { id: report.id }), { session: 'check' });
    expect(await screen.findByRole('heading', { name: '本次未发现异常', level: 2 })).toBeInTheDocument();
    const reported = new Date(reportedAtOf(report));
    const again = `${reported.getFullYear() + 1}年${reported.getMonth() + 1}月`;
    expect(screen.getByRole('region', { name: '下一步怎么做' })).toHaveTextContent(
      `建议在 ${again} 前后再次参加大肠癌筛查`,
    );
    expect(screen.queryByRole('link', { name: /拨打/ })).not.toBeInTheDocument();
    expect(screen.getByText('阴性')).toBeInTheDocument();
  });

  it('leads on to the other ways of looking reports up (the home may have opened this one at once)', async () => {
    await signInForTest('check');
    const report = checkUserReport();
    const { router } = renderRoute(withQuery(paths.checkUserRepoetDetail, { id: report.id }), {
      session: 'check',
    });
    await userEvent.click(await screen.findByRole('link', { name: '查询其他报告' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.checkUserSearchType));
  });

  it('asks for the report by its id in one request, however it was opened', async () => {
    await signInForTest('work');
    const report = seededReport('negative');
    const api = recordRequests();
    renderRoute(withQuery(paths.repoetDetail, { id: report.id }), { session: 'work' });
    expect(await screen.findByRole('heading', { name: '本次未发现异常' })).toBeInTheDocument();
    // A page of 20, not 1: a server that ignores the id filter still has the report among its newest (report-lookup.ts).
    expect(await api.bodies('/Sampling/PageCheckReport')).toEqual([
      { id: report.id, pageIndex: 1, pageSize: 20 },
    ]);
  });

  it('does not take the first record of a server that ignored the id', async () => {
    await signInForTest('work');
    const report = seededReport('negative');
    const other = seededReport('positive');
    server.use(
      http.post(PAGE, () =>
        HttpResponse.json({ statusCode: 2000, responseData: { records: [other], total: 2 } }),
      ),
    );
    renderRoute(withQuery(paths.repoetDetail, { id: report.id }), { session: 'work' });
    expect(await screen.findByText('未找到该检测报告，可能已被删除或您无权查看')).toBeInTheDocument();
  });

  it('shows the load error with 重试, and 重试 shows the report', async () => {
    await signInForTest('work');
    const report = seededReport('positive');
    server.use(http.post(PAGE, () => failure(500, '报告服务暂不可用'), { once: true }));
    renderRoute(withQuery(paths.repoetDetail, { id: report.id }), { session: 'work' });
    expect(await screen.findByRole('alert')).toHaveTextContent('报告服务暂不可用');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '建议尽快做结肠镜检查' })).toBeInTheDocument();
  });

  it("says when a report does not exist or is not the user's, and when no id was given", async () => {
    await signInForTest('check');
    const other = seededReport('positive'); // not the check user's
    const first = renderRoute(withQuery(paths.checkUserRepoetDetail, { id: other.id }), { session: 'check' });
    expect(await screen.findByRole('alert')).toHaveTextContent('未找到该检测报告');
    expect(screen.queryByRole('button', { name: '下载报告' })).not.toBeInTheDocument();
    first.unmount();
    renderRoute(paths.checkUserRepoetDetail, { session: 'check' });
    expect(await screen.findByText('没有指定要查看的报告')).toBeInTheDocument();
  });

  it.each([
    ['no tube code in the answer', { tubeCode: '' }, undefined],
    ['a tube the server does not know', {}, { exists: false, timeline: [] }],
  ])('leaves 采样管进度 out with %s: nothing asks a patient to scan', async (_name, fields, tubeAnswer) => {
    await signInForTest('check');
    const report = { ...checkUserReport(), ...fields };
    const api = recordRequests();
    server.use(
      http.post(PAGE, () => HttpResponse.json({ statusCode: 2000, responseData: { records: [report] } })),
      ...(tubeAnswer
        ? [http.post(TUBE, () => HttpResponse.json({ statusCode: 2000, responseData: tubeAnswer }))]
        : []),
    );
    renderRoute(withQuery(paths.checkUserRepoetDetail, { id: report.id }), { session: 'check' });
    await screen.findByRole('heading', { name: '本次未发现异常' });
    if (tubeAnswer) await waitFor(() => expect(api.count('/Sampling/GetSamplingTubeStatus')).toBe(1));
    else expect(api.count('/Sampling/GetSamplingTubeStatus')).toBe(0);
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: '采样管进度' })).not.toBeInTheDocument();
    expect(screen.queryByText(/请扫描|加载失败/)).not.toBeInTheDocument();
  });

  it('shows — for the facts a server left out, and leaves out the lines and sections without data', async () => {
    await signInForTest('check');
    const bare = { id: checkUserReport().id, result: 'positive' };
    server.use(
      http.post(PAGE, () => HttpResponse.json({ statusCode: 2000, responseData: { records: [bare] } })),
    );
    renderRoute(withQuery(paths.checkUserRepoetDetail, { id: bare.id }), { session: 'check' });
    expect(await screen.findByRole('heading', { name: '建议尽快做结肠镜检查' })).toBeInTheDocument();
    const info = screen.getByRole('region', { name: '报告信息' });
    for (const term of ['受检者', '身份证号', '采样管编码', '检测项目', '采样时间', '报告时间', '检测机构']) {
      expect(within(info).getByText(term).nextElementSibling).toHaveTextContent(/^—$/);
    }
    expect(screen.getByRole('region', { name: '下一步怎么做' })).toHaveTextContent(
      '请联系 报告出具机构 或您登记的社区卫生服务中心预约检查。',
    );
    expect(screen.queryByText(/报告出具机构：/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '医生建议' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '采样管进度' })).not.toBeInTheDocument();
    expect(screen.queryByText(' · ')).not.toBeInTheDocument();
  });

  it("shows the timeline's own error with 重试", async () => {
    await signInForTest('work');
    const report = seededReport('negative');
    server.use(http.post(TUBE, () => failure(500, '状态服务暂不可用'), { once: true }));
    renderRoute(withQuery(paths.repoetDetail, { id: report.id }), { session: 'work' });
    const section = await screen.findByRole('region', { name: '采样管进度' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('状态服务暂不可用');
    await userEvent.click(within(section).getByRole('button', { name: '重试' }));
    expect(await within(section).findByText('已出报告')).toBeInTheDocument();
  });

  it('loads the pdf.js worker while the report is asked for, then pdf.js and the PDF, drawn in the page without a tap', async () => {
    await signInForTest('work');
    const report = seededReport('negative');
    const pdf = fakePdf(2);
    loader.openPdfDocument.mockResolvedValue(pdf.doc);
    const api = recordRequests();
    server.use(http.post(PAGE, async () => delay(2500).then(() => undefined), { once: true }));
    renderRoute(withQuery(paths.repoetDetail, { id: report.id }), { session: 'work' });
    expect(await screen.findByRole('status')).toHaveTextContent('加载中');
    expect(loader.startPdfWorker).not.toHaveBeenCalled(); // not while the page's own code runs

    // Once the browser is idle (a timer where requestIdleCallback is missing, as in iOS WebKit), while
    // the server is still answering: the worker alone, whose script loads and compiles off the main
    // thread. pdf.js itself and the PDF wait for the report (the PDF's id comes from the answer).
    await waitFor(() => expect(loader.startPdfWorker).toHaveBeenCalledOnce());
    expect(screen.getByRole('status')).toHaveTextContent('加载中');
    expect(loader.preparePdfJs).not.toHaveBeenCalled();

    await screen.findByRole('heading', { name: '本次未发现异常' });
    await waitFor(() => expect(loader.preparePdfJs).toHaveBeenCalledOnce());
    const viewer = await screen.findByRole('region', { name: `报告原件：${report.fileName}` });
    expect((await api.to('/Sampling/DownloadCheckReport')).map((sent) => sent.search)).toEqual([
      `?reportId=${report.id}`,
    ]);
    await waitFor(() => expect(loader.openPdfDocument).toHaveBeenCalledOnce());
    const bytes = loader.openPdfDocument.mock.calls[0][0] as ArrayBuffer;
    expect(new TextDecoder().decode(new Uint8Array(bytes).slice(0, 5))).toBe('%PDF-');
    expect(await within(viewer).findByRole('button', { name: '放大' })).toBeEnabled();
    await waitFor(() => expect(pdf.renders.map((r) => r.pageNumber)).toEqual([1, 2]));
    expect(within(viewer).getByRole('region', { name: '第 1 页，共 2 页' })).toBeInTheDocument();
    // One action: the duplicate 查看报告 is gone.
    expect(screen.queryByRole('button', { name: '查看报告' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /下载报告|保存报告图片/ })).toHaveLength(1);
    expect(api.count('/Sampling/DownloadCheckReport')).toBe(1);
  });

  it('with Save-Data on, fetches the PDF only on 显示报告原件', async () => {
    // Chrome's Network Information API (jsdom has none).
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true } });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'connection');
    });
    await signInForTest('work');
    const report = seededReport('negative');
    loader.openPdfDocument.mockResolvedValue(fakePdf(1).doc);
    const api = recordRequests();
    renderRoute(withQuery(paths.repoetDetail, { id: report.id }), { session: 'work' });
    await screen.findByRole('heading', { name: '本次未发现异常' });
    await waitFor(() => expect(loader.preparePdfJs).toHaveBeenCalledOnce());
    expect(api.count('/Sampling/DownloadCheckReport')).toBe(0);

    server.use(http.get(DOWNLOAD, async () => delay(200).then(() => undefined)));
    await userEvent.click(screen.getByRole('button', { name: '显示报告原件' }));
    expect(screen.getByRole('status')).toHaveTextContent('正在获取报告');
    expect(await screen.findByRole('region', { name: `报告原件：${report.fileName}` })).toBeInTheDocument();
    expect((await api.to('/Sampling/DownloadCheckReport')).map((sent) => sent.search)).toEqual([
      `?reportId=${report.id}`,
    ]);
  });

  it('when the fetch while reading failed, says why with 重试, and 重试 shows the PDF', async () => {
    await signInForTest('work');
    const report = seededReport('negative');
    loader.openPdfDocument.mockResolvedValue(fakePdf(1).doc);
    server.use(http.get(DOWNLOAD, () => failure(4004, '检测报告不存在'), { once: true }));
    const api = recordRequests();
    renderRoute(withQuery(paths.repoetDetail, { id: report.id }), { session: 'work' });
    const section = await screen.findByRole('region', { name: '报告原件' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('检测报告不存在');
    await userEvent.click(within(section).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('region', { name: `报告原件：${report.fileName}` })).toBeInTheDocument();
    expect(api.count('/Sampling/DownloadCheckReport')).toBe(2);
  });

  it('下载报告 after the fetch while reading failed fetches the file again', async () => {
    await signInForTest('work');
    const report = seededReport('negative');
    loader.openPdfDocument.mockResolvedValue(fakePdf(1).doc);
    server.use(http.get(DOWNLOAD, () => failure(500, '报告服务暂不可用'), { once: true }));
    const log = recordRequests();
    const { router } = renderRoute(withQuery(paths.repoetDetail, { id: report.id }), { session: 'work' });
    const section = await screen.findByRole('region', { name: '报告原件' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('报告服务暂不可用');
    await userEvent.click(screen.getByRole('button', { name: '下载报告' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.downSuccess));
    expect(log.count('/Sampling/DownloadCheckReport')).toBe(2);
  });

  it('下载报告 after the PDF came while the page was read saves that file without fetching it again', async () => {
    await signInForTest('work');
    const report = seededReport('negative');
    loader.openPdfDocument.mockResolvedValue(fakePdf(1).doc);
    const log = recordRequests();
    const { router } = renderRoute(withQuery(paths.repoetDetail, { id: report.id }), { session: 'work' });
    await screen.findByRole('heading', { name: '本次未发现异常' });
    // The person looks at the report in the page first (the bytes have arrived), then saves it.
    expect(await screen.findByRole('region', { name: `报告原件：${report.fileName}` })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '下载报告' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.downSuccess));
    expect(await screen.findByText(report.fileName)).toBeInTheDocument();
    expect(getFileRecord({ kind: 'report', id: report.id })).toMatchObject({
      fileName: report.fileName,
      contentType: 'application/pdf',
    });
    expect(log.count('/Sampling/DownloadCheckReport')).toBe(1);
  });

  it('下载报告 while that fetch is still on its way waits for it instead of fetching twice', async () => {
    await signInForTest('work');
    const report = seededReport('negative');
    server.use(http.get(DOWNLOAD, async () => delay(400).then(() => undefined)));
    const log = recordRequests();
    const { router } = renderRoute(withQuery(paths.repoetDetail, { id: report.id }), { session: 'work' });
    await screen.findByRole('heading', { name: '本次未发现异常' });
    await waitFor(() => expect(log.count('/Sampling/DownloadCheckReport')).toBe(1));

    await userEvent.click(screen.getByRole('button', { name: '下载报告' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.downSuccess));
    expect(await screen.findByText(report.fileName)).toBeInTheDocument();
    expect(log.count('/Sampling/DownloadCheckReport')).toBe(1);
  });

  it('下载报告 fetches the PDF with the report id and shows /downSuccess for that report', async () => {
    await signInForTest('work');
    const report = seededReport('positive');
    const log = recordRequests();
    const { router } = renderRoute(withQuery(paths.repoetDetail, { id: report.id }), { session: 'work' });
    await userEvent.click(await screen.findByRole('button', { name: '下载报告' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.downSuccess));
    expect(router.state.location.search).toBe(`?report=${report.id}`);
    expect((await log.to('/Sampling/DownloadCheckReport')).map((sent) => sent.search)).toEqual([
      `?reportId=${report.id}`,
    ]);
    expect(await screen.findByText(report.fileName)).toBeInTheDocument();
    expect(getFileRecord({ kind: 'report', id: report.id })).toMatchObject({
      returnTo: withQuery(paths.repoetDetail, { id: report.id }),
      contentType: 'application/pdf',
    });
  });
});
