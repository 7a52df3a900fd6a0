import { expect } from 'vitest';
import { loginManage, loginWeChat } from '@/api/account';
import { isApiError, type ApiError } from '@/lib/http';
import { setToken } from '@/lib/token';

/** Signs in as a demo staff account and stores the token like the login page does. */
export async function signInStaff(accountName: 'admin' | 'worker' = 'admin'): Promise<string> {
  const { token } = await loginManage({ accountName, accountPwd: '123456' });
  setToken(token);
  return token;
}

let codeNumber = 0;

/** Signs in as the demo check user 张秀英 through a fresh OAuth code. */
export async function signInCheckUser(): Promise<string> {
  codeNumber += 1;
  const { token } = await loginWeChat({ code: `test-code-${codeNumber}`, state: 'checkUser' });
  setToken(token);
  return token;
}

/** The ApiError a call rejects with (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(isApiError(error)).toBe(true);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

/** An ISO date-time `minutes` from now (negative: in the past). */
export function minutesFromNow(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString();
}
