import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { invalidateReads, readKeys } from '@/api/read-keys';
import { PageShell } from '@/components/page-shell';
import { removePersisted, writePersisted } from '@/lib/use-persistent-state';
import type { Answers, Id, Questionnaire, QuestionnaireResponse } from '@/types/api';
import { updateResponse } from '@/api/questionnaires';
import { countAnswered, hasAnyAnswer } from '../answers';
import type { LocalDraft } from '../draft-storage';
import { QuestionnaireIntro } from './questionnaire-intro';

export interface ResumeOfferProps {
  questionnaire: Questionnaire;
  /** Whose questionnaire it is, when known. */
  personName?: string;
  /** Whether that person is the one signed in (see DetailPlan). */
  personIsUser?: boolean;
  storageKey: string;
  local?: LocalDraft;
  server?: QuestionnaireResponse;
  fallbackPath?: string;
  /** The choice is made and stored: fill in, continuing the given server draft (if any). */
  onReady: (responseId: string | undefined) => void;
}

/** A returning user's unsubmitted answers: 继续填写 keeps them, 重新开始 empties the sheet. */
export function ResumeOffer({
  questionnaire,
  personName,
  personIsUser,
  storageKey,
  local,
  server,
  fallbackPath,
  onReady,
}: ResumeOfferProps) {
  // This device's copy is the newest one; the server draft is the one autosave continues.
  const answers: Answers = (hasAnyAnswer(local?.answers) ? local?.answers : server?.answers) ?? {};
  const answered = countAnswered(questionnaire, answers);
  const total = questionnaire.questions.length;
  const queryClient = useQueryClient();
  // Quiet: the sheet works without it.
  const emptyServerDraft = useMutation({
    mutationFn: (id: Id) => updateResponse({ id, answers: {} }, { silent: true }),
    onSuccess: () => invalidateReads(queryClient, [readKeys.responses, readKeys.checkHome]),
  });

  const resume = () => {
    writePersisted<LocalDraft>(storageKey, { responseId: server?.id, answers });
    onReady(server?.id);
  };

  const restart = () => {
    removePersisted(storageKey);
    // Empty the server draft too, so the old answers are not offered again.
    if (server) emptyServerDraft.mutate(server.id);
    onReady(server?.id);
  };

  return (
    <PageShell fallbackPath={fallbackPath}>
      <QuestionnaireIntro questionnaire={questionnaire} personName={personName} personIsUser={personIsUser} />
      <Dialog
        visible
        aria-label="继续上次的填写？"
        title="继续上次的填写？"
        content={`您上次已回答 ${answered}/${total} 题，尚未提交。`}
        actions={[
          { key: 'resume', text: '继续填写', bold: true },
          { key: 'restart', text: '重新开始' },
        ]}
        onAction={(action) => (action.key === 'resume' ? resume() : restart())}
      />
    </PageShell>
  );
}
