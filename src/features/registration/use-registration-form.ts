import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { getRegistrationDetail } from '@/api/registration/get-registration-detail';
import { registerAndBind } from '@/api/sampling/register-and-bind';
import { audiencePages, type UserAudience } from '@/config/audience';
import { withQuery } from '@/config/paths';
import {
  enqueueBind,
  findQueuedTube,
  flushQueueSoon,
  useOfflineQueue,
  useQueueWaitLine,
} from '@/features/offline-queue';
import { toast, toastFail } from '@/lib/feedback';
import { showError } from '@/lib/http';
import { normalizeIdCard } from '@/lib/id-card';
import { normalizeTubeCode } from '@/lib/tube-code';
import { useTapGuard } from '@/lib/use-tap-guard';
import type { Id } from '@/types/api';
import { outcomeView, type EntryLocationState, type OutcomeView } from './bind-failure';
import {
  confirmOutsideScreeningAge,
  confirmRegistration,
  explainRegisteredElsewhere,
  offerExistingRegistration,
  offerOfflineQueue,
} from './components/registration-dialogs';
import { formHasContent, toRegistrationInput, type RegistrationForm } from './registration-draft';
import { useRegistrationDraft } from './registration-draft-store';
import { derivedFromIdCard } from './registration-form-values';
import { usePersonForm } from './use-person-form';
import { useRegisteredIdCard } from './use-registered-id-card';
import type { ResumeOutcome } from './use-resume-server-draft';
import { useServerDraft } from './use-server-draft';
import { focusControl, useTubeFields } from './use-tube-fields';

/**
 * Where the submit is: waiting for the ID-card lookup ('checking'), asking the person ('confirming'),
 * submitting the registration ('saving'), binding the tube ('binding'), offering the offline queue
 * ('offline'), or finished and leaving the page ('done').
 */
export type SubmitPhase = 'idle' | 'checking' | 'confirming' | 'saving' | 'binding' | 'offline' | 'done';

const QUEUED_MESSAGES = {
  network: '网络不可用，已保存到待发送队列，恢复网络后将自动提交',
  server: '服务器暂时繁忙，已保存到待发送队列，稍后将自动提交',
} as const;

const FORM_NAME = 'registration';

/** Whether this account may open registration `id` (the server shows a check user only their own). */
function canOpenRegistration(id: Id | undefined): Promise<boolean> {
  if (!id) return Promise.resolve(false);
  return getRegistrationDetail({ id }, { silent: true }).then(
    () => true,
    () => false,
  );
}

function fieldElement(name: string): HTMLElement | null {
  return document.getElementById(`${FORM_NAME}_${name}`);
}

