import type { RegisterAndBindOutcome } from '@/api/registration/register-and-bind';
import { enqueueBind, flushQueueSoon } from '@/features/offline-queue';
import { transientCause } from '@/lib/http/retry-policy';
import { toRegistrationInput, type RegistrationDraft } from './registration-draft';

export type NotSent = Extract<RegisterAndBindOutcome, { kind: 'not-sent' }>;

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
 * Puts the draft the server did not get (no network, a busy server) in the offline queue, which sends
 * it by itself; the queue's answer says whether it took it.
 */
export function queueRegistration({ form, server }: RegistrationDraft, outcome: NotSent) {
  const { message, retryAfterMs } = outcome;
  // Saved in this attempt: the queue only binds. An id from an earlier attempt is in the input
  // instead, so the queue submits the current fields to that registration first.
  const savedId = outcome.step === 'bind' ? outcome.registrationId : undefined;
  const queued = enqueueBind({
    registrationInput: toRegistrationInput(form, savedId ?? server.registrationId),
    registrationId: savedId,
    tubeCode: form.tubeCode,
    collectedAt: form.collectedAt ?? '',
    failure: { message, waitingFor: transientCause(outcome.error), retryAfterMs },
  });
  // Sets the queue's timer for the entry's first automatic attempt.
  if (queued.ok) flushQueueSoon();
  return queued;
}
