import { getRegistrationDetail, savedRegistrationId, submitRegistration } from '@/api/registration';
import { bindSamplingTube } from '@/api/sampling/bind-sampling-tube';
import { getSamplingTubeStatus } from '@/api/sampling/get-sampling-tube-status';
import { errorMessage, failureData, isApiError, type ApiError, type ApiErrorKind } from '@/lib/http';
import { failureDisposition } from '@/lib/http/retry-policy';
import { normalizeIdCard } from '@/lib/id-card';
import { normalizePhone } from '@/lib/phone';
import { normalizeTubeCode } from '@/lib/tube-code';
import { getToken } from '@/lib/token';
import {
  API_STATUS,
  idCardRegisteredDataSchema,
  type CallOptions,
  type Id,
  type RegistrationInput,
} from '@/types/api';

/**
 * Registering a person and binding their tube, in two steps: the one implementation used by the entry
 * form and /bindErr (through the draft store), the detail page's binding and the offline queue. It
 * decides what each answer means; callers decide how to show it, and keep the id Submit saved before
 * they bind. No UI here, so the queue's sender can load it without the feedback layer.
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

/** The answers either step may meet. */
type StepFailure<S extends RegisterAndBindStep> =
  /** Refused for a reason no field can fix. */
  | { kind: 'refused'; step: S; reason: BindFailureReason; message: string; error?: unknown }
  /** The server refused what was sent (invalid input, a rule of its own); its message says why. */
  | { kind: 'rejected'; step: S; message: string; error: unknown }
  /**
   * Nothing was decided (lib/http/retry-policy.ts): 'transient' (no network, a timeout, a busy server,
   * a gateway's page, a repeated tap, an unexpected error), sent again later; or 'session' (HTTP 401),
   * the session's business. `registrationId` is set when the registration was saved and the bind did
   * not go out; `retryAfterMs` is the server's Retry-After, when it gave one.
   */
  | {
      kind: 'not-sent';
      step: S;
      disposition: 'transient' | 'session';
      registrationId?: Id;
      errorKind?: ApiErrorKind;
      retryAfterMs?: number;
      message: string;
      error: unknown;
    };

/** What Submit answered: the registration saved, or why not. */
export type SubmitOutcome =
  | { kind: 'registered'; registrationId: Id }
  /** The ID card is registered already (`registrationId`: that registration, if named). */
  | { kind: 'id-card-registered'; registrationId?: Id; message: string; error: unknown }
  /** Submit succeeded, but neither its answer nor a search by ID card says which registration it is. */
  | { kind: 'saved-without-id' }
  | StepFailure<'submit'>;

/** What Bind answered for a saved registration. */
export type BindOutcome =
  | { kind: 'bound'; registrationId: Id }
  /** Refused for the tube code or the collection time. */
  | { kind: 'field'; field: FieldProblemName; message: string; error: unknown }
  | StepFailure<'bind'>;

/** Where registering and binding ends: bound, or the step that stopped it and why. */
export type RegisterAndBindOutcome = Exclude<SubmitOutcome, { kind: 'registered' }> | BindOutcome;

/** How a step is sent. Callers that send both steps pass the same `token` to each. */
interface StepCallOptions {
  /** The token the step is sent with (default: the tab's token when the step starts); null sends none. */
  token?: string | null;
  /** Aborts the step in flight (its outcome is 'not-sent', 'canceled'). */
  signal?: AbortSignal;
  /** Idempotency-Key of the step's call (config/assumptions.ts decides whether it is sent). */
  idempotencyKey?: string;
}

export interface SubmitOptions extends StepCallOptions {
  /**
   * What an 'ID card already registered' answer means. 'report' (the form): the outcome
   * 'id-card-registered', and the person chooses to open that registration. 'adopt-same-person' (the
   * offline queue, which resends work whose answer may have been lost): when the registration it names
   * has the same ID card, name and phone, it is the one an earlier attempt saved.
   */
  idCardRegistered?: 'report' | 'adopt-same-person';
}

export interface BindOptions extends StepCallOptions {
  /**
   * The last Bind of this registration may have been committed with its answer lost (it failed without
   * deciding anything): ask the tube's status first, and bind only when it is not bound to it already.
   */
  confirmFirst?: boolean;
}

/** `collectedAt` '': not taken yet, sent without one. */
export interface BindRequest {
  registrationId: Id;
  tubeCode: string;
  collectedAt: string;
}

/** How every call of a step is sent: silent, under the step's token, abortable. */
type SentAs = CallOptions & { silent: true };

function sentAs(options: StepCallOptions): SentAs {
  return {
    silent: true,
    token: options.token !== undefined ? options.token : getToken(),
    signal: options.signal,
  };
}

/** What 'saved-without-id' means to the person, and what to do. */
export const SAVED_WITHOUT_ID_MESSAGE =
  '登记已提交，但服务器没有告知是哪一条登记。请在「信息查询」中按身份证号找到这条登记，再绑定采样管。';

