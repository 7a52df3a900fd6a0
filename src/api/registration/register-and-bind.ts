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
import { bindSamplingTube } from '../sampling/bind-sampling-tube';
import { getSamplingTubeStatus } from '../sampling/get-sampling-tube-status';
import { getRegistrationDetail } from './get-registration-detail';
import { savedRegistrationId } from './saved-registration-id';
import { submitRegistration } from './submit-registration';

/**
 * Registering a person and binding their tube: Submit, keep the id it saved, Bind, each answer
 * classified. The one implementation, used by the entry form and /bindErr, the detail page's binding
 * (bind only) and the offline queue; no UI, so the queue's sender loads it without the feedback layer.
 * It decides what each answer means; callers decide how to show it.
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
type StepFailure =
  /** Refused for a reason no field can fix. */
  | { kind: 'refused'; reason: BindFailureReason; message: string; error?: unknown }
  /** The server refused what was sent (invalid input, a rule of its own); its message says why. */
  | { kind: 'rejected'; message: string; error: unknown }
  /**
   * Nothing was decided (lib/http/retry-policy.ts): 'transient' (no network, a timeout, a busy server,
   * a gateway's page, a repeated tap, an unexpected error), sent again later; or 'session' (HTTP 401),
   * the session's business. `retryAfterMs` is the server's Retry-After, when it gave one.
   */
  | {
      kind: 'not-sent';
      disposition: 'transient' | 'session';
      errorKind?: ApiErrorKind;
      retryAfterMs?: number;
      message: string;
      error: unknown;
    };

/** Where Submit stopped: the registration is not saved (or not known to be). */
type SubmitFailure = { step: 'submit' } & (
  | StepFailure
  /** The ID card is registered already (`registrationId`: that registration, if named). */
  | { kind: 'id-card-registered'; registrationId?: Id; message: string; error: unknown }
  /** Submit succeeded, but neither its answer nor a search by ID card says which registration it is. */
  | { kind: 'saved-without-id' }
);

/** Refused for the tube code or the collection time. */
interface FieldProblem {
  kind: 'field';
  field: FieldProblemName;
  message: string;
  error: unknown;
}

/** Where Bind stopped: the registration (`registrationId`) is saved and submitted, its tube not bound. */
type BindFailure = { step: 'bind'; registrationId: Id } & (StepFailure | FieldProblem);

/** Where registering and binding ends: bound, or the step that stopped it and why. */
export type RegisterAndBindOutcome = { kind: 'bound'; registrationId: Id } | SubmitFailure | BindFailure;

/**
 * What is registered and bound: `submit`, a registration submitted first (with `id`: that one,
 * updated), or `registrationId`, one submitted already (bind only). `collectedAt` '': not taken yet,
 * bound without one.
 */
export type RegisterAndBindRequest = { tubeCode: string; collectedAt: string } & (
  { submit: RegistrationInput; registrationId?: undefined } | { registrationId: Id; submit?: undefined }
);

export interface RegisterAndBindOptions {
  /** The token both steps are sent with (default: the tab's token when the first starts); null sends none. */
  token?: string | null;
  /** Aborts the step in flight (its outcome is 'not-sent', 'canceled'). */
  signal?: AbortSignal;
  /** Idempotency-Key of each call (config/assumptions.ts decides whether it is sent). */
  idempotencyKeys?: Readonly<Record<RegisterAndBindStep, string>>;
  /**
   * What an 'ID card already registered' answer to Submit means. 'report' (the form, the default): the
   * outcome 'id-card-registered', and the person chooses to open that registration. 'adopt-same-person'
   * (the offline queue, which resends work whose answer may have been lost): when the registration it
   * names has the same ID card, name and phone, it is the one an earlier attempt saved.
   */
  idCardRegistered?: 'report' | 'adopt-same-person';
  /**
   * The last Bind of this registration may have been committed with its answer lost (it failed without
   * deciding anything): ask the tube's status first, and bind only when it is not bound to it already.
   */
  confirmFirst?: boolean;
  /** Keeps the id Submit saved before Bind goes out (the queue stores it with its entry). */
  onSubmitted?: (registrationId: Id) => void;
}

/** How every call is sent: silent, under one token, abortable. */
type SentAs = CallOptions & { silent: true };

/** What 'saved-without-id' means to the person, and what to do. */
export const SAVED_WITHOUT_ID_MESSAGE =
  '登记已提交，但服务器没有告知是哪一条登记。请在「信息查询」中按身份证号找到这条登记，再绑定采样管。';

