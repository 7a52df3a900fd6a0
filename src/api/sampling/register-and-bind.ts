import { getRegistrationDetail, savedRegistrationId, submitRegistration } from '@/api/registration';
import { errorMessage, failureData, isApiError, type ApiErrorKind } from '@/lib/http';
import { failureDisposition } from '@/lib/http/retry-policy';
import { normalizeIdCard } from '@/lib/id-card';
import { normalizePhone } from '@/lib/phone';
import { getToken } from '@/lib/token';
import {
  API_STATUS,
  idCardRegisteredDataSchema,
  type CallOptions,
  type Id,
  type RegistrationInput,
} from '@/types/api';
import { bindSamplingTube } from './bind-sampling-tube';
import { getSamplingTubeStatus } from './get-sampling-tube-status';
import { normalizeTubeCode } from '@/lib/tube-code';

/**
 * Registering a person and binding their tube: the one implementation used by the entry form, /bindErr,
 * the detail page's inline binding and the offline queue. It decides what each answer means; callers
 * decide how to show it. No UI here, so the queue's sender can load it without the feedback layer.
 */

/** Why binding failed in a way no field can fix; travels to /bindErr as the `reason` query code. */
export type BindFailureReason =
  | 'registration-has-tube'
  | 'registration-not-submitted'
  | 'tube-not-bound'
  | 'forbidden'
  | 'not-found'
  | 'server'
  | 'unknown';

/** A problem the user fixes at one field of the form. */
export type FieldProblemName = 'tubeCode' | 'collectedAt';

export type RegisterAndBindStep = 'submit' | 'bind';

export type RegisterAndBindOutcome =
  | { kind: 'bound'; registrationId: Id }
  /** Submit was refused: the ID card is registered already (`registrationId`: that registration, if named). */
  | { kind: 'id-card-registered'; registrationId?: Id; message: string; error: unknown }
  /** Bind was refused for the tube code or the collection time. */
  | { kind: 'field'; field: FieldProblemName; message: string; error: unknown }
  /** Refused for a reason no field can fix. */
  | {
      kind: 'refused';
      step: RegisterAndBindStep;
      reason: BindFailureReason;
      message: string;
      error?: unknown;
    }
  /** Submit succeeded, but neither its answer nor a search by ID card says which registration it is. */
  | { kind: 'saved-without-id' }
  /** The server refused what was sent (invalid input, a rule of its own); its message says why. */
  | { kind: 'rejected'; step: RegisterAndBindStep; message: string; error: unknown }
  /**
   * Nothing was decided (lib/http/retry-policy.ts): 'transient' (no network, a timeout, a busy server,
   * a gateway's page, a repeated tap, an unexpected error), sent again later; or 'session' (HTTP 401),
   * the session's business. `registrationId` is set when the registration was saved and the bind did
   * not go out; `retryAfterMs` is the server's Retry-After, when it gave one.
   */
  | {
      kind: 'not-sent';
      step: RegisterAndBindStep;
      disposition: 'transient' | 'session';
      registrationId?: Id;
      errorKind?: ApiErrorKind;
      retryAfterMs?: number;
      message: string;
      error: unknown;
    };

/** `collectedAt` '' : not taken yet, sent without one. */
export type RegisterAndBindRequest = { tubeCode: string; collectedAt: string } & (
  | /** Submit this registration (with `id`: an existing one, updated), then bind. */
    { registration: RegistrationInput }
    /** The registration is submitted already: bind only. */
  | { registrationId: Id }
);

