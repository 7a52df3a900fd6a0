import type { Answers, Questionnaire } from '@/types/api';
import { answerLabels } from '../answers';
import styles from '../questionnaires.module.css';

/** A submitted answer sheet, read-only: each question with the answer given next to it. */
export function AnswerView({ questionnaire, answers }: { questionnaire: Questionnaire; answers: Answers }) {
  return (
    <ol aria-label="答题情况" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {questionnaire.questions.map((question, index) => {
        const labels = answerLabels(question, answers[question.id]);
        return (
          <li key={question.id} className={styles.question}>
            <h3 className={styles.questionTitle}>
              {index + 1}. {question.title}
            </h3>
            {labels.length === 0 ? (
              <p className={styles.unanswered}>未作答</p>
            ) : question.type === 'multiple' ? (
              <ul className={styles.answerList} aria-label="所选答案">
                {labels.map((label) => (
                  <li key={label}>{label}</li>
                ))}
              </ul>
            ) : (
              <p className={styles.answer}>
                <span className="visually-hidden">答案：</span>
                {labels[0]}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
