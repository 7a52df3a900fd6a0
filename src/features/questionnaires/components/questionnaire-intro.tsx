import type { Questionnaire } from '@/types/api';
import styles from '../questionnaires.module.css';

/**
 * The questionnaire's title and description above its questions (the form and the resume offer), and
 * whose questionnaire it is, so that staff filling in for several people see who this one is for. The
 * questionnaire's own words speak to the person screened as 您: filled in for someone else (a family
 * member, or by staff), it says so.
 */
export function QuestionnaireIntro({
  questionnaire,
  personName,
  personIsUser,
}: {
  questionnaire: Pick<Questionnaire, 'title' | 'description'>;
  personName?: string;
  personIsUser?: boolean;
}) {
  return (
    <section className={styles.intro} aria-labelledby="questionnaire-title">
      <h2 id="questionnaire-title" className={styles.introTitle}>
        {questionnaire.title}
      </h2>
      {personName && <p className={styles.introText}>受检者：{personName}</p>}
      {personName && personIsUser === false && (
        <p className={styles.introText}>
          问卷里的“您”指{personName}，请按{personName}的情况填写。
        </p>
      )}
      {questionnaire.description && <p className={styles.introText}>{questionnaire.description}</p>}
    </section>
  );
}