export interface RegisterAndBindOptions {
  /**
   * What an 'ID card already registered' answer to Submit means. 'report' (the form): the outcome
   * 'id-card-registered', and the person chooses to open that registration. 'adopt-same-person' (the
   * offline queue, which resends work whose answer may have been lost): when the registration it names
   * has the same ID card, name and phone, it is the one an earlier attempt saved, and the tube is bound
   * to it.
   */
  idCardRegistered?: 'report' | 'adopt-same-person';
  /** Called as soon as the registration is saved, before binding, so the caller keeps its id. */
  onRegistrationSaved?: (registrationId: Id) => void;
  /** Idempotency-Key of each call (config/assumptions.ts decides whether it is sent). */
  idempotencyKeys?: Record<RegisterAndBindStep, string>;
  /**
   * The last Bind of this registration may have been committed with its answer lost (it failed without
   * deciding anything): ask the tube's status first, and bind only when it is not bound to it already.
   */
  confirmBeforeBind?: boolean;
  /**
   * The token every step is sent with (default: the tab's token when the call starts). Pinned for the
   * whole call: a step never goes out under an account that signed in while an earlier one was in flight.
   */
  token?: string | null;
  /** Aborts the steps still to come and the one in flight (their outcome is 'not-sent', 'canceled'). */
  signal?: AbortSignal;
}

/** How every step of one call is sent: silent, under the pinned token, abortable. */
type StepOptions = CallOptions & { silent: true };

/** What 'saved-without-id' means to the person, and what to do. */
export const SAVED_WITHOUT_ID_MESSAGE =
  '登记已提交，但服务器没有告知是哪一条登记。请在「信息查询」中按身份证号找到这条登记，再绑定采样管。';

function notSent(step: RegisterAndBindStep, error: unknown, registrationId?: Id): RegisterAndBindOutcome {
  const apiError = isApiError(error) ? error : undefined;
  return {
    kind: 'not-sent',
    step,
    disposition: failureDisposition(error) === 'session' ? 'session' : 'transient',
    registrationId,
    errorKind: apiError?.kind,
    ...(apiError?.retryAfterMs !== undefined ? { retryAfterMs: apiError.retryAfterMs } : {}),
    message: errorMessage(error),
    error,
  };
}

/** True when the failure decided nothing, so the same request may be sent again later. */
function undecided(error: unknown): boolean {
  return failureDisposition(error) !== 'refused';
}

/** The one classification of a failed Submit or Bind (the retry policy first, then the business code). */
function classify(step: RegisterAndBindStep, error: unknown, registrationId?: Id): RegisterAndBindOutcome {
  if (undecided(error) || !isApiError(error)) return notSent(step, error, registrationId);
  const { message } = error;
  const refused = (reason: BindFailureReason): RegisterAndBindOutcome => ({
    kind: 'refused',
    step,
    reason,
    message,
    error,
  });
  if (error.kind !== 'business') return refused('server');
  switch (error.code) {
    case API_STATUS.forbidden:
      return refused('forbidden');
    case API_STATUS.notFound:
      return refused('not-found');
    case API_STATUS.serverError:
      return refused('server');
    case API_STATUS.invalidInput:
      return { kind: 'rejected', step, message, error };
  }
  if (step === 'submit') {
    if (error.code === API_STATUS.idCardRegistered)
      return { kind: 'id-card-registered', registrationId: registeredIdFrom(error.body), message, error };
    return { kind: 'rejected', step, message, error };
  }
  switch (error.code) {
    case API_STATUS.tubeNotFound:
    case API_STATUS.tubeAlreadyBound:
      return { kind: 'field', field: 'tubeCode', message, error };
    case API_STATUS.warning:
      // The contract's only 9001 for binding: a collection time in the future (e.g. a phone clock ahead).
      return { kind: 'field', field: 'collectedAt', message, error };
    case API_STATUS.registrationHasTube:
      return refused('registration-has-tube');
    case API_STATUS.registrationNotSubmitted:
      return refused('registration-not-submitted');
    case API_STATUS.tubeNotBoundToRegistration:
      return refused('tube-not-bound');
    default:
      return refused('unknown');
  }
}

/** The registration an 'ID card already registered' answer names (its responseData), if any. */
function registeredIdFrom(body: unknown): Id | undefined {
  return failureData(body, idCardRegisteredDataSchema)?.registrationId;
}

/**
 * The registration the tube is bound to now, or null when it is unknown, free, or bound to someone the
 * caller may not see. A tube whose status is not given counts as free. Rejects when the lookup fails.
 */
async function boundRegistrationOf(tubeCode: string, call: StepOptions): Promise<Id | null> {
  const status = await getSamplingTubeStatus({ tubeCode }, call);
  if (!status.exists || (status.status ?? 'unbound') === 'unbound') return null;
  return status.boundRegistrationId ?? null;
}

