import type { Answers, Question, Questionnaire } from '@/types/api';

export type AnswerValue = string | string[];

/** A single/text answer counts when it has non-blank text; a multiple answer when it has a choice. */
export function isAnswered(answer: AnswerValue | undefined): boolean {
  if (answer === undefined) return false;
  if (Array.isArray(answer)) return answer.length > 0;
  return answer.trim() !== '';
}

export function countAnswered(questionnaire: Questionnaire, answers: Answers): number {
  return questionnaire.questions.filter((question) => isAnswered(answers[question.id])).length;
}

/** Required questions without an answer, in questionnaire order. */
export function unansweredRequired(questionnaire: Questionnaire, answers: Answers): Question[] {
  return questionnaire.questions.filter((question) => question.required && !isAnswered(answers[question.id]));
}

export function hasAnyAnswer(answers: Answers | undefined): boolean {
  return !!answers && Object.values(answers).some((answer) => isAnswered(answer));
}

/** The answer as the user chose it: option labels for choices, the text for text questions. */
export function answerLabels(question: Question, answer: AnswerValue | undefined): string[] {
  if (!isAnswered(answer) || answer === undefined) return [];
  if (question.type === 'text') return [String(answer)];
  const values = Array.isArray(answer) ? answer : [answer];
  return values.map((value) => question.options?.find((option) => option.value === value)?.label ?? value);
}

/** Only answers to questions of this questionnaire, blank ones dropped: what is sent to the server. */
export function cleanAnswers(questionnaire: Questionnaire, answers: Answers): Answers {
  const result: Answers = {};
  for (const question of questionnaire.questions) {
    const answer = answers[question.id];
    if (isAnswered(answer)) result[question.id] = answer;
  }
  return result;
}
