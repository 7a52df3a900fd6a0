import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, ProgressBar } from 'antd-mobile';
import { useRef, useState } from 'react';
import { PageShell } from '@/components/page-shell';
import { toast, toastSuccess } from '@/lib/feedback';
import { isApiError } from '@/lib/http';
import { usePersistentState } from '@/lib/use-persistent-state';
import { useTapGuard } from '@/lib/use-tap-guard';
import { API_STATUS, type Id, type Questionnaire, type ResponseSubmitPayload } from '@/types/api';
import { incompleteQuestionFrom, submitResponse } from '@/api/questionnaires';
import { invalidateReads, RESPONSE_READS } from '@/api/read-keys';
import { cleanAnswers, countAnswered, isAnswered, unansweredRequired, type AnswerValue } from '../answers';
import { localDraftSchema } from '../draft-storage';
import { useAutosave, type SaveStatus } from '../use-autosave';
import { QuestionField } from './question-field';
import { QuestionnaireIntro } from './questionnaire-intro';
import { SUBMIT_ANSWERS_LABEL } from '../labels';
import styles from '../questionnaires.module.css';

const REQUIRED_MESSAGE = '请回答此题';

const SAVE_STATUS_TEXT: Record<SaveStatus, string> = {
  idle: '',
  saving: '正在保存…',
  saved: '已自动保存',
  failed: '保存失败，将在恢复网络后重试',
};

export interface QuestionnaireFormProps {
  questionnaire: Questionnaire;
  registrationId?: Id;
  /** Whose questionnaire it is, when known. */
  personName?: string;
  /** Whether that person is the one signed in (see DetailPlan). */
  personIsUser?: boolean;
  /** usePersistentState key of this answer sheet (see draftStorageKey). */
  storageKey: string;
  /** The server draft this sheet continues, if any. */
  responseId?: Id;
  fallbackPath?: string;
  /** With the submitted response's id, when the server's answer or the draft says it. */
  onSubmitted: (responseId: Id | undefined) => void;
}

/**
 * Filling in a questionnaire: answers are kept on this device as they change and autosaved to a
 * server draft; required questions are checked on submit, with the message at the question.
 */
export function QuestionnaireForm({
  questionnaire,
  registrationId,
  personName,
  personIsUser,
  storageKey,
  responseId,
  fallbackPath,
  onSubmitted,
}: QuestionnaireFormProps) {
  const draft = usePersistentState(storageKey, localDraftSchema, { responseId, answers: {} });
  const answersRef = useRef(draft.value.answers);
  const fieldRefs = useRef(new Map<Id, HTMLFieldSetElement>());
  const [errors, setErrors] = useState<Record<Id, string>>({});
  const guard = useTapGuard();
  const queryClient = useQueryClient();
  const submission = useMutation({
    mutationFn: (payload: ResponseSubmitPayload) => submitResponse(payload),
    onSuccess: () => invalidateReads(queryClient, RESPONSE_READS),
  });
  // Still busy once submitted: the page is on its way to the next one.
  const submitting = submission.isPending || submission.isSuccess;

  const autosave = useAutosave({
    questionnaireId: questionnaire.id,
    registrationId,
    responseId: draft.value.responseId ?? responseId,
    getAnswers: () => cleanAnswers(questionnaire, answersRef.current),
    onResponseId: (id) => draft.setValue((previous) => ({ ...previous, responseId: id })),
  });

  const answers = draft.value.answers;
  const total = questionnaire.questions.length;
  const answered = countAnswered(questionnaire, answers);
  const percent = total === 0 ? 0 : Math.round((answered / total) * 100);

  const change = (questionId: Id, value: AnswerValue) => {
    answersRef.current = { ...answersRef.current, [questionId]: value };
    draft.setValue((previous) => ({ ...previous, answers: { ...previous.answers, [questionId]: value } }));
    if (errors[questionId] && isAnswered(value)) {
      setErrors(({ [questionId]: _removed, ...rest }) => rest);
    }
    autosave.schedule();
  };

  const showQuestion = (questionId: Id) => {
    const element = fieldRefs.current.get(questionId);
    if (!element) return;
    element.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    element.focus({ preventScroll: true });
  };

  const markMissing = (questionIds: Id[]) => {
    setErrors(Object.fromEntries(questionIds.map((id) => [id, REQUIRED_MESSAGE])));
    // After React has rendered the messages, so a screen reader hears the question with its message.
    window.setTimeout(() => showQuestion(questionIds[0]), 0);
  };

  const submit = () =>
    guard.run(async () => {
      const missing = unansweredRequired(questionnaire, answersRef.current);
      if (missing.length > 0) {
        markMissing(missing.map((question) => question.id));
        toast(`还有 ${missing.length} 道必答题未回答`);
        return;
      }
      try {
        const id = await autosave.settle();
        const submittedId = await submission.mutateAsync({
          id,
          questionnaireId: questionnaire.id,
          registrationId,
          answers: cleanAnswers(questionnaire, answersRef.current),
        });
        autosave.cancel();
        draft.clear();
        toastSuccess('提交成功');
        onSubmitted(submittedId ?? id);
      } catch (error) {
        // The failure itself was shown by the central toast; the answers stay (local copy and draft).
        if (
          isApiError(error) &&
          error.kind === 'business' &&
          error.code === API_STATUS.questionnaireIncomplete
        ) {
          const questionId = incompleteQuestionFrom(error.body);
          if (questionId && questionnaire.questions.some((question) => question.id === questionId))
            markMissing([questionId]);
        }
      }
    });

  const statusText = SAVE_STATUS_TEXT[autosave.status];

  return (
    <PageShell
      // The route's title (历史问卷详情) names the spec's page; its heading says what the person does.
      title="填写问卷"
      fallbackPath={fallbackPath}
      footer={
        <Button
          block
          color="primary"
          size="large"
          loading={submitting}
          loadingText="正在提交…"
          disabled={submitting}
          onClick={() => void submit()}
        >
          {SUBMIT_ANSWERS_LABEL}
        </Button>
      }
    >
      <QuestionnaireIntro questionnaire={questionnaire} personName={personName} personIsUser={personIsUser} />

      <div className={styles.progress}>
        <div className={styles.progressText}>
          <span>
            已答 {answered}/{total} 题
          </span>
          <span
            className={`${styles.saveStatus} ${autosave.status === 'failed' ? styles.saveStatusFailed : ''}`}
            role="status"
            aria-live="polite"
          >
            {statusText}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="答题进度"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={answered}
          aria-valuetext={`已答 ${answered} 题，共 ${total} 题`}
        >
          <ProgressBar percent={percent} />
        </div>
      </div>

      <form
        aria-labelledby="questionnaire-title"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {questionnaire.questions.map((question, index) => (
          <QuestionField
            key={question.id}
            ref={(element) => {
              if (element) fieldRefs.current.set(question.id, element);
              else fieldRefs.current.delete(question.id);
            }}
            question={question}
            index={index + 1}
            value={answers[question.id]}
            onChange={(value) => change(question.id, value)}
            error={errors[question.id]}
            disabled={submitting}
          />
        ))}
      </form>
    </PageShell>
  );
}