/**
 * A refusal that an earlier attempt's lost answer would also explain (the tube or the registration
 * "already has one", a garbled answer): true when the tube is in fact bound to this registration. A
 * failure that decided nothing (a busy server, no connection) is not looked into now, which would only
 * add a request to a busy server: the resend confirms the tube's status first (`confirmBeforeBind`).
 */
function mayBeBoundAlready(error: unknown): boolean {
  if (!isApiError(error) || undecided(error)) return false;
  if (error.kind === 'http' || error.kind === 'malformed') return true;
  return (
    error.kind === 'business' &&
    (error.code === API_STATUS.registrationHasTube || error.code === API_STATUS.tubeAlreadyBound)
  );
}

/** The registration named by 'ID card already registered' when it is this very person's, else null. */
async function samePersonRegistered(id: Id, input: RegistrationInput, call: StepOptions): Promise<Id | null> {
  const existing = await getRegistrationDetail({ id }, call);
  const same =
    normalizeIdCard(existing.idCard) === normalizeIdCard(input.idCard) &&
    existing.name.trim() === input.name.trim() &&
    normalizePhone(existing.phone) === normalizePhone(input.phone);
  return same ? existing.id : null;
}

async function submit(
  input: RegistrationInput,
  options: RegisterAndBindOptions,
  call: StepOptions,
): Promise<{ registrationId: Id } | RegisterAndBindOutcome> {
  try {
    const saved = await savedRegistrationId(
      await submitRegistration(input, { ...call, idempotencyKey: options.idempotencyKeys?.submit }),
      input,
      'submitted',
      call,
    );
    if (!saved) return { kind: 'saved-without-id' };
    return { registrationId: saved };
  } catch (error) {
    const outcome = classify('submit', error);
    if (outcome.kind !== 'id-card-registered' || options.idCardRegistered !== 'adopt-same-person')
      return outcome;
    if (!outcome.registrationId) return outcome;
    try {
      const adopted = await samePersonRegistered(outcome.registrationId, input, call);
      return adopted ? { registrationId: adopted } : outcome;
    } catch (lookupError) {
      return undecided(lookupError) ? notSent('submit', lookupError) : outcome;
    }
  }
}

/**
 * Submits the registration unless it is submitted already, then binds the tube to it. Every call is
 * silent: the caller shows the outcome (at a field, in a dialog, on /bindErr, in the queue's list).
 */
export async function registerAndBind(
  request: RegisterAndBindRequest,
  options: RegisterAndBindOptions = {},
): Promise<RegisterAndBindOutcome> {
  const call: StepOptions = {
    silent: true,
    token: options.token !== undefined ? options.token : getToken(),
    signal: options.signal,
  };
  let registrationId: Id;
  if ('registrationId' in request) {
    registrationId = request.registrationId;
  } else {
    const saved = await submit(request.registration, options, call);
    if ('kind' in saved) return saved;
    registrationId = saved.registrationId;
    options.onRegistrationSaved?.(registrationId);
  }
  const tubeCode = normalizeTubeCode(request.tubeCode);
  if ('registrationId' in request && options.confirmBeforeBind) {
    try {
      if ((await boundRegistrationOf(tubeCode, call)) === registrationId)
        return { kind: 'bound', registrationId };
    } catch (lookupError) {
      if (undecided(lookupError)) return notSent('bind', lookupError, registrationId);
      // A refused lookup says nothing about the tube: the Bind's own answer will.
    }
  }
  try {
    await bindSamplingTube(
      { registrationId, tubeCode, ...(request.collectedAt ? { collectedAt: request.collectedAt } : {}) },
      { ...call, idempotencyKey: options.idempotencyKeys?.bind },
    );
    return { kind: 'bound', registrationId };
  } catch (error) {
    if (mayBeBoundAlready(error)) {
      try {
        if ((await boundRegistrationOf(tubeCode, call)) === registrationId)
          return { kind: 'bound', registrationId };
      } catch (lookupError) {
        if (undecided(lookupError)) return notSent('bind', lookupError, registrationId);
      }
    }
    return classify('bind', error, registrationId);
  }
}
