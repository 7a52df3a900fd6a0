import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { Blob as NodeBlob } from 'node:buffer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths, withQuery } from '@/config/paths';
import { useQuery } from '@tanstack/react-query';
import { latestAnnouncementQuery } from '@/api/announcements';
import { getDownloadFailure, getFileRecord } from '@/lib/file-download';
import { defaultDb } from '@/mocks/db';
import { server } from '../../msw-server';
import { recordRequests } from '../support/request-log';
import { renderRoute, signInForTest } from '../support/render-route';
import { renderQueryHook } from '../support/query-wrapper';

// Lazy routes on a busy two-core machine can take longer than Testing Library's default 1 s.

const PAGE = '*/api/v1/Announcement/Page';
const DETAIL = '*/api/v1/Announcement/GetDetail';
const DOWNLOAD = '*/api/v1/Attachement/Download';

// jsdom's Blob has no stream(), which msw's XMLHttpRequest stand-in needs for a blob response;
// Node's Blob has it (as tests/unit/http/binary.test.ts does).
beforeAll(() => vi.stubGlobal('Blob', NodeBlob));
afterAll(() => vi.unstubAllGlobals());

function failure(statusCode: number, responseMessage: string) {
  return HttpResponse.json({ statusCode, responseMessage, responseData: null });
}

describe('/announcement', () => {
  it('shows a loading state, then the announcements newest first with date and attachment count', async () => {
    await signInForTest('work');
    server.use(http.post(PAGE, async () => delay(150).then(() => undefined)));
    renderRoute(paths.announcement, { session: 'work' });
    expect(await screen.findByRole('status')).toHaveTextContent('加载中');
    const list = await screen.findByRole('list', { name: '公告列表' });
    const links = within(list).getAllByRole('link');
    expect(links[0]).toHaveTextContent('国庆假期实验室收样时间调整');
    expect(links[links.length - 1]).toHaveTextContent('2026 年社区大肠癌免费筛查项目正式启动');
    expect(within(list).getByRole('link', { name: /便隐血采样操作指南/ })).toHaveTextContent('附件 1 个');
    expect(links[0]).toHaveAttribute('href', withQuery(paths.announcementDetail, { id: '6004' }));
  });

  it('says so when there are no announcements', async () => {
    await signInForTest('work');
    server.use(
      http.post(PAGE, () =>
        HttpResponse.json({
          statusCode: 2000,
          responseData: { records: [], total: 0, pageIndex: 1, pageSize: 10 },
        }),
      ),
    );
    renderRoute(paths.announcement, { session: 'work' });
    expect(await screen.findByText('暂无公告')).toBeInTheDocument();
  });

  it('shows the error with 重试, and 重试 loads the list', async () => {
    await signInForTest('work');
    server.use(http.post(PAGE, () => failure(500, '公告服务暂不可用'), { once: true }));
    renderRoute(paths.announcement, { session: 'work' });
    expect(await screen.findByRole('alert')).toHaveTextContent('公告服务暂不可用');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('list', { name: '公告列表' })).toBeInTheDocument();
  });
});

