import { API_STATUS } from '@/types/api';

/** Spec §8, exactly. The statusCode values themselves are in API_STATUS (src/types/api.ts). */
const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  401: '认证失败，无法访问系统资源',
  403: '当前操作没有权限',
  404: '访问资源不存在',
};
export const DEFAULT_STATUS_MESSAGE = '系统未知错误，请联系客服';

export const NETWORK_ERROR_MESSAGE = '后端接口连接异常';
export const TIMEOUT_MESSAGE = '系统接口请求超时';
export const SESSION_EXPIRED_MESSAGE = '无效的会话，或者会话已过期，请重新登录。';
export const REPEAT_SUBMIT_MESSAGE = '数据正在处理，请勿重复提交';
/**
 * An answer without a field the page needs (ApiError kind 'contract'), naming the call (e.g.
 * 'ScreeningRegister/Search') so that a nurse's screenshot tells the integrator where to look; the
 * field paths go to the console.
 */
export function contractMismatchMessage(call: string): string {
  return `服务器返回的数据格式有误（${call}），请稍后重试或联系客服`;
}

export function httpFailureMessage(status: number): string {
  return `系统接口${String(status).slice(-3)}异常`;
}

/** The level a business failure is shown at (spec §8: 9001 is a warning, everything else an error). */
export function statusLevel(code: number | undefined): 'error' | 'warning' {
  return code === API_STATUS.warning ? 'warning' : 'error';
}

/** Spec §8: the code table first, then the server's responseMessage, then the default. */
export function statusMessage(code: number, responseMessage?: string | null): string {
  return STATUS_MESSAGES[code] ?? (responseMessage || DEFAULT_STATUS_MESSAGE);
}

/** Spec §9. */
export const REQUEST_TIMEOUT_MS = 10000;
export const REPEAT_SUBMIT_WINDOW_MS = 1000;
export const REPEAT_SUBMIT_SIZE_LIMIT = 5 * 1024 * 1024;
