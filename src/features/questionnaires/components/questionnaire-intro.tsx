import type { Questionnaire } from '@/types/api';
import styles from '../questionnaires.module.css';

/** The questionnaire's title and description above its questions (the form and the resume offer). */
export function QuestionnaireIntro({
  questionnaire,
}: {
  questionnaire: Pick<Questionnaire, 'title' | 'description'>;
}) {
  return (
    <section className={styles.intro} aria-labelledby="questionnaire-title">
      <h2 id="questionnaire-title" className={styles.introTitle}>
        {questionnaire.title}
      </h2>
      {questionnaire.description && <p className={styles.introText}>{questionnaire.description}</p>}
    </section>
  );
}
