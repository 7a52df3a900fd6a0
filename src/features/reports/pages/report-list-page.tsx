import { openedFrom } from '@/lib/history';
import { Button } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { EmptyState } from '@/components/async-view';
import { PagedList, usePagedList } from '@/components/paged-list';
import { PageShell } from '@/components/page-shell';
import { withQuery } from '@/config/paths';
import { checkReportsQuery } from '@/api/sampling';
import { useAudience } from '@/lib/route-meta';
import { ReportCard } from '../components/report-card';
import { describeCriteria, toReportQuery, useReportCriteria, type ReportCriteria } from '../report-criteria';
import { audiencePages } from '@/config/audience';
import styles from './reports.module.css';

const PAGE_SIZE = 10;

const EMPTY_HINTS: Readonly<Record<ReportCriteria['type'], string>> = {
  idCard: '请核对身份证号；如已完成检测，报告出具后会出现在这里。',
  tubeCode: '请核对采样管编码；如已完成检测，报告出具后会出现在这里。',
  mine: '报告出具后会出现在这里，并通过消息通知您。',
};

/**
 * /repoetList, /checkUserRepoetList (keep-alive): the reports matching the criteria the search page left
 * in sessionStorage. Pull to refresh, more on scroll; items and scroll stay when coming back from a detail.
 */
export default function ReportListPage() {
  const audience = useAudience();
  const routes = audiencePages(audience);
  const navigate = useNavigate();
  const location = useLocation();
  const { criteria } = useReportCriteria(audience);
  const list = usePagedList(checkReportsQuery(criteria && toReportQuery(criteria), PAGE_SIZE));

  // 重新查询 returns to the search this list was opened from (it shows the last criteria) rather than
  // stacking a search and a list per query for Back to walk through; without one, it takes this entry.
  const searchAgain = () => {
    if (
      openedFrom(location.state, routes.reportSearch) ||
      openedFrom(location.state, routes.reportSearchType)
    )
      void navigate(-1);
    else if (!criteria || criteria.type === 'mine') void navigate(routes.reportSearchType, { replace: true });
    else void navigate(withQuery(routes.reportSearch, { type: criteria.type }), { replace: true });
  };

  if (!criteria) {
    return (
      <PageShell fallbackPath={routes.reportSearchType}>
        <EmptyState
          text="还没有查询条件"
          hint="请先选择查询方式，再查看检测报告。"
          action={
            <Button color="primary" onClick={() => void navigate(routes.reportSearchType)}>
              去查询
            </Button>
          }
        />
      </PageShell>
    );
  }

  return (
    <PageShell fallbackPath={routes.reportSearchType}>
      <div className={styles.summary}>
        <p className={styles.summaryText}>
          <span className={styles.summaryLabel}>查询条件</span>
          {describeCriteria(criteria)}
          {list.loaded && list.total !== undefined && list.total > 0 && (
            <span className={styles.summaryCount}>共 {list.total} 份</span>
          )}
        </p>
        <Button
          size="small"
          color="primary"
          fill="outline"
          className={styles.summaryAction}
          onClick={searchAgain}
        >
          重新查询
        </Button>
      </div>
      <PagedList
        list={list}
        label="检测报告列表"
        itemKey={(report) => report.id}
        renderItem={(report) => <ReportCard report={report} detailPath={routes.reportDetail} />}
        emptyText="没有找到检测报告"
        emptyHint={EMPTY_HINTS[criteria.type]}
      />
    </PageShell>
  );
}
