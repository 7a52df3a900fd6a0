import type { Questionnaire } from '@/types/api';
import styles from '../questionnaires.module.css';

/**
 * The questionnaire's title and description above its questions (the form and the resume offer), and
 * whose questionnaire it is, so that staff filling in for several people see who this one is for.
 */
export function QuestionnaireIntro({
  questionnaire,
  personName,
}: {
  questionnaire: Pick<Questionnaire, 'title' | 'description'>;
  personName?: string;
}) {
  return (
    <section className={styles.intro} aria-labelledby="questionnaire-title">
      <h2 id="questionnaire-title" className={styles.introTitle}>
        {questionnaire.title}
      </h2>
      {personName && <p className={styles.introText}>受检者：{personName}</p>}
      {questionnaire.description && <p className={styles.introText}>{questionnaire.description}</p>}
    </section>
  );
}
