import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { RegisterAndBindOutcome } from '@/api/registration/register-and-bind';
import { audiencePages, type UserAudience } from '@/config/audience';
import { paths, withQuery } from '@/config/paths';
import { toast, toastFail } from '@/lib/feedback';
import { showError } from '@/lib/http';
import { transientCause } from '@/lib/http/retry-policy';
import { normalizeIdCard } from '@/lib/id-card';
import { normalizeTubeCode } from '@/lib/tube-code';
import { useTapGuard } from '@/lib/use-tap-guard';
import type { Id } from '@/types/api';
import { bindFailureOf, bindFailureText, type BindErrorState } from './bind-failure';
import {
  confirmOutsideScreeningAge,
  confirmRegistration,
  offerOfflineQueue,
  offerRegisteredIdCard,
} from './components/registration-dialogs';
import { queueable, queueRegistration, type NotSent } from './queue-registration';
import type { RegistrationForm } from './registration-draft';
import { draftSubmitMutation } from './registration-draft-store';
import { derivedFromIdCard } from './registration-form-values';
import { REGISTRATION_FORM_NAME, type RegistrationFormState } from './use-registration-form';
import { focusControl } from './use-tube-fields';

const QUEUED_MESSAGES = {
  network: '网络不可用，已保存到待发送队列，恢复网络后将自动提交',
  server: '服务器暂时繁忙，已保存到待发送队列，稍后将自动提交',
} as const;

function fieldElement(name: string): HTMLElement | null {
  return document.getElementById(`${REGISTRATION_FORM_NAME}_${name}`);
}

/**
 * 提交 / 提交并绑定 of 信息录入: checks the fields, asks, registers the person and binds the tube
 * (draftSubmitMutation), and shows what the form meets of the outcome: the next page, a field,
 * /bindErr (staff) or a line (check users), the existing registration, or the offline queue (staff).
 * `waiting` is what the button shows it waits for: the ID-card lookup or the server.
 */
export function useRegistrationSubmit(fields: RegistrationFormState, audience: UserAudience) {
  const { isWork, draft, store, person, tube, registered } = fields;
  const navigate = useNavigate();
  const guard = useTapGuard();
  const sending = useMutation(draftSubmitMutation(store));
  const [pageError, setPageError] = useState<string | null>(null);
  /** The ID card whose out-of-range age the person accepted with 仍要登记: not asked again for it. */
  const ageAcceptedFor = useRef<string | null>(null);

  const offerExisting = async (id: Id | undefined, message?: string) => {
    if (await offerRegisteredIdCard(id, audience, message)) fields.openRegistration(id);
  };

  /** Checks every field; shows each message at its field and focuses the first one. */
  const validate = (): boolean => {
    const failed = person.checkAll();
    const tubeCheck = tube.check();
    focusControl((failed.length > 0 ? fieldElement(failed[0]) : null) ?? tubeCheck.first);
    return failed.length === 0 && tubeCheck.ok;
  };

  /** Asks before anything is sent; false when the person stopped. */
  const confirm = async (form: RegistrationForm): Promise<boolean> => {
    // Looked up while the ID card was typed; only a lookup still under way is waited for, on the button.
    const conflict = registered.pending ? await registered.check(form.idCard) : registered.conflict;
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
    const { name, tubeCode, collectedAt } = form;
    return confirmRegistration({
      name: name.trim(),
      idCard: form.idCard,
      tubeCode: normalizeTubeCode(tubeCode),
      collectedAt: collectedAt ?? '',
    });
  };

  /** Offers the offline queue (staff) for a registration the server did not get; accepted, a fresh form. */
  const offerQueue = async (outcome: NotSent) => {
    const cause = transientCause(outcome.error);
    if (!(await offerOfflineQueue(outcome.message, outcome.step, cause))) return;
    const queued = queueRegistration(store.getState(), outcome);
    if (!queued.ok) {
      toastFail(queued.message);
      return;
    }
    store.clear();
    toast(QUEUED_MESSAGES[cause]);
    fields.resetMessages();
    window.scrollTo({ top: 0 });
  };

  /** Shows what the form meets of the outcome; true when the page is left for the result. */
  const show = async (outcome: RegisterAndBindOutcome): Promise<boolean> => {
    switch (outcome.kind) {
      case 'bound': {
        const success = audiencePages(audience).registrationSuccess;
        void navigate(withQuery(success, { id: outcome.registrationId }), { replace: true });
        return true;
      }
      case 'refused':
      case 'saved-without-id': {
        const { reason, message } = bindFailureOf(outcome);
        // Staff retry from /bindErr; a check user reads why on the form.
        if (!isWork) setPageError(bindFailureText(reason, message));
        else
          void navigate(withQuery(paths.bindErr, { reason }), {
            state: { fromForm: true, message } satisfies BindErrorState,
          });
        return false;
      }
      case 'field':
        tube.showProblem(outcome.field, outcome.message);
        return false;
      case 'id-card-registered':
        await offerExisting(outcome.registrationId, outcome.message);
        return false;
      case 'not-sent':
      case 'rejected':
        if (isWork && queueable(outcome)) await offerQueue(outcome);
        else showError(outcome.error);
        return false;
    }
  };

  const submit = () =>
    guard.run(async (leave) => {
      try {
        setPageError(null);
        if (!validate()) return;
        // The time shown is the time submitted, and kept with the draft should this attempt fail.
        const { collectedAt } = tube;
        if (draft.form.collectedAt !== collectedAt) store.editForm({ collectedAt });
        if (!(await confirm({ ...draft.form, collectedAt }))) return;
        if (await show(await sending.mutateAsync())) leave();
      } catch {
        toastFail('提交没有成功，请稍后重试');
      }
    });

  // Bound, the button stays busy until the next page is shown.
  const waiting =
    sending.isPending || sending.data?.kind === 'bound'
      ? 'server'
      : guard.running && registered.pending
        ? 'id-card'
        : null;
  return { submit, waiting, pageError };
}
