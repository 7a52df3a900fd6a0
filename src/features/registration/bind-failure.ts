import {
  SAVED_WITHOUT_ID_MESSAGE,
  type BindFailureReason,
  type FieldProblemName,
  type RegisterAndBindOutcome,
  type RegisterAndBindStep,
} from '@/api/sampling/register-and-bind';
import { transientCause, type TransientCause } from '@/lib/http/retry-policy';
import { audiencePages, type UserAudience } from '@/config/audience';
import { paths, withQuery } from '@/config/paths';
import type { Id } from '@/types/api';

export type { BindFailureReason, FieldProblemName };

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

/** The failure as one line for a page that shows it in place: the explanation, then the server's words. */
function bindFailureText(reason: BindFailureReason, message: string): string {
  return `${BIND_FAILURE_MESSAGES[reason]}（${message}）`;
}

/** Router state of the entry form: a field problem handed back, e.g. by /bindErr's retry. */
export interface EntryLocationState {
  problem?: { field: FieldProblemName; message: string };
}

/** Router state of /bindErr: the server's own words (never in the URL) and whether the form is one step back. */
export interface BindErrorState {
  message?: string;
  fromForm?: boolean;
}

/**
 * Where the outcome arrives: the entry form, /bindErr's 重试 (`state`: the page's own router state),
 * or the detail page's binding of a registration that has no tube.
 */
export type OutcomePlace =
  | { place: 'form'; audience: UserAudience }
  | { place: 'bindErr'; state: BindErrorState }
  | { place: 'detail' };

/** What the person sees of a register-and-bind outcome. */
export type OutcomeView =
  /** Bound: the next page, or (`to` undefined: the detail page) a toast and the registration reloaded. */
  | { show: 'bound'; to?: string }
  /** Another page: /bindErr with the reason, or the form with a problem handed back to a field. */
  | { show: 'page'; to: string; replace: boolean; state: BindErrorState | EntryLocationState }
  /** A message at the tube code or the collection time, which gets the focus. */
  | { show: 'field'; field: FieldProblemName; message: string }
  /** A line on the page itself: the explanation, then the server's words. */
  | { show: 'line'; text: string }
  /** The ID card is registered already: offer to open that registration. */
  | { show: 'existing'; registrationId?: Id; message: string }
  /**
   * Nothing was decided and the queue may resend it (no network, a busy server: the retry policy's
   * 'transient'): offer the offline queue (staff on the entry form only).
   */
  | {
      show: 'queue';
      message: string;
      cause: TransientCause;
      retryAfterMs?: number;
      step: RegisterAndBindStep;
      registrationId?: Id;
    }
  /** The client's own message for the failure (lib/http showError). */
  | { show: 'error'; error: unknown };

/**
 * The one reading of a register-and-bind outcome for the person, wherever it arrives: the next page,
 * the field to fix, a line, an offer (the existing registration, the offline queue) or the client's
 * message.
 */
export function outcomeView(outcome: RegisterAndBindOutcome, where: OutcomePlace): OutcomeView {
  switch (outcome.kind) {
    case 'bound': {
      if (where.place === 'detail') return { show: 'bound' };
      const success =
        where.place === 'form' ? audiencePages(where.audience).registrationSuccess : paths.bindSuccess;
      return { show: 'bound', to: withQuery(success, { id: outcome.registrationId }) };
    }
    case 'refused':
      return failureView(outcome.reason, outcome.message, where);
    case 'saved-without-id':
      return failureView('not-found', SAVED_WITHOUT_ID_MESSAGE, where);
    case 'field':
      // From /bindErr the field is on the form: back there, with the problem at its field.
      return where.place === 'bindErr'
        ? {
            show: 'page',
            to: paths.infoEnter,
            replace: true,
            state: { problem: { field: outcome.field, message: outcome.message } },
          }
        : { show: 'field', field: outcome.field, message: outcome.message };
    case 'id-card-registered':
      return { show: 'existing', registrationId: outcome.registrationId, message: outcome.message };
    case 'rejected':
      return { show: 'error', error: outcome.error };
    case 'not-sent':
      // Any transient failure of a request (no network, a timeout, 503, 429, a gateway's page): the
      // queue resends it and checks first whether a lost answer had saved it (register-and-bind).
      if (
        where.place === 'form' &&
        where.audience === 'work' &&
        outcome.disposition === 'transient' &&
        outcome.errorKind !== undefined &&
        outcome.errorKind !== 'repeat-submit'
      )
        return {
          show: 'queue',
          message: outcome.message,
          cause: transientCause(outcome.error),
          retryAfterMs: outcome.retryAfterMs,
          step: outcome.step,
          registrationId: outcome.registrationId,
        };
      return { show: 'error', error: outcome.error };
  }
}

/** A failure no field can fix: /bindErr for staff (the form's or /bindErr's own), else a line in place. */
function failureView(reason: BindFailureReason, message: string, where: OutcomePlace): OutcomeView {
  if (where.place === 'bindErr' || (where.place === 'form' && where.audience === 'work'))
    return {
      show: 'page',
      to: withQuery(paths.bindErr, { reason }),
      // Again on /bindErr: the same page with the new reason (it stays mounted), and 重试 works again.
      replace: where.place === 'bindErr',
      state: { ...(where.place === 'bindErr' ? where.state : { fromForm: true }), message },
    };
  return { show: 'line', text: bindFailureText(reason, message) };
}
