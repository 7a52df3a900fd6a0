import { Tag } from 'antd-mobile';
import { formatDateTime } from '@/lib/date-time';
import { Link } from 'react-router';
import { withQuery, type AppPath } from '@/config/paths';
import { labelOf, RESPONSE_STATUS_LABELS, type QuestionnaireResponse } from '@/types/api';
import content from '@/styles/content.module.css';
import styles from '../questionnaires.module.css';

/** One response in the history: questionnaire, status, whose (for staff) and when. */
export function ResponseCard({
  response,
  detailPath,
}: {
  response: QuestionnaireResponse;
  detailPath: AppPath;
}) {
  const submitted = response.status === 'submitted';
  const when = submitted ? (response.submittedAt ?? response.updatedAt) : response.updatedAt;
  return (
    <Link className={content.card} to={withQuery(detailPath, { responseId: response.id })}>
      <span className={styles.cardTitle}>{response.questionnaireTitle}</span>
      <span className={styles.cardMeta}>
        <Tag color={submitted ? 'success' : 'warning'} fill="outline" className={styles.tag}>
          {labelOf(RESPONSE_STATUS_LABELS, response.status)}
        </Tag>
        {response.personName && <span>{response.personName}</span>}
        <span>
          {submitted ? '提交于 ' : '保存于 '}
          <time dateTime={when}>{formatDateTime(when)}</time>
        </span>
      </span>
      {!submitted && <span className={styles.introText}>未提交，点击继续填写</span>}
    </Link>
  );
}
