import { Tag } from 'antd-mobile';
import { Link } from 'react-router';
import { EmptyState } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { withQuery, type AppPath } from '@/config/paths';
import type { Id, QuestionnaireResponse, QuestionnaireSummary } from '@/types/api';
import content from '@/styles/content.module.css';
import styles from '../questionnaires.module.css';

export interface QuestionnaireChooserProps {
  questionnaires: QuestionnaireSummary[];
  /** The registration's responses, to mark questionnaires already answered. */
  responses: QuestionnaireResponse[];
  detailPath: AppPath;
  registrationId?: Id;
  returnTo?: string;
  fallbackPath?: string;
}

/**
 * Several questionnaires are published and the link named none: the user picks one. The header keeps
 * the route's title (the same words as WeChat's title bar); the list says what to do.
 */
export function QuestionnaireChooser({
  questionnaires,
  responses,
  detailPath,
  registrationId,
  returnTo,
  fallbackPath,
}: QuestionnaireChooserProps) {
  return (
    <PageShell title="选择问卷" fallbackPath={fallbackPath}>
      {questionnaires.length === 0 ? (
        <EmptyState text="暂无可填写的问卷" />
      ) : (
        <>
          <h2 className={styles.chooserHeading}>请选择要填写的问卷</h2>
          <ul aria-label="可填写的问卷" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {questionnaires.map((questionnaire) => {
              const mine = responses.filter((response) => response.questionnaireId === questionnaire.id);
              const submitted = mine.some((response) => response.status === 'submitted');
              const draft = !submitted && mine.some((response) => response.status === 'draft');
              return (
                <li key={questionnaire.id}>
                  <Link
                    className={content.card}
                    to={withQuery(detailPath, {
                      questionnaireId: questionnaire.id,
                      registrationId,
                      returnTo,
                    })}
                  >
                    <span className={styles.cardTitle}>{questionnaire.title}</span>
                    {questionnaire.description && (
                      <span className={styles.introText}>{questionnaire.description}</span>
                    )}
                    <span className={styles.cardMeta}>
                      <span>共 {questionnaire.questionCount} 题</span>
                      {submitted && (
                        <Tag color="success" fill="outline" className={styles.tag}>
                          已提交
                        </Tag>
                      )}
                      {draft && (
                        <Tag color="warning" fill="outline" className={styles.tag}>
                          未完成
                        </Tag>
                      )}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </PageShell>
  );
}
