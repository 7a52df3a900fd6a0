import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { NavigateFunction } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths, withQuery } from '@/config/paths';
import { ApiError } from '@/lib/http';
import { clearDownloadState, downloadFile, saveDownloadedFile } from '@/lib/file-download';
import { server } from '../../msw-server';
import { renderRoute, signInForTest } from '../support/render-route';
import { checkUserReport, fakePdf, resetReportState, seededReport } from './helpers';

const loader = vi.hoisted(() => ({ openPdfDocument: vi.fn(), preparePdfJs: vi.fn() }));
vi.mock('@/components/pdf-viewer/pdf-loader', () => loader);

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 12; wv) AppleWebKit/537.36 Chrome/107.0 Mobile Safari/537.36 MicroMessenger/8.0.35.2360';
const PDF = new TextEncoder().encode('%PDF-1.4 report').buffer;
const noNavigate: NavigateFunction = () => undefined;

beforeEach(() => {
  resetReportState();
  loader.openPdfDocument.mockReset();
});

function inWeChat(): void {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
}

describe('/downSuccess', () => {
  it('names the file and explains, inside WeChat, how to keep it: 在浏览器打开 from the ··· menu', async () => {
    await signInForTest('work');
    inWeChat();
    saveDownloadedFile(
      { data: PDF, contentType: 'application/pdf', fileName: '便隐血检测报告-CT2026100004.pdf' },
      '检测报告.pdf',
    );
    renderRoute(paths.downSuccess, { session: 'work' });
    expect(await screen.findByText('文件已下载')).toBeInTheDocument();
    expect(screen.getByText('便隐血检测报告-CT2026100004.pdf')).toBeInTheDocument();
    expect(screen.getByText(`${PDF.byteLength} B`)).toBeInTheDocument();
    const howTo = screen.getByRole('region', { name: '在微信里如何保存文件' });
    expect(howTo).toHaveTextContent('点击屏幕右上角的「···」，选择「在浏览器打开」');
    expect(howTo).toHaveTextContent('发送给');
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('tells a check user (WeChat sign-in only) to view and keep it inside WeChat instead', async () => {
    await signInForTest('check');
    inWeChat();
    saveDownloadedFile({ data: PDF, contentType: 'application/pdf' }, '检测报告.pdf');
    renderRoute(paths.downSuccess, { session: 'check' });
    const howTo = await screen.findByRole('region', { name: '在微信里如何保存文件' });
    expect(howTo).toHaveTextContent('在本页查看');
    expect(howTo).toHaveTextContent('「在浏览器打开」无法登录');
    expect(screen.getByText('检测报告.pdf')).toBeInTheDocument();
  });

  it('在本页查看 reopens the downloaded bytes in the in-page viewer', async () => {
    await signInForTest('work');
    const pdf = fakePdf(1);
    loader.openPdfDocument.mockResolvedValue(pdf.doc);
    saveDownloadedFile({ data: PDF, contentType: 'application/pdf', fileName: 'a.pdf' }, 'a.pdf');
    renderRoute(paths.downSuccess, { session: 'work' });
    await userEvent.click(await screen.findByRole('button', { name: '在本页查看' }));
    expect(await screen.findByRole('region', { name: '已下载的文件：a.pdf' })).toBeInTheDocument();
    expect(loader.openPdfDocument).toHaveBeenCalledWith(PDF);
    await userEvent.click(screen.getByRole('button', { name: '收起文件' }));
    expect(screen.queryByRole('region', { name: '已下载的文件：a.pdf' })).not.toBeInTheDocument();
  });

  it('after a reload the name is still known but the bytes are gone: it says so', async () => {
    await signInForTest('work');
    saveDownloadedFile({ data: PDF, contentType: 'application/pdf', fileName: 'a.pdf' }, 'a.pdf');
    const stored = sessionStorage.getItem('download:saved');
    clearDownloadState(); // a reload empties memory; sessionStorage stays
    sessionStorage.setItem('download:saved', stored ?? '');
    renderRoute(paths.downSuccess, { session: 'work' });
    expect(await screen.findByText('a.pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '在本页查看' }));
    expect(await screen.findByText('文件已失效')).toBeInTheDocument();
  });

  it('without a download, says there is nothing to show', async () => {
    await signInForTest('work');
    renderRoute(paths.downSuccess, { session: 'work' });
    expect(await screen.findByText('没有下载记录')).toBeInTheDocument();
  });

  it('返回 goes back to the page that downloaded', async () => {
    await signInForTest('work');
    const detail = withQuery(paths.repoetDetail, { id: seededReport('negative').id });
    saveDownloadedFile({ data: PDF, contentType: 'application/pdf' }, 'a.pdf', detail);
    const { router } = renderRoute(paths.downSuccess, { session: 'work' });
    await userEvent.click(await screen.findByRole('button', { name: '回到原页面' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(detail),
    );
  });
});

describe('/downErr', () => {
  it('gives the reason and, when 重试 fails again, the new reason', async () => {
    await signInForTest('work');
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('business', '检测报告不存在', { code: 4004 }))
      .mockRejectedValueOnce(new ApiError('network', '后端接口连接异常'));
    // Inside act: the download shows a loading toast and closes it.
    await act(() =>
      downloadFile({ fetch, fallbackName: '检测报告.pdf', returnTo: paths.repoetList }, noNavigate),
    );
    renderRoute(paths.downErr, { session: 'work' });
    expect(await screen.findByRole('alert')).toHaveTextContent('检测报告不存在');
    expect(screen.getByText('文件没有下载成功')).toBeInTheDocument();
    expect(screen.getByText('检测报告.pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('后端接口连接异常'));
    expect(screen.getByText('请检查网络后点击「重试」。')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('重试 after a reload goes back to the report, which downloads again and shows /downSuccess', async () => {
    await signInForTest('check');
    const report = checkUserReport();
    const detail = withQuery(paths.checkUserRepoetDetail, { id: report.id });
    const fetch = vi.fn().mockRejectedValue(new ApiError('timeout', '系统接口请求超时'));
    await act(() => downloadFile({ fetch, fallbackName: report.fileName, returnTo: detail }, noNavigate));
    const failure = sessionStorage.getItem('download:failure');
    clearDownloadState(); // a reload forgets the failed job
    sessionStorage.setItem('download:failure', failure ?? '');

    const { router } = renderRoute(paths.downErr, { session: 'check', history: [detail] });
    expect(await screen.findByRole('alert')).toHaveTextContent('系统接口请求超时');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.downSuccess));
    // The page that led here may still be on screen for a moment (/downErr names the file too).
    expect(await screen.findByText('文件已下载')).toBeInTheDocument();
    expect(screen.getByText(report.fileName)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a failure from the server reaches /downErr from the report, through the real request layer', async () => {
    await signInForTest('work');
    const report = seededReport('negative');
    server.use(http.get('*/api/v1/Sampling/DownloadCheckReport', () => HttpResponse.error(), { once: true }));
    const { router } = renderRoute(withQuery(paths.repoetDetail, { id: report.id }), { session: 'work' });
    await userEvent.click(await screen.findByRole('button', { name: '下载报告' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.downErr));
    expect(await screen.findByRole('alert')).toHaveTextContent('后端接口连接异常');
    // silent: the page shows the reason, no toast repeats it
    expect(document.querySelector('.adm-toast-main')?.textContent ?? '').not.toContain('后端接口连接异常');
  });

  it('without a failure, says there is nothing to retry', async () => {
    await signInForTest('work');
    renderRoute(paths.downErr, { session: 'work' });
    expect(await screen.findByText('没有下载失败的记录')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重试' })).not.toBeInTheDocument();
  });
});