describe('/announcementDetail', () => {
  it('renders the rich content sanitised, with attachments named and sized', async () => {
    await signInForTest('work');
    renderRoute(withQuery(paths.announcementDetail, { id: '6002' }), { session: 'work' });
    expect(await screen.findByRole('heading', { name: '便隐血采样操作指南', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('避免粪便接触马桶内的水；')).toBeInTheDocument();
    const attachments = screen.getByRole('region', { name: '附件（1）' });
    expect(within(attachments).getByText('便隐血采样操作指南.pdf')).toBeInTheDocument();
    expect(within(attachments).getByText(/^\d+(\.\d)? KB$/)).toBeInTheDocument();
    expect(within(attachments).getByRole('button', { name: '下载 便隐血采样操作指南.pdf' })).toBeEnabled();
  });

  it('strips scripts, event handlers and javascript: links from the content', async () => {
    await signInForTest('work');
    defaultDb.state.announcements[0].content =
      '<p>正文</p><script>window.__xss=1</script><img src="x" onerror="window.__xss=1"><a href="javascript:window.__xss=1">链接</a>';
    const { container } = renderRoute(
      withQuery(paths.announcementDetail, { id: defaultDb.state.announcements[0].id }),
      { session: 'work' },
    );
    expect(await screen.findByText('正文')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).not.toHaveAttribute('onerror');
    expect(screen.getByText('链接')).not.toHaveAttribute('href');
  });

  it('downloads an attachment through Attachement/Download and shows /downSuccess', async () => {
    await signInForTest('work');
    const log = recordRequests();
    const { router } = renderRoute(withQuery(paths.announcementDetail, { id: '6003' }), {
      session: 'work',
    });
    await userEvent.click(await screen.findByRole('button', { name: '下载 结肠镜检查定点医院名单.txt' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.downSuccess));
    const sent = await log.to('/Attachement/Download');
    expect(sent).toHaveLength(1);
    expect(sent[0].search).toBe('?attachmentId=5002');
    expect(router.state.location.search).toBe('?attachment=5002');
    expect(getFileRecord({ kind: 'attachment', id: '5002' })).toMatchObject({
      fileName: '结肠镜检查定点医院名单.txt',
      returnTo: withQuery(paths.announcementDetail, { id: '6003' }),
    });
  });

  it('shows /downErr with the reason when the download fails', async () => {
    await signInForTest('work');
    server.use(http.get(DOWNLOAD, () => failure(4004, '附件不存在或已删除')));
    const { router } = renderRoute(withQuery(paths.announcementDetail, { id: '6003' }), {
      session: 'work',
    });
    await userEvent.click(await screen.findByRole('button', { name: '下载 结肠镜检查定点医院名单.txt' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.downErr));
    expect(getDownloadFailure({ kind: 'attachment', id: '5002' })).toMatchObject({
      message: '附件不存在或已删除',
      fileName: '结肠镜检查定点医院名单.txt',
    });
  });

  describe.each([
    // [what, name as the server sends it, name as every page shows and the phone saves it]
    ['a right-to-left override', '定点医院名单\u202Etxt.exe', '定点医院名单txt.exe'],
    ['a Hangul filler', '定点医院\u3164名单.txt', '定点医院名单.txt'],
    ['a line separator', '定点医院名单\u2028.txt', '定点医院名单.txt'],
  ])('an attachment name with %s', (_what, sent, shown) => {
    const useName = () => {
      const attachment = defaultDb.state.announcements
        .flatMap((announcement) => announcement.attachments)
        .find((item) => item.id === '5002')!;
      attachment.fileName = sent;
    };

    it('is shown, labelled and saved display-safe', async () => {
      await signInForTest('work');
      useName();
      const { router } = renderRoute(withQuery(paths.announcementDetail, { id: '6003' }), {
        session: 'work',
      });
      const attachments = await screen.findByRole('region', { name: '附件（1）' });
      expect(within(attachments).getByText(shown)).toBeInTheDocument();
      await userEvent.click(within(attachments).getByRole('button', { name: `下载 ${shown}` }));
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.downSuccess));
      expect(getFileRecord({ kind: 'attachment', id: '5002' })?.fileName).toBe(shown);
      const facts = await screen.findByRole('region', { name: '文件信息' });
      expect(within(facts).getByText(shown)).toBeInTheDocument();
    });

    it('is shown display-safe on /downErr', async () => {
      await signInForTest('work');
      useName();
      server.use(http.get(DOWNLOAD, () => failure(4004, '附件不存在或已删除')));
      const { router } = renderRoute(withQuery(paths.announcementDetail, { id: '6003' }), {
        session: 'work',
      });
      await userEvent.click(await screen.findByRole('button', { name: `下载 ${shown}` }));
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.downErr));
      expect(await screen.findByText('文件没有下载成功')).toBeInTheDocument();
      expect(screen.getByText(shown)).toBeInTheDocument();
      expect(document.body.textContent).not.toContain(sent);
    });
  });

  it('shows the error with 重试 when the announcement cannot load', async () => {
    await signInForTest('work');
    // A refusal: shown after its one try (a dropped connection is asked again by itself first).
    server.use(http.get(DETAIL, () => new HttpResponse(null, { status: 500 }), { once: true }));
    renderRoute(withQuery(paths.announcementDetail, { id: '6004' }), { session: 'work' });
    expect(await screen.findByRole('alert')).toHaveTextContent('系统接口500异常');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '国庆假期实验室收样时间调整' })).toBeInTheDocument();
  });

  it('says the announcement was not found without an id', async () => {
    await signInForTest('work');
    renderRoute(paths.announcementDetail, { session: 'work' });
    expect(await screen.findByText('未找到该公告')).toBeInTheDocument();
  });
});

describe('latestAnnouncementQuery', () => {
  it('gives the newest announcement', async () => {
    await signInForTest('work');
    const { result } = renderQueryHook(() => useQuery(latestAnnouncementQuery()));
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.data?.title).toBe('国庆假期实验室收样时间调整'));
    expect(result.current.error).toBeNull();
  });

  it('reports a failure without a toast-worthy throw', async () => {
    await signInForTest('work');
    server.use(http.post(PAGE, () => failure(500, '公告服务暂不可用')));
    const { result } = renderQueryHook(() => useQuery(latestAnnouncementQuery()));
    await waitFor(() => expect(result.current.error).toBeInstanceOf(Error));
    expect(result.current.data).toBeUndefined();
  });
});
