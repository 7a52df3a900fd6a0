import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { audiencePages, type UserAudience } from '@/config/audience';
import { withQuery } from '@/config/paths';
import { findQueuedTube, useOfflineQueue, useQueueWaitLine } from '@/features/offline-queue';
import { toast } from '@/lib/feedback';
import type { Id } from '@/types/api';
import type { EntryLocationState } from './bind-failure';
import { formHasContent } from './registration-draft';
import { useRegistrationDraft } from './registration-draft-store';
import { usePersonForm } from './use-person-form';
import { useRegisteredIdCard } from './use-registered-id-card';
import type { ResumeOutcome } from './use-resume-server-draft';
import { useServerDraft } from './use-server-draft';
import { useTubeFields } from './use-tube-fields';

/** Prefixes the entry form's control ids. */
export const REGISTRATION_FORM_NAME = 'registration';

/**
 * 信息录入's fields: the signed-in account's draft (its store), the person fields and their messages, the
 * ID-card lookup, the tube section with the collection time and its default, the server draft (staff)
 * and 继续填写. The draft store keeps everything typed; submitting is useRegistrationSubmit's.
 */
export function useRegistrationForm(audience: UserAudience) {
  const isWork = audience === 'work';
  const routes = audiencePages(audience);
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // The signed-in account's draft: another account on this phone neither sees nor continues it.
  const [draft, store] = useRegistrationDraft();
  const { form, server } = draft;
  const [restored, setRestored] = useState(() => formHasContent(form));

  const registered = useRegisteredIdCard(server.registrationId, form.idCard);
  // Staff only: what waits in the offline queue (check users never queue).
  const queue = useOfflineQueue();
  const queueWait = useQueueWaitLine(queue);
  const tube = useTubeFields({
    formName: REGISTRATION_FORM_NAME,
    form,
    editForm: store.editForm,
    tubeQueued: isWork && findQueuedTube(queue.entries, form.tubeCode) !== undefined,
    handedBack: (location.state as EntryLocationState | null)?.problem,
    collectedAtOptional: !isWork,
  });
  const person = usePersonForm(form, store.editForm, REGISTRATION_FORM_NAME);
  const serverDraft = useServerDraft(store, draft, isWork && !registered.conflict);
  // The person has an unfinished registration of this account already: continue that record.
  const ownDraftId = isWork && !server.registrationId ? registered.ownDraftId : undefined;
  useEffect(() => {
    if (ownDraftId) store.continueServerDraft(ownDraftId);
  }, [ownDraftId, store]);

  const resetMessages = () => {
    person.setFieldErrors({});
    setRestored(false);
    tube.reset();
  };

  /** 继续填写 (?draft=<id>, staff) has loaded, or found the registration submitted already. */
  const resumeDone = (outcome: ResumeOutcome) => {
    if (outcome.kind === 'loaded') {
      person.setFieldErrors({});
      setRestored(false);
    } else if (outcome.kind === 'submitted') {
      toast('这条登记已经提交，不需要继续填写');
      void navigate(withQuery(routes.registrationDetail, { id: outcome.registration.id }), { replace: true });
      return;
    }
    // Loaded once: a reload finds it in the phone's draft, and 清空 must not bring it back.
    void navigate(routes.registrationEnter, { replace: true });
  };

  return {
    isWork,
    draft,
    store,
    person,
    tube,
    /** The typed ID card's lookup: a registration of it already (`conflict`), or the lookup under way. */
    registered,
    serverDraft,
    /** The draft was restored from an earlier visit (已恢复上次未提交的内容 with 清空). */
    restored,
    /** Clears every message: the form starts afresh. */
    resetMessages,
    openRegistration: (id: Id | undefined) => {
      if (id) void navigate(withQuery(routes.registrationDetail, { id }));
    },
    /** Registrations waiting in the offline queue (staff), and what they wait for in one line. */
    pending: isWork ? { count: queue.pendingCount, wait: queueWait.line } : { count: 0, wait: null },
    resume: { draftId: isWork ? searchParams.get('draft') : null, done: resumeDone },
  };
}

export type RegistrationFormState = ReturnType<typeof useRegistrationForm>;