function notSent(error: unknown): Extract<StepFailure, { kind: 'not-sent' }> {
  const apiError = isApiError(error) ? error : undefined;
  return {
    kind: 'not-sent',
    disposition: failureDisposition(error) === 'session' ? 'session' : 'transient',
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

function refusal(reason: BindFailureReason, error: ApiError): StepFailure {
  return { kind: 'refused', reason, message: error.message, error };
}

/**
 * The classification both steps share (the retry policy first, then the codes either may answer), or
 * the business error whose code only the step itself can read.
 */
function classifyCommon(error: unknown): StepFailure | ApiError {
  if (undecided(error) || !isApiError(error)) return notSent(error);
  if (error.kind !== 'business') return refusal('server', error);
  switch (error.code) {
    case API_STATUS.forbidden:
      return refusal('forbidden', error);
    case API_STATUS.notFound:
      return refusal('not-found', error);
    case API_STATUS.serverError:
      return refusal('server', error);
    case API_STATUS.invalidInput:
      return { kind: 'rejected', message: error.message, error };
  }
  return error;
}

function classifySubmit(failure: unknown): SubmitFailure {
  const error = classifyCommon(failure);
  if (!isApiError(error)) return { step: 'submit', ...error };
  const { message, code, body } = error;
  if (code === API_STATUS.idCardRegistered)
    return {
      step: 'submit',
      kind: 'id-card-registered',
      registrationId: registeredIdFrom(body),
      message,
      error,
    };
  return { step: 'submit', kind: 'rejected', message, error };
}

function classifyBind(failure: unknown): StepFailure | FieldProblem {
  const error = classifyCommon(failure);
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
      return refusal('registration-has-tube', error);
    case API_STATUS.registrationNotSubmitted:
      return refusal('registration-not-submitted', error);
    case API_STATUS.tubeNotBoundToRegistration:
      return refusal('tube-not-bound', error);
    default:
      return refusal('unknown', error);
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

/** Submits the registration; the id it saved, or where it stopped. */
async function submit(
  input: RegistrationInput,
  options: RegisterAndBindOptions,
  call: SentAs,
): Promise<Id | SubmitFailure> {
  try {
    const saved = await savedRegistrationId(
      await submitRegistration(input, { ...call, idempotencyKey: options.idempotencyKeys?.submit }),
      input,
      'submitted',
      call,
    );
    return saved ?? { step: 'submit', kind: 'saved-without-id' };
  } catch (error) {
    const outcome = classifySubmit(error);
    if (outcome.kind !== 'id-card-registered' || options.idCardRegistered !== 'adopt-same-person')
      return outcome;
    if (!outcome.registrationId) return outcome;
    try {
      return (await samePersonRegistered(outcome.registrationId, input, call)) ?? outcome;
    } catch (lookupError) {
      return undecided(lookupError) ? { step: 'submit', ...notSent(lookupError) } : outcome;
    }
  }
}

/**
 * Binds the tube to the saved registration. A refusal that a lost earlier answer would also explain is
 * checked against the tube's status first.
 */
async function bind(
  registrationId: Id,
  request: RegisterAndBindRequest,
  options: RegisterAndBindOptions,
  call: SentAs,
): Promise<RegisterAndBindOutcome> {
  const tubeCode = normalizeTubeCode(request.tubeCode);
  const bound = { kind: 'bound', registrationId } as const;
  const boundAlready = async (): Promise<RegisterAndBindOutcome | null> => {
    try {
      return (await boundRegistrationOf(tubeCode, call)) === registrationId ? bound : null;
    } catch (lookupError) {
      // A refused lookup says nothing about the tube: the Bind's own answer will.
      return undecided(lookupError) ? { step: 'bind', registrationId, ...notSent(lookupError) } : null;
    }
  };
  if (options.confirmFirst) {
    const known = await boundAlready();
    if (known) return known;
  }
  try {
    const { collectedAt } = request;
    await bindSamplingTube(
      { registrationId, tubeCode, ...(collectedAt ? { collectedAt } : {}) },
      { ...call, idempotencyKey: options.idempotencyKeys?.bind },
    );
    return bound;
  } catch (error) {
    if (mayBeBoundAlready(error)) {
      const known = await boundAlready();
      if (known) return known;
    }
    return { step: 'bind', registrationId, ...classifyBind(error) };
  }
}

/**
 * Submits the registration unless it is submitted already, keeps the id it saved (`onSubmitted`), then
 * binds the tube to it. Every call is silent and goes out under the same token: the caller shows the
 * outcome (at a field, on /bindErr, in a line, in the queue's list).
 */
export async function registerAndBind(
  request: RegisterAndBindRequest,
  options: RegisterAndBindOptions = {},
): Promise<RegisterAndBindOutcome> {
  const call: SentAs = {
    silent: true,
    token: options.token !== undefined ? options.token : getToken(),
    signal: options.signal,
  };
  const registrationId = request.submit
    ? await submit(request.submit, options, call)
    : request.registrationId;
  if (typeof registrationId !== 'string') return registrationId;
  if (request.submit) options.onSubmitted?.(registrationId);
  return bind(registrationId, request, options, call);
}
