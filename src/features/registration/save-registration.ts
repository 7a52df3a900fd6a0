import { bindSamplingTube } from '@/api/sampling';
import { errorMessage, isApiError, showError } from '@/lib/http';
import { API_STATUS, type Id } from '@/types/api';
import { savedRegistrationId, submitRegistration } from '@/api/registration';
import { toRegistrationInput, type RegistrationDraft } from './registration-draft';
import { boundRegistrationOf, registeredIdFrom } from '@/api/sampling/tube-binding';

/** Why binding failed in a way the form cannot fix at a field; travels to /bindErr as the `reason` query code. */
export type BindFailureReason =
  | 'registration-has-tube'
  | 'registration-not-submitted'
  | 'tube-not-bound'
  | 'forbidden'
  | 'not-found'
  | 'server'
  | 'unknown';

/** The plain-words explanation of each reason (no personal data: the code is all the URL carries). */
export const BIND_FAILURE_MESSAGES: Readonly<Record<BindFailureReason, string>> = {
  'registration-has-tube':
    '这条登记已经绑定了采样管，不能再绑定新的采样管。如需更换，请先在信息查询中解绑原采样管。',
  'registration-not-submitted': '登记信息还没有提交成功，所以无法绑定采样管。请返回检查后重新提交。',
  'tube-not-bound': '采样管与登记信息不一致，请返回核对采样管编码。',
  forbidden: '当前账号没有绑定采样管的权限，请联系管理员。',
  'not-found': '没有找到这条登记信息，请返回重新提交。',
  server: '服务器暂时无法完成绑定，请稍后重试。',
  unknown: '绑定没有成功，请稍后重试。',
};

export function isBindFailureReason(value: string | null | undefined): value is BindFailureReason {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(BIND_FAILURE_MESSAGES, value);
}

/** A problem the user fixes at one field of the form. */
export type FieldProblemName = 'tubeCode' | 'collectedAt';

/** Router state of the entry form: a field problem handed back, e.g. by /bindErr's retry. */
export interface EntryLocationState {
  problem?: { field: FieldProblemName; message: string };
}

/** Router state of /bindErr: the server's own words (never in the URL) and whether the form is one step back. */
export interface BindErrorState {
  message?: string;
  fromForm?: boolean;
}

export type SaveOutcome =
  | { kind: 'success'; registrationId: Id }
  /** The ID card is registered already; the user may open that registration instead. */
  | { kind: 'id-card-registered'; registrationId?: Id; message: string }
  | { kind: 'field'; field: FieldProblemName; message: string }
  /** Binding failed for a reason the form cannot fix: work users see /bindErr. */
  | { kind: 'bind-failed'; reason: BindFailureReason; message: string }
  /** Nothing to do but try again later (network, timeout, a lost session, a repeated tap): stay on the form. */
  | { kind: 'stay'; message: string }
  /**
   * No connection at all, with `returnOffline` only (nothing shown yet): the caller may keep the work in
   * the offline queue. `registrationId` is set when the registration was saved and binding failed.
   */
  | { kind: 'offline'; step: 'submit' | 'bind'; registrationId?: Id; message: string };

/**
 * Shows what the page does not show itself. The calls here are silent because each outcome is presented
 * by the page (at a field, in a dialog, on /bindErr); only "stay" outcomes need the usual toast.
 */
function presentStay(error: unknown): SaveOutcome {
  showError(error);
  return { kind: 'stay', message: errorMessage(error) };
}

/** Submit succeeded, but neither its answer nor a search by ID card says which registration it is. */
export const SAVED_WITHOUT_ID_MESSAGE =
  '登记已提交，但服务器没有告知是哪一条登记。请在「信息查询」中按身份证号找到这条登记，再绑定采样管。';

function bindFailure(reason: BindFailureReason, message: string): SaveOutcome {
  return { kind: 'bind-failed', reason, message };
}

/** Failures that mean the same for both steps: no permission, no such record, a server fault. */
function sharedFailure(error: unknown): SaveOutcome | null {
  if (!isApiError(error)) return null;
  if (error.kind === 'http' || error.kind === 'malformed') return bindFailure('server', error.message);
  if (error.kind !== 'business') return null;
  switch (error.code) {
    case API_STATUS.forbidden:
      return bindFailure('forbidden', error.message);
    case API_STATUS.notFound:
      return bindFailure('not-found', error.message);
    case API_STATUS.serverError:
      return bindFailure('server', error.message);
    default:
      return null;
  }
}

