import { enqueueBind, flushQueueSoon } from '@/features/offline-queue';
import { toast, toastFail } from '@/lib/feedback';
import { transientCause } from '@/lib/http/retry-policy';
import { normalizeTubeCode } from '@/lib/tube-code';
import { offerOfflineQueue } from './components/registration-dialogs';
import type { RegisterAndBindOutcome } from './register-and-bind';
import { toRegistrationInput } from './registration-draft';
import type { RegistrationDraftStore } from './registration-draft-store';

type NotSent = Extract<RegisterAndBindOutcome, { kind: 'not-sent' }>;

const QUEUED_MESSAGES = {
  network: '网络不可用，已保存到待发送队列，恢复网络后将自动提交',
  server: '服务器暂时繁忙，已保存到待发送队列，稍后将自动提交',
} as const;

/** A failure that decided nothing and that the queue may resend; a repeated tap is not one. */
export function queueable(outcome: RegisterAndBindOutcome): outcome is NotSent {
  return (
    outcome.kind === 'not-sent' &&
    outcome.disposition === 'transient' &&
    outcome.errorKind !== undefined &&
    outcome.errorKind !== 'repeat-submit'
  );
}

/**
 * Offers the offline queue (staff) for the draft the server did not get (no network, a busy server);
 * accepted, the draft moves to the queue, which sends it by itself. True when it was queued.
 */
export async function offerQueue(store: RegistrationDraftStore, outcome: NotSent): Promise<boolean> {
  const { step, message, registrationId: savedId, retryAfterMs } = outcome;
  const cause = transientCause(outcome.error);
  if (!(await offerOfflineQueue(message, step, cause))) return false;
  const { form, server } = store.getState();
  const queued = enqueueBind({
    registrationInput: toRegistrationInput(form, savedId ?? server.registrationId),
    // Saved in this attempt: the queue only binds. An id from an earlier attempt is in the input
    // instead, so the queue submits the current fields to that registration first.
    registrationId: step === 'bind' ? savedId : undefined,
    tubeCode: normalizeTubeCode(form.tubeCode),
    collectedAt: form.collectedAt ?? '',
    failure: { message, waitingFor: cause, retryAfterMs },
  });
  if (!queued.ok) {
    toastFail(queued.message);
    return false;
  }
  // Sets the queue's timer for the entry's first automatic attempt.
  flushQueueSoon();
  store.clear();
  toast(QUEUED_MESSAGES[cause]);
  return true;
}
