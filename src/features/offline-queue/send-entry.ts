import {
  registerAndBind,
  SAVED_WITHOUT_ID_MESSAGE,
  type RegisterAndBindStep,
} from '@/api/registration/register-and-bind';
import { isApiError, type ApiErrorKind } from '@/lib/http';
import { transientCause } from '@/lib/http/retry-policy';
import type { QueueWaitCause } from '@/lib/stored-queue';
import { reportQueueFailure } from '@/lib/observability';
import type { Id } from '@/types/api';
import type { HeldQueueEntry, QueueEntry } from './queue-store';

/**
 * Sends one queued entry: submits the registration unless it is saved already, keeps the saved id with
 * the entry, then binds the tube. Loaded on demand by the flush (it pulls in the HTTP layer). Every
 * call is silent: the queue reports its outcomes itself, once per flush, instead of one toast per
 * failed request.
 */
export type SendResult =
  | { kind: 'sent'; registrationId: Id }
  /** The server refused for a reason the user must look at; the entry is not retried automatically. */
  | { kind: 'failed'; message: string; resultRegistrationId?: Id }
  /**
   * Nothing was decided (no network, a busy server, a lost session): stays pending, sent again later.
   * `waitingFor` 'session' waits for a sign-in; the others back off (`retryAfterMs`: the server's wish).
   */
  | {
      kind: 'retry';
      message: string;
      errorKind?: ApiErrorKind;
      waitingFor: QueueWaitCause;
      retryAfterMs?: number;
    };

export interface SendOptions {
  /**
   * Keeps the registration's id with the entry as soon as Submit saved it, before binding, so the id
   * survives a crash or reload. The flush passes its own queue store's update.
   */
  onRegistrationSaved: (registrationId: Id) => void;
  /** The token of the session that owns the entry: every step is sent with it. */
  token: string | null;
  /** Aborted when that session ends: the step in flight is abandoned and none follows. */
  signal: AbortSignal;
}

/** The server refused the entry for good: the person must look at it, and the programme hears of it. */
function refused(
  step: RegisterAndBindStep,
  error: unknown,
  message: string,
  resultRegistrationId?: Id,
): SendResult {
  const apiError = isApiError(error) ? error : null;
  reportQueueFailure({ step, kind: apiError?.kind ?? 'unknown', code: apiError?.code });
  return { kind: 'failed', message, resultRegistrationId };
}

const STEP_FAILED: Readonly<Record<RegisterAndBindStep, string>> = {
  submit: '提交登记失败',
  bind: '绑定采样管失败',
};

/**
 * The entry's Idempotency-Key for each of its two calls: derived from its id, which is stored with it,
 * so every send of the entry (each flush, after a reload, from another tab) carries the same keys.
 */
function entryIdempotencyKey(entry: QueueEntry, step: RegisterAndBindStep): string {
  return `queue-${entry.id}-${step}`;
}

export async function sendEntry(entry: HeldQueueEntry, options: SendOptions): Promise<SendResult> {
  const { registrationId, registrationInput, tubeCode, collectedAt } = entry;
  const outcome = await registerAndBind(
    registrationId
      ? { registrationId, tubeCode, collectedAt }
      : { submit: registrationInput, tubeCode, collectedAt },
    {
      token: options.token,
      signal: options.signal,
      idempotencyKeys: {
        submit: entryIdempotencyKey(entry, 'submit'),
        bind: entryIdempotencyKey(entry, 'bind'),
      },
      // The queue resends work whose answer may have been lost: the registration an earlier attempt
      // saved comes back as 'already registered', and is this entry's when it is the same person.
      idCardRegistered: 'adopt-same-person',
      // Its last Bind failed without deciding anything: it may have been committed, its answer lost.
      confirmFirst: registrationId !== undefined && (entry.transientFailures ?? 0) > 0,
      onSubmitted: options.onRegistrationSaved,
    },
  );
  switch (outcome.kind) {
    case 'bound':
      return { kind: 'sent', registrationId: outcome.registrationId };
    case 'not-sent':
      return {
        kind: 'retry',
        message: outcome.message,
        errorKind: outcome.errorKind,
        waitingFor: outcome.disposition === 'session' ? 'session' : transientCause(outcome.error),
        retryAfterMs: outcome.retryAfterMs,
      };
    case 'saved-without-id':
      return refused('submit', undefined, SAVED_WITHOUT_ID_MESSAGE);
    case 'id-card-registered':
      return refused(
        'submit',
        outcome.error,
        `${STEP_FAILED.submit}：${outcome.message}。可打开已有登记核对后绑定采样管`,
        outcome.registrationId,
      );
    case 'field':
      return refused('bind', outcome.error, `${STEP_FAILED.bind}：${outcome.message}`);
    case 'refused':
    case 'rejected':
      return refused(outcome.step, outcome.error, `${STEP_FAILED[outcome.step]}：${outcome.message}`);
  }
}