/**
 * 信息录入, the whole of it: the signed-in account's draft (its store), the person fields and their
 * messages, the ID-card lookup, the tube section with the collection time and its default, the server
 * draft (staff), and 提交 / 提交并绑定: checks, asks, registers the person and binds the tube with
 * registerAndBind, and shows the outcome (outcomeView: the next page, a field, /bindErr, a line on the
 * page, the offline queue). Nothing typed is lost on any failure: the draft store keeps it, with the id
 * of a registration saved on the way, so a retry (here or from /bindErr) binds that one.
 * The page renders what this returns.
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
    formName: FORM_NAME,
    form,
    editForm: store.editForm,
    tubeQueued: isWork && findQueuedTube(queue.entries, form.tubeCode) !== undefined,
    handedBack: (location.state as EntryLocationState | null)?.problem,
    collectedAtOptional: !isWork,
  });
  const { collectedAt } = tube;
  const person = usePersonForm(form, store.editForm, FORM_NAME);
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

  /** Checks every field; shows each message at its field and focuses the first one. */
  const validate = (): boolean => {
    const failed = person.checkAll();
    const tubeCheck = tube.check();
    focusControl((failed.length > 0 ? fieldElement(failed[0]) : null) ?? tubeCheck.first);
    return failed.length === 0 && tubeCheck.ok;
  };

  const [phase, setPhaseState] = useState<SubmitPhase>('idle');
  /** The phase as of now (the state is the phase as last rendered). */
  const phaseNow = useRef<SubmitPhase>('idle');
  const guard = useTapGuard();
  const [pageError, setPageError] = useState<string | null>(null);
  /** The ID card whose out-of-range age the person accepted with 仍要登记: not asked again for it. */
  const ageAcceptedFor = useRef<string | null>(null);

  const setPhase = (next: SubmitPhase) => {
    phaseNow.current = next;
    setPhaseState(next);
  };

  const openRegistration = (id: Id | undefined) => {
    if (id) void navigate(withQuery(routes.registrationDetail, { id }));
  };

  /**
   * The ID card is registered: its registration is offered when this person can open it; a check user
   * is shown only their own, so for anyone else's they are told what to do instead.
   */
  const offerExisting = async (id: Id | undefined, message?: string) => {
    if (!isWork && !(await canOpenRegistration(id))) {
      await explainRegisteredElsewhere();
      return;
    }
    if (await offerExistingRegistration(message)) openRegistration(id);
  };

  /** Asks before anything is sent; false when the person stopped. */
  const confirm = async (form: RegistrationForm): Promise<boolean> => {
    let conflict = registered.conflict;
    // Looked up while the ID card was typed; only a lookup still under way is waited for, on the button.
    if (registered.pending) {
      setPhase('checking');
      conflict = await registered.check(form.idCard);
    }
    setPhase('confirming');
    if (conflict) {
      await offerExisting(conflict.registration.id);
      return false;
    }
    const idCard = normalizeIdCard(form.idCard);
    const { age, outsideScreeningAge } = derivedFromIdCard(idCard);
    if (outsideScreeningAge && ageAcceptedFor.current !== idCard) {
      if (!(await confirmOutsideScreeningAge(age))) {
        focusControl(fieldElement('idCard'));
        return false;
      }
      ageAcceptedFor.current = idCard;
    }
    return confirmRegistration({
      name: form.name.trim(),
      idCard: form.idCard,
      tubeCode: normalizeTubeCode(form.tubeCode),
      collectedAt,
    });
  };

  /** Not sent (no network, a busy server): offer the offline queue; accepted, the form starts afresh. */
  const offerQueue = async (form: RegistrationForm, view: Extract<OutcomeView, { show: 'queue' }>) => {
    const { step, registrationId: savedId } = view;
    setPhase('offline');
    if (!(await offerOfflineQueue(view.message, step, view.cause))) return;
    const queued = enqueueBind({
      registrationInput: toRegistrationInput(form, savedId ?? store.getState().server.registrationId),
      // Saved in this attempt: the queue only binds. An id from an earlier attempt is in the input
      // instead, so the queue submits the current fields to that registration first.
      registrationId: step === 'bind' ? savedId : undefined,
      tubeCode: normalizeTubeCode(form.tubeCode),
      collectedAt,
      failure: { message: view.message, waitingFor: view.cause, retryAfterMs: view.retryAfterMs },
    });
    if (!queued.ok) {
      toastFail(queued.message);
      return;
    }
    // Sets the queue's timer for the entry's first automatic attempt.
    flushQueueSoon();
    store.clear();
    resetMessages();
    window.scrollTo({ top: 0 });
    toast(QUEUED_MESSAGES[view.cause]);
  };

  const send = async (form: RegistrationForm) => {
    setPhase('saving');
    // The unfinished registration saved on the server is the one submitted (never a second record).
    store.holdSaves(true);
    const registrationId = await store.settle();
    const outcome = await registerAndBind(
      { registration: toRegistrationInput(form, registrationId), tubeCode: form.tubeCode, collectedAt },
      {
        idCardRegistered: 'report',
        onRegistrationSaved: (id) => {
          store.markSubmitted(id);
          setPhase('binding');
        },
      },
    );
    const view = outcomeView(outcome, { place: 'form', audience });
    switch (view.show) {
      case 'bound':
        setPhase('done');
        store.clear();
        void navigate(view.to ?? routes.registrationEnter, { replace: true });
        return;
      case 'page':
        void navigate(view.to, { replace: view.replace, state: view.state });
        return;
      case 'line':
        setPageError(view.text);
        return;
      case 'existing':
        setPhase('confirming');
        await offerExisting(view.registrationId, view.message);
        return;
      case 'field':
        tube.showProblem(view.field, view.message);
        return;
      case 'queue':
        await offerQueue(form, view);
        return;
      case 'error':
        showError(view.error);
        return;
    }
  };

  const submit = () =>
    guard.run(async (leave) => {
      try {
        setPageError(null);
        if (!validate()) return;
        // The time shown is the time submitted, and kept with the draft should this attempt fail.
        if (draft.form.collectedAt !== collectedAt) store.editForm({ collectedAt });
        const form: RegistrationForm = { ...draft.form, collectedAt };
        if (!(await confirm(form))) return;
        await send(form);
      } catch {
        toastFail('提交没有成功，请稍后重试');
      } finally {
        store.holdSaves(false);
        if (phaseNow.current === 'done') leave();
        else setPhase('idle');
      }
    });

  const busy = phase === 'checking' || phase === 'saving' || phase === 'binding' || phase === 'done';
  return {
    isWork,
    /** Prefixes the controls' ids. */
    formName: FORM_NAME,
    draft,
    store,
    person,
    /** The typed ID card is registered already (the lookup while typing): the page offers that record. */
    idCardConflict: registered.conflict,
    openConflict: () => openRegistration(registered.conflict?.registration.id),
    checkIdCard: () => void registered.check(form.idCard),
    tube: tube.props,
    serverDraft,
    /** The draft was restored from an earlier visit (已恢复上次未提交的内容 with 清空). */
    restored,
    clearDraft: () => {
      store.clear();
      resetMessages();
    },
    pendingCount: isWork ? queue.pendingCount : 0,
    /** What the waiting registrations wait for (the network, a busy server, a sign-in), in one line. */
    pendingWait: isWork ? queueWait.line : null,
    resumeDraftId: isWork ? searchParams.get('draft') : null,
    resumeDone,
    phase,
    busy,
    submit,
    pageError,
  };
}
