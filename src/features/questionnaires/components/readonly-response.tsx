import { Button, Tag } from 'antd-mobile';
import { formatDateTime } from '@/lib/date-time';
import { PageShell } from '@/components/page-shell';
import { labelOf, RESPONSE_STATUS_LABELS, type QuestionnaireResponseDetail } from '@/types/api';
import { AnswerView } from './answer-view';
import styles from '../questionnaires.module.css';

export interface ReadonlyResponseProps {
  response: QuestionnaireResponseDetail;
  /** Reached from a registration that already has a submitted sheet. */
  alreadySubmitted: boolean;
  /** Shown as a "返回" action when the user came from another page (e.g. the registration form). */
  onReturn?: () => void;
  fallbackPath?: string;
}

/** A submitted response: the answers next to their questions, nothing editable. */
export function ReadonlyResponse({
  response,
  alreadySubmitted,
  onReturn,
  fallbackPath,
}: ReadonlyResponseProps) {
  const when = response.submittedAt ?? response.updatedAt;
  return (
    <PageShell
      fallbackPath={fallbackPath}
      footer={
        onReturn && (
          <Button block color="primary" size="large" onClick={onReturn}>
            返回上一页
          </Button>
        )
      }
    >
      <section className={styles.intro} aria-labelledby="questionnaire-title">
        <h2 id="questionnaire-title" className={styles.introTitle}>
          {response.questionnaire.title}
        </h2>
        {alreadySubmitted && <p className={styles.introText}>该问卷已提交，以下是提交的答案。</p>}
        <div className={styles.statusLine}>
          <Tag color="success" fill="outline" className={styles.tag}>
            {labelOf(RESPONSE_STATUS_LABELS, response.status)}
          </Tag>
          {/* Whom the answers are about (the registration's person); who typed them is not known. */}
          {response.personName && <span>受检者：{response.personName}</span>}
          {when && (
            <span>
              提交时间：<time dateTime={when}>{formatDateTime(when)}</time>
            </span>
          )}
        </div>
      </section>
      <AnswerView questionnaire={response.questionnaire} answers={response.answers} />
    </PageShell>
  );
}
