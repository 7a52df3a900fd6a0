import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths, withQuery } from '@/config/paths';
import { writeReportCriteria } from '@/features/reports/report-criteria';
import { formatMaskedIdCard } from '@/lib/id-card';
import { defaultDb } from '@/mocks/db';
import type { CheckReport } from '@/types/api';
import { server } from '../../msw-server';
import { renderRoute, signInForTest } from '../support/render-route';
import {
  checkUserReport,
  enableInfiniteScrollInJsdom,
  pageOf,
  resetReportState,
  seededReport,
} from './helpers';
import { recordRequests } from '../support/request-log';

const PAGE = '*/api/v1/Sampling/PageCheckReport';

/** The seed's report date: every seeded report has one (the type lets a real server leave it out). */
function reportedAtOf(report: CheckReport): string {
  if (!report.reportedAt) throw new Error(`report ${report.id} has no date in the demo seed`);
  return report.reportedAt;
}

beforeEach(resetReportState);

describe('/repoetList and /checkUserRepoetList', () => {
  it('shows a loading state, then each report with masked ID card, tube, test, date and a dictionary-coloured tag', async () => {
    await signInForTest('work');
    const report = seededReport('positive');
    writeReportCriteria('work', { type: 'idCard', value: report.idCard });
    server.use(http.post(PAGE, async () => delay(150).then(() => undefined)));
    const log = recordRequests();
    renderRoute(paths.repoetList, { session: 'work' });

    expect(await screen.findByRole('status')).toHaveTextContent('加载中');
    const list = await screen.findByRole('list', { name: '检测报告列表' });
    const card = within(list).getByRole('link');
    expect(card).toHaveAttribute('href', withQuery(paths.repoetDetail, { id: report.id }));
    expect(card).toHaveTextContent(report.personName);
    expect(card).toHaveTextContent(formatMaskedIdCard(report.idCard));
    expect(card).not.toHaveTextContent(report.idCard);
    expect(card).toHaveTextContent(report.tubeCode);
    expect(card).toHaveTextContent('便隐血（FIT）');
    expect(card).toHaveTextContent(reportedAtOf(report).slice(0, 10));
    const tag = within(card).getByText('阳性');
    await waitFor(() =>
      expect(tag.getAttribute('style')).toContain('--background-color: var(--adm-color-danger'),
    );
    expect(screen.getByText(`身份证号 ${formatMaskedIdCard(report.idCard)}`)).toBeInTheDocument();
    expect(await log.bodies('/Sampling/PageCheckReport')).toEqual([
      { idCard: report.idCard, pageIndex: 1, pageSize: 10 },
    ]);
  });

  it('takes label and colour from the report_result dictionary', async () => {
    await signInForTest('work');
    defaultDb.state.dictionaries.report_result = [
      { itemValue: 'negative', itemText: '未见异常', customAttribute: 'primary' },
      { itemValue: 'positive', itemText: '需复查', customAttribute: 'warning' },
    ];
    writeReportCriteria('work', { type: 'tubeCode', value: seededReport('negative').tubeCode });
    renderRoute(paths.repoetList, { session: 'work' });
    const tag = await screen.findByText('未见异常');
    expect(tag.getAttribute('style')).toContain('--background-color: var(--adm-color-primary');
  });

  it('lists a check user\'s own reports for "my reports"', async () => {
    await signInForTest('check');
    writeReportCriteria('check', { type: 'mine' });
    const log = recordRequests();
    renderRoute(paths.checkUserRepoetList, { session: 'check' });
    const list = await screen.findByRole('list', { name: '检测报告列表' });
    const own = checkUserReport();
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    expect(within(list).getByRole('link')).toHaveAttribute(
      'href',
      withQuery(paths.checkUserRepoetDetail, { id: own.id }),
    );
    expect(screen.getByText('本人和家人的报告')).toBeInTheDocument();
    expect(await log.bodies('/Sampling/PageCheckReport')).toEqual([
      { mine: true, pageIndex: 1, pageSize: 10 },
    ]);
  });

  it('says so when nothing matches', async () => {
    await signInForTest('work');
    writeReportCriteria('work', { type: 'tubeCode', value: 'CT0000000000' });
    renderRoute(paths.repoetList, { session: 'work' });
    expect(await screen.findByText('没有找到检测报告')).toBeInTheDocument();
    expect(screen.getByText(/请核对采样管编码/)).toBeInTheDocument();
  });

  it('shows the error with 重试, and 重试 loads the list', async () => {
    await signInForTest('work');
    writeReportCriteria('work', { type: 'idCard', value: seededReport('negative').idCard });
    server.use(
      http.post(
        PAGE,
        () => HttpResponse.json({ statusCode: 500, responseMessage: '报告服务暂不可用', responseData: null }),
        {
          once: true,
        },
      ),
    );
    renderRoute(paths.repoetList, { session: 'work' });
    expect(await screen.findByRole('alert')).toHaveTextContent('报告服务暂不可用');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('list', { name: '检测报告列表' })).toBeInTheDocument();
  });

  it('without criteria (e.g. opened from a link) sends the user to choose a lookup', async () => {
    await signInForTest('work');
    const log = recordRequests();
    const { router } = renderRoute(paths.repoetList, { session: 'work' });
    expect(await screen.findByText('还没有查询条件')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '去查询' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.searchType));
    expect(log.count('/Sampling/PageCheckReport')).toBe(0);
  });

  it('loads more on scroll: the second page is requested and appended', async () => {
    await signInForTest('work');
    writeReportCriteria('work', { type: 'tubeCode', value: 'CT2026100001' });
    const first = Array.from({ length: 10 }, (_, index) => ({
      ...seededReport('negative'),
      id: `r-${index}`,
    }));
    const second = [{ ...seededReport('positive'), id: 'r-10' }];
    server.use(
      http.post(PAGE, async ({ request }) => {
        const body = (await request.json()) as { pageIndex: number };
        const records = body.pageIndex === 1 ? first : second;
        return HttpResponse.json({
          statusCode: 2000,
          responseData: { records, total: 11, pageIndex: body.pageIndex, pageSize: 10 },
        });
      }),
    );
    enableInfiniteScrollInJsdom();
    renderRoute(paths.repoetList, { session: 'work' });
    const list = await screen.findByRole('list', { name: '检测报告列表' });
    // antd-mobile's InfiniteScroll asks for more when its sentinel is within reach (jsdom: always, once measurable).
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(11));
    expect(await screen.findByText('没有更多了')).toBeInTheDocument();
    expect(screen.getByText('共 11 份')).toBeInTheDocument();
  });

  it('is the same list after a reload: the criteria come back from sessionStorage', async () => {
    await signInForTest('work');
    const report = seededReport('negative');
    writeReportCriteria('work', { type: 'tubeCode', value: report.tubeCode });
    const first = renderRoute(paths.repoetList, { session: 'work' });
    expect(await screen.findByRole('link', { name: new RegExp(report.tubeCode) })).toBeInTheDocument();
    first.unmount();
    renderRoute(paths.repoetList, { session: 'work' });
    expect(await screen.findByRole('link', { name: new RegExp(report.tubeCode) })).toBeInTheDocument();
  });

  it('重新查询 goes back to the input page of the same type', async () => {
    await signInForTest('work');
    writeReportCriteria('work', { type: 'tubeCode', value: 'CT0000000000' });
    server.use(http.post(PAGE, () => HttpResponse.json(pageOf([]))));
    const { router } = renderRoute(paths.repoetList, { session: 'work' });
    await userEvent.click(await screen.findByRole('button', { name: '重新查询' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.reportSearch));
    expect(router.state.location.search).toBe('?type=tubeCode');
  });
});
