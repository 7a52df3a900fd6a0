import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { registerAndBind, type FieldProblemName } from '@/api/sampling/register-and-bind';
import { audiencePages, type UserAudience } from '@/config/audience';
import { withQuery } from '@/config/paths';
import { enqueueBind } from '@/features/offline-queue';
import { toast, toastFail } from '@/lib/feedback';
import { showError } from '@/lib/http';
import { normalizeIdCard } from '@/lib/id-card';
import { normalizeTubeCode } from '@/lib/tube-code';
import { useTapGuard } from '@/lib/use-tap-guard';
import type { Id } from '@/types/api';
import { outcomeView } from './bind-failure';
import {
  confirmOutsideScreeningAge,
  confirmRegistration,
  offerExistingRegistration,
  offerOfflineQueue,
} from './components/registration-dialogs';
import { toRegistrationInput, type RegistrationForm } from './registration-draft';
import type { RegistrationDraftState, RegistrationDraftStore } from './registration-draft-store';
import { derivedFromIdCard } from './registration-form-values';
import type { RegisteredIdCard } from './use-registered-id-card';

/**
 * Where the submit is: waiting for the ID-card lookup ('checking'), asking the person ('confirming'),
 * submitting the registration ('saving'), binding the tube ('binding'), offering the offline queue
 * ('offline'), or finished and leaving the page ('done').
 */
export type SubmitPhase = 'idle' | 'checking' | 'confirming' | 'saving' | 'binding' | 'offline' | 'done';

const QUEUED_MESSAGE = '网络不可用，已保存到待发送队列，恢复网络后将自动提交';

export interface RegistrationSubmitOptions {
  audience: UserAudience;
  draft: RegistrationDraftState;
  store: RegistrationDraftStore;
  /** The collection time the form shows (the draft's, or "now" when none was chosen). */
  collectedAt: string;
  registered: {
    conflict: RegisteredIdCard | null;
    pending: boolean;
    check: (idCard: string) => Promise<RegisteredIdCard | null>;
  };
  /** Checks every field and shows each message at its field; false when something must be fixed. */
  validate: () => boolean;
  /** The server refused the tube code or the collection time: shown at that field. */
  showFieldProblem: (field: FieldProblemName, message: string) => void;
  /** The person declined to register someone outside the screening age: back to the ID card. */
  reviewIdCard: () => void;
  /** The work went to the offline queue and the draft was emptied: the form starts afresh. */
  startAfresh: () => void;
}

/**
 * 提交 / 提交并绑定 on the entry form: checks, asks, registers the person and binds the tube with
 * registerAndBind, and shows the outcome (the next page, a field, /bindErr, a line on the page, the
 * offline queue). Nothing typed is lost on any failure: the draft store keeps it, with the id of a
 * registration saved on the way, so a retry (here or from /bindErr) binds that one.
 */
export function useRegistrationSubmit(options: RegistrationSubmitOptions) {
  const { audience, draft, store, collectedAt, registered } = options;
  const routes = audiencePages(audience);
  const navigate = useNavigate();
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
      if (await offerExistingRegistration()) openRegistration(conflict.registration.id);
      return false;
    }
    const idCard = normalizeIdCard(form.idCard);
    const { age, outsideScreeningAge } = derivedFromIdCard(idCard);
    if (outsideScreeningAge && ageAcceptedFor.current !== idCard) {
      if (!(await confirmOutsideScreeningAge(age))) {
        options.reviewIdCard();
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

  /** No network: offer the offline queue; accepted, the form starts afresh for the next person. */
  const offerQueue = async (
    form: RegistrationForm,
    message: string,
    step: 'submit' | 'bind',
    savedId: Id | undefined,
  ) => {
    setPhase('offline');
    if (!(await offerOfflineQueue(message, step))) return;
    const queued = enqueueBind({
      registrationInput: toRegistrationInput(form, savedId ?? store.getState().server.registrationId),
      // Saved in this attempt: the queue only binds. An id from an earlier attempt is in the input
      // instead, so the queue submits the current fields to that registration first.
      registrationId: step === 'bind' ? savedId : undefined,
      tubeCode: normalizeTubeCode(form.tubeCode),
      collectedAt,
    });
    if (!queued.ok) {
      toastFail(queued.message);
      return;
    }
    store.clear();
    options.startAfresh();
    toast(QUEUED_MESSAGE);
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
        if (await offerExistingRegistration(view.message)) openRegistration(view.registrationId);
        return;
      case 'field':
        options.showFieldProblem(view.field, view.message);
        return;
      case 'queue':
        await offerQueue(form, view.message, view.step, view.registrationId);
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
        if (!options.validate()) return;
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

  return { phase, submit, pageError };
}
