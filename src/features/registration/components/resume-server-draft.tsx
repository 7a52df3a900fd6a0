import type { ReactNode } from 'react';
import { ErrorState } from '@/components/async-view';
import type { Id } from '@/types/api';
import type { RegistrationDraft } from '../registration-draft';
import { useResumeServerDraft, type ResumeOutcome } from '../use-resume-server-draft';

export interface ResumeServerDraftProps {
  draftId: Id;
  local: RegistrationDraft;
  replace: (next: RegistrationDraft) => void;
  done: (outcome: ResumeOutcome) => void;
  /** Shown while the registration loads (the page shows the same while this component's code loads). */
  loading: ReactNode;
}

/**
 * 继续填写 on /infoEnter?draft=<id>: loads the saved registration into the form (useResumeServerDraft)
 * and shows that it is loading, or why it did not load with 重试.
 */
export function ResumeServerDraft({ draftId, local, replace, done, loading }: ResumeServerDraftProps) {
  const resume = useResumeServerDraft(draftId, local, replace, done);
  if (resume.loading) return loading;
  if (resume.error !== null)
    return <ErrorState title="保存的登记没有载入" error={resume.error} onRetry={resume.retry} />;
  return null;
}
