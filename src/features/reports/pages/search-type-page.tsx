import type { OpenedFrom } from '@/lib/history';
import { Link, useNavigate } from 'react-router';
import { PageShell } from '@/components/page-shell';
import { withQuery } from '@/config/paths';
import { useAudience } from '@/lib/route-meta';
import { selectMyReports } from '../report-criteria';
import { audiencePages } from '@/config/audience';
import styles from '../components/choices.module.css';

/**
 * /searchType, /checkUserSearchType: the first step of a report lookup, choosing how to look it up.
 * ID card and tube code lead to the input page (/reportSearch); "my reports" (check users) goes
 * straight to the list. Nothing is loaded here, so the page has no loading or error state.
 */
export default function SearchTypePage() {
  const audience = useAudience();
  const routes = audiencePages(audience);
  const navigate = useNavigate();

  const showMine = () => {
    selectMyReports();
    void navigate(routes.reportList, { state: { openedFrom: routes.reportSearchType } satisfies OpenedFrom });
  };

  return (
    <PageShell fallbackPath={routes.home}>
      <h2 className={styles.lead}>请选择查询方式</h2>
      <ul className={styles.choices} aria-label="查询方式">
        {audience === 'check' && (
          <li>
            <button type="button" className={styles.choice} onClick={showMine}>
              <span className={styles.choiceTitle}>查看我的报告</span>
              {/* The account's reports: its own and those of the family it registered (PageCheckReport mine). */}
              <span className={styles.choiceHint}>您本人和您登记的家人的检测报告</span>
            </button>
          </li>
        )}
        <li>
          <Link className={styles.choice} to={withQuery(routes.reportSearch, { type: 'idCard' })}>
            <span className={styles.choiceTitle}>按身份证号查询</span>
            <span className={styles.choiceHint}>输入受检者的 18 位身份证号</span>
          </Link>
        </li>
        <li>
          <Link className={styles.choice} to={withQuery(routes.reportSearch, { type: 'tubeCode' })}>
            <span className={styles.choiceTitle}>按采样管编码查询</span>
            <span className={styles.choiceHint}>输入或扫描采样管上的编码</span>
          </Link>
        </li>
      </ul>
    </PageShell>
  );
}