function notSent<S extends RegisterAndBindStep>(
  step: S,
  error: unknown,
  registrationId?: Id,
): StepFailure<S> {
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

function refusal<S extends RegisterAndBindStep>(
  step: S,
  reason: BindFailureReason,
  error: ApiError,
): StepFailure<S> {
  return { kind: 'refused', step, reason, message: error.message, error };
}

/**
 * The classification both steps share (the retry policy first, then the codes either may answer), or
 * the business error whose code only the step itself can read.
 */
function classifyCommon<S extends RegisterAndBindStep>(
  step: S,
  error: unknown,
  registrationId?: Id,
): StepFailure<S> | ApiError {
  if (undecided(error) || !isApiError(error)) return notSent(step, error, registrationId);
  if (error.kind !== 'business') return refusal(step, 'server', error);
  switch (error.code) {
    case API_STATUS.forbidden:
      return refusal(step, 'forbidden', error);
    case API_STATUS.notFound:
      return refusal(step, 'not-found', error);
    case API_STATUS.serverError:
      return refusal(step, 'server', error);
    case API_STATUS.invalidInput:
      return { kind: 'rejected', step, message: error.message, error };
  }
  return error;
}

function classifySubmit(failure: unknown): Exclude<SubmitOutcome, { kind: 'registered' }> {
  const error = classifyCommon('submit', failure);
  if (!isApiError(error)) return error;
  const { message, code, body } = error;
  if (code === API_STATUS.idCardRegistered)
    return { kind: 'id-card-registered', registrationId: registeredIdFrom(body), message, error };
  return { kind: 'rejected', step: 'submit', message, error };
}

function classifyBind(failure: unknown, registrationId: Id): Exclude<BindOutcome, { kind: 'bound' }> {
  const error = classifyCommon('bind', failure, registrationId);
  if (!isApiError(error)) return error;
  const { message } = error;
  switch (error.code) {
    case API_STATUS.tubeNotFound:
    case API_STATUS.tubeAlreadyBound:
      return { kind: 'field', field: 'tubeCode', message, error };
    case API_STATUS.warning:
      // The contract's only 9001 for binding: a collection time in the future (e.g. a phone clock ahead).
      return { kind: 'field', field: 'collectedAt', message, error };
    case API_STATUS.registrationHasTube:
      return refusal('bind', 'registration-has-tube', error);
    case API_STATUS.registrationNotSubmitted:
      return refusal('bind', 'registration-not-submitted', error);
    case API_STATUS.tubeNotBoundToRegistration:
      return refusal('bind', 'tube-not-bound', error);
    default:
      return refusal('bind', 'unknown', error);
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
async function boundRegistrationOf(tubeCode: string, call: SentAs): Promise<Id | null> {
  const status = await getSamplingTubeStatus({ tubeCode }, call);
  if (!status.exists || (status.status ?? 'unbound') === 'unbound') return null;
  return status.boundRegistrationId ?? null;
}

/**
 * A refusal that an earlier attempt's lost answer would also explain (the tube or the registration
 * "already has one", a garbled answer): true when the tube is in fact bound to this registration. A
 * failure that decided nothing (a busy server, no connection) is not looked into now, which would only
 * add a request to a busy server: the resend confirms the tube's status first (`confirmFirst`).
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
async function samePersonRegistered(id: Id, input: RegistrationInput, call: SentAs): Promise<Id | null> {
  const existing = await getRegistrationDetail({ id }, call);
  const same =
    normalizeIdCard(existing.idCard) === normalizeIdCard(input.idCard) &&
    existing.name.trim() === input.name.trim() &&
    normalizePhone(existing.phone) === normalizePhone(input.phone);
  return same ? existing.id : null;
}

/**
 * Submits the registration (with `id`: an existing one, updated), silently: the caller keeps the
 * saved id before it binds, and shows any other outcome itself.
 */
export async function submitStep(
  input: RegistrationInput,
  options: SubmitOptions = {},
): Promise<SubmitOutcome> {
  const call = sentAs(options);
  try {
    const saved = await savedRegistrationId(
      await submitRegistration(input, { ...call, idempotencyKey: options.idempotencyKey }),
      input,
      'submitted',
      call,
    );
    return saved ? { kind: 'registered', registrationId: saved } : { kind: 'saved-without-id' };
  } catch (error) {
    const outcome = classifySubmit(error);
    if (outcome.kind !== 'id-card-registered' || options.idCardRegistered !== 'adopt-same-person')
      return outcome;
    if (!outcome.registrationId) return outcome;
    try {
      const adopted = await samePersonRegistered(outcome.registrationId, input, call);
      return adopted ? { kind: 'registered', registrationId: adopted } : outcome;
    } catch (lookupError) {
      return undecided(lookupError) ? notSent('submit', lookupError) : outcome;
    }
  }
}

/**
 * Binds the tube to a saved registration, silently: the caller shows the outcome (at a field, on
 * /bindErr, in a line, in the queue's list). A refusal that a lost earlier answer would also explain is
 * checked against the tube's status first.
 */
export async function bindStep(request: BindRequest, options: BindOptions = {}): Promise<BindOutcome> {
  const call = sentAs(options);
  const { registrationId } = request;
  const tubeCode = normalizeTubeCode(request.tubeCode);
  const boundAlready = async (): Promise<BindOutcome | null> => {
    try {
      return (await boundRegistrationOf(tubeCode, call)) === registrationId
        ? { kind: 'bound', registrationId }
        : null;
    } catch (lookupError) {
      // A refused lookup says nothing about the tube: the Bind's own answer will.
      return undecided(lookupError) ? notSent('bind', lookupError, registrationId) : null;
    }
  };
  if (options.confirmFirst) {
    const known = await boundAlready();
    if (known) return known;
  }
  try {
    await bindSamplingTube(
      { registrationId, tubeCode, ...(request.collectedAt ? { collectedAt: request.collectedAt } : {}) },
      { ...call, idempotencyKey: options.idempotencyKey },
    );
    return { kind: 'bound', registrationId };
  } catch (error) {
    if (mayBeBoundAlready(error)) {
      const known = await boundAlready();
      if (known) return known;
    }
    return classifyBind(error, registrationId);
  }
}
