import {
  SAVED_WITHOUT_ID_MESSAGE,
  type BindFailureReason,
  type FieldProblemName,
  type RegisterAndBindOutcome,
} from '@/api/registration/register-and-bind';

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
export function bindFailureText(reason: BindFailureReason, message: string): string {
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
 * The reason and the words of a failure no field can fix: a refusal, or a Submit that saved the
 * registration without saying which (the person finds it in 信息查询, so it reads as not found).
 */
export function bindFailureOf(
  outcome: Extract<RegisterAndBindOutcome, { kind: 'refused' | 'saved-without-id' }>,
): { reason: BindFailureReason; message: string } {
  return outcome.kind === 'refused'
    ? { reason: outcome.reason, message: outcome.message }
    : { reason: 'not-found', message: SAVED_WITHOUT_ID_MESSAGE };
}
