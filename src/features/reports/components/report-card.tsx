import { formatDate } from '@/lib/date-time';
import { Link } from 'react-router';
import { withQuery } from '@/config/paths';
import { formatMaskedIdCard } from '@/lib/id-card';
import type { CheckReport } from '@/types/api';
import type { AppPath } from '@/config/paths';
import { ReportResultTag } from './report-result-tag';
import styles from './report-card.module.css';

export interface ReportCardProps {
  report: CheckReport;
  detailPath: AppPath;
}

/** A report in a list: who, which tube and test, when, and the result. Opens the detail (id in the query only). */
export function ReportCard({ report, detailPath }: ReportCardProps) {
  return (
    <Link className={styles.card} to={withQuery(detailPath, { id: report.id })}>
      <span className={styles.top}>
        <span className={styles.name}>{report.personName}</span>
        <ReportResultTag className={styles.tag} result={report.result} />
      </span>
      <dl className={styles.fields}>
        <div>
          <dt>身份证号</dt>
          <dd>{formatMaskedIdCard(report.idCard)}</dd>
        </div>
        <div>
          <dt>采样管编码</dt>
          <dd>{report.tubeCode}</dd>
        </div>
        <div>
          <dt>检测项目</dt>
          <dd>{report.testItem}</dd>
        </div>
        <div>
          <dt>报告日期</dt>
          <dd>
            <time dateTime={report.reportedAt}>{formatDate(report.reportedAt)}</time>
          </dd>
        </div>
      </dl>
      <span className={styles.more} aria-hidden="true">
        查看详情 ›
      </span>
    </Link>
  );
}
