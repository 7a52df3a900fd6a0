import { useQuery } from '@tanstack/react-query';
import { registrationQuery } from '@/api/registration/get-registration-detail';
import type { Id, Registration } from '@/types/api';
import { useEffect, useRef } from 'react';
import { confirmReplaceLocalDraft } from './components/registration-dialogs';
import { normalizeTubeCode } from '@/lib/tube-code';
import {
  draftFromServerDraft,
  formHasContent,
  unsavedServerDraft,
  type RegistrationDraft,
} from './registration-draft';
import { useLatest } from '@/lib/use-latest';

/** True when the phone's draft holds something the server does not: replacing it would lose work. */
function onlyOnThisPhone(local: RegistrationDraft): boolean {
  if (!formHasContent(local.form)) return false;
  if (local.server.status !== 'draft') return true;
  return unsavedServerDraft(local) !== null || normalizeTubeCode(local.form.tubeCode) !== '';
}

export type ResumeOutcome =
  | { kind: 'loaded' }
  /** The user kept the phone's draft instead. */
  | { kind: 'kept' }
  /** Submitted in the meantime (from another phone): nothing to continue. */
  | { kind: 'submitted'; registration: Registration };

/**
 * 继续填写 a registration saved on the server (/infoEnter?draft=<id>, from 待提交登记): loads it into
 * the form unless the form already holds it (the phone's copy is then at least as new). Work the phone
 * has and the server has not is replaced only when the user agrees. `done` is called once with the
 * outcome (the page then drops `draft` from the address).
 */
export function useResumeServerDraft(
  draftId: Id | null,
  local: RegistrationDraft,
  replace: (next: RegistrationDraft) => void,
  done: (outcome: ResumeOutcome) => void,
) {
  const latest = useLatest({ local, replace, done });
  const needed = draftId !== null && local.server.registrationId !== draftId;

  const apply = async (registration: Registration) => {
    const { local: current, replace: load, done: finish } = latest.current;
    if (registration.status !== 'draft') {
      finish({ kind: 'submitted', registration });
      return;
    }
    if (onlyOnThisPhone(current) && !(await confirmReplaceLocalDraft(current.form.name.trim()))) {
      finish({ kind: 'kept' });
      return;
    }
    load(draftFromServerDraft(registration));
    finish({ kind: 'loaded' });
  };

  const { data, error, isFetching, dataUpdatedAt, refetch } = useQuery({
    ...registrationQuery(needed ? draftId : null),
    // What the server has now: another phone may have saved it since this phone last read it.
    refetchOnMount: 'always',
  });
  /** The answer last loaded (by when it arrived): each answer is offered to the form once. */
  const applied = useRef(0);
  // Only an answer read by this visit (asked again on mount, not a kept one from before) is loaded.
  const answered = needed && data !== undefined && !isFetching && error === null ? data : undefined;
  useEffect(() => {
    if (!answered || applied.current === dataUpdatedAt) return;
    applied.current = dataUpdatedAt;
    void apply(answered);
  });

  return {
    loading: needed && isFetching,
    error: needed && !isFetching ? error : null,
    retry: () => void refetch(),
  };
}