function classifySaveError(error: unknown): SaveOutcome {
  if (isApiError(error) && error.kind === 'business' && error.code === API_STATUS.idCardRegistered) {
    return {
      kind: 'id-card-registered',
      registrationId: registeredIdFrom(error.body),
      message: error.message,
    };
  }
  return sharedFailure(error) ?? presentStay(error);
}

function classifyBindError(error: unknown): SaveOutcome {
  const shared = sharedFailure(error);
  if (shared) return shared;
  if (!isApiError(error) || error.kind !== 'business') return presentStay(error);
  switch (error.code) {
    case API_STATUS.tubeNotFound:
    case API_STATUS.tubeAlreadyBound:
      return { kind: 'field', field: 'tubeCode', message: error.message };
    case API_STATUS.warning:
      // The contract's only 9001 for binding: a collection time in the future (e.g. a phone clock ahead).
      return { kind: 'field', field: 'collectedAt', message: error.message };
    case API_STATUS.registrationHasTube:
      return bindFailure('registration-has-tube', error.message);
    case API_STATUS.registrationNotSubmitted:
      return bindFailure('registration-not-submitted', error.message);
    case API_STATUS.tubeNotBoundToRegistration:
      return bindFailure('tube-not-bound', error.message);
    case API_STATUS.invalidInput:
      return presentStay(error);
    default:
      return bindFailure('unknown', error.message);
  }
}

/**
 * An earlier attempt may have bound the tube although its answer never arrived (a dropped connection):
 * the retry is then refused as "registration has a tube". If that tube is this one, the work is done.
 */
async function alreadyBoundToThis(error: unknown, registrationId: Id, tubeCode: string): Promise<boolean> {
  if (!isApiError(error) || error.kind !== 'business' || error.code !== API_STATUS.registrationHasTube)
    return false;
  try {
    return (await boundRegistrationOf(tubeCode)) === registrationId;
  } catch {
    return false;
  }
}

export interface SaveRegistrationOptions {
  /** Called as soon as the registration is saved, before binding: the caller keeps the id in the draft. */
  onRegistrationSaved?: (registrationId: Id) => void;
  /**
   * Return a failure for lack of network as an 'offline' outcome instead of showing it (staff queue such
   * work). Only kind 'network': a request that timed out may have reached the server and been processed,
   * so it is not handed on for an automatic resend; the user retries it here and sees the answer.
   */
  returnOffline?: boolean;
}

function isNetworkFailure(error: unknown): boolean {
  return isApiError(error) && error.kind === 'network';
}

/**
 * Submits the registration (ScreeningRegister/Submit: a submitted registration is what a tube can be bound
 * to), then binds the tube. A draft that already carries `registrationId` (saved earlier, binding failed)
 * submits that registration again with the current fields instead of creating a second one.
 */
export async function saveRegistrationWithTube(
  draft: RegistrationDraft,
  collectedAt: string,
  options: SaveRegistrationOptions = {},
): Promise<SaveOutcome> {
  let registrationId: Id;
  try {
    const input = toRegistrationInput(draft);
    const saved = await savedRegistrationId(
      await submitRegistration(input, { silent: true }),
      input,
      'submitted',
    );
    if (!saved) return bindFailure('not-found', SAVED_WITHOUT_ID_MESSAGE);
    registrationId = saved;
    options.onRegistrationSaved?.(saved);
  } catch (error) {
    if (options.returnOffline && isNetworkFailure(error))
      return { kind: 'offline', step: 'submit', message: (error as Error).message };
    return classifySaveError(error);
  }
  return bindTube(registrationId, draft.tubeCode, collectedAt, options.returnOffline ?? false);
}

/** Binds a tube to a submitted registration (the detail page's inline binding, and the second step above). */
export function bindTubeToRegistration(
  registrationId: Id,
  rawTubeCode: string,
  collectedAt: string,
): Promise<SaveOutcome> {
  return bindTube(registrationId, rawTubeCode, collectedAt, false);
}

async function bindTube(
  registrationId: Id,
  rawTubeCode: string,
  collectedAt: string,
  returnOffline: boolean,
): Promise<SaveOutcome> {
  const tubeCode = rawTubeCode.trim();
  try {
    await bindSamplingTube({ registrationId, tubeCode, collectedAt }, { silent: true });
  } catch (error) {
    if (returnOffline && isNetworkFailure(error))
      return { kind: 'offline', step: 'bind', registrationId, message: (error as Error).message };
    if (await alreadyBoundToThis(error, registrationId, tubeCode)) return { kind: 'success', registrationId };
    return classifyBindError(error);
  }
  return { kind: 'success', registrationId };
}
