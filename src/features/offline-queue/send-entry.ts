import { getRegistrationDetail, savedRegistrationId, submitRegistration } from '@/api/registration';
import { boundRegistrationOf, registeredIdFrom } from '@/api/sampling/tube-binding';
import { bindSamplingTube } from '@/api/sampling';
import { errorMessage, isApiError, type ApiError, type ApiErrorKind } from '@/lib/http';
import { reportQueueFailure } from '@/lib/observability';
import { normalizePhone } from '@/lib/phone';
import { API_STATUS, type Id, type RegistrationInput } from '@/types/api';
import type { QueueEntry } from './queue-store';

/**
 * Sends one queued entry: submits the registration unless it is saved already, then binds the tube.
 * Loaded on demand by the flush (it pulls in the HTTP layer). Every call is silent: the queue reports
 * its outcomes itself, once per flush, instead of one toast per failed request.
 */
export type SendResult =
  | { kind: 'sent'; registrationId: Id }
  /** The server refused for a reason the user must look at; the entry is not retried automatically. */
  | { kind: 'failed'; message: string; resultRegistrationId?: Id }
  /** Could not finish now (no network, a lost session, a refused repeat): stays pending, tried again later. */
  | { kind: 'retry'; message: string; errorKind?: ApiErrorKind };

export interface SendOptions {
  /** Called as soon as the registration is saved, before binding, so the id survives a crash or reload. */
  onRegistrationSaved: (registrationId: Id) => void;
}

/** The flush stops at the first of these: the next entries would only meet the same problem. */
const RETRY_KINDS: ReadonlySet<ApiError['kind']> = new Set([
  'network',
  'timeout',
  'unauthorized',
  'repeat-submit',
  'canceled',
]);

function retryable(error: unknown): boolean {
  return !isApiError(error) || RETRY_KINDS.has(error.kind);
}

function retryLater(error: unknown): SendResult {
  return {
    kind: 'retry',
    message: errorMessage(error),
    errorKind: isApiError(error) ? error.kind : undefined,
  };
}

/** The server refused the entry for good: the person must look at it, and the programme hears of it. */
function refused(
  step: 'submit' | 'bind',
  error: unknown,
  message: string,
  resultRegistrationId?: Id,
): SendResult {
  const apiError = isApiError(error) ? error : null;
  reportQueueFailure({ step, kind: apiError?.kind ?? 'unknown', code: apiError?.code });
  return { kind: 'failed', message, resultRegistrationId };
}

/**
 * 'ID card already registered' on Submit: an earlier attempt may have saved this very registration
 * without its answer arriving (the connection dropped after the request left). That registration is
 * ours when it is the same person with the same name and phone: bind to it instead of failing.
 * Returns the id to bind to, or null when it is someone else's entry (or cannot be seen).
 */
async function adoptRegistered(error: ApiError, input: RegistrationInput): Promise<Id | null> {
  const id = registeredIdFrom(error.body);
  if (!id) return null;
  try {
    const existing = await getRegistrationDetail({ id }, { silent: true });
    const same =
      existing.idCard.toUpperCase() === input.idCard.toUpperCase() &&
      existing.name.trim() === input.name.trim() &&
      normalizePhone(existing.phone) === normalizePhone(input.phone);
    return same ? existing.id : null;
  } catch (lookupError) {
    if (retryable(lookupError)) throw lookupError;
    return null;
  }
}

/**
 * The entry's Idempotency-Key for each of its two calls: derived from its id, which is stored with it,
 * so every send of the entry (each flush, after a reload, from another tab) carries the same keys.
 */
function entryIdempotencyKey(entry: QueueEntry, step: 'submit' | 'bind'): string {
  return `queue-${entry.id}-${step}`;
}

async function saveRegistration(
  entry: QueueEntry,
  options: SendOptions,
): Promise<{ registrationId: Id } | SendResult> {
  try {
    const saved = await savedRegistrationId(
      await submitRegistration(entry.registrationInput, {
        silent: true,
        idempotencyKey: entryIdempotencyKey(entry, 'submit'),
      }),
      entry.registrationInput,
      'submitted',
    );
    if (!saved) {
      return {
        kind: 'failed',
        message:
          '登记已提交，但服务器没有告知是哪一条登记。请在「信息查询」中按身份证号找到这条登记，再绑定采样管',
      };
    }
    options.onRegistrationSaved(saved);
    return { registrationId: saved };
  } catch (error) {
    if (retryable(error)) return retryLater(error);
    if (isApiError(error) && error.kind === 'business' && error.code === API_STATUS.idCardRegistered) {
      let adopted: Id | null;
      try {
        adopted = await adoptRegistered(error, entry.registrationInput);
      } catch (lookupError) {
        return retryLater(lookupError);
      }
      if (adopted) {
        options.onRegistrationSaved(adopted);
        return { registrationId: adopted };
      }
      return refused(
        'submit',
        error,
        `提交登记失败：${error.message}。可打开已有登记核对后绑定采样管`,
        registeredIdFrom(error.body),
      );
    }
    return refused('submit', error, `提交登记失败：${errorMessage(error)}`);
  }
}

export async function sendEntry(entry: QueueEntry, options: SendOptions): Promise<SendResult> {
  let registrationId = entry.registrationId;
  if (!registrationId) {
    const saved = await saveRegistration(entry, options);
    if ('kind' in saved) return saved;
    registrationId = saved.registrationId;
  }

  const tubeCode = entry.tubeCode.trim();
  try {
    // The repeat-submit guard is on in bindSamplingTube: an identical bind still being processed (e.g.
    // sent by the form a moment ago) is refused instead of sent twice, and retried later here.
    await bindSamplingTube(
      { registrationId, tubeCode, collectedAt: entry.collectedAt },
      { silent: true, idempotencyKey: entryIdempotencyKey(entry, 'bind') },
    );
    return { kind: 'sent', registrationId };
  } catch (error) {
    if (retryable(error)) return retryLater(error);
    // Any other refusal ('tube already bound', 'registration has a tube', a garbled answer...) may mean
    // an earlier attempt did bind it and its answer was lost. Bound to this registration: done.
    try {
      if ((await boundRegistrationOf(tubeCode)) === registrationId) return { kind: 'sent', registrationId };
    } catch (lookupError) {
      if (retryable(lookupError)) return retryLater(lookupError);
    }
    return refused('bind', error, `绑定采样管失败：${errorMessage(error)}`);
  }
}
