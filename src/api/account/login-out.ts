import * as v from 'valibot';
import { request } from '@/lib/http';
import type { CallOptions } from '@/types/api';
import * as endpoints from '../endpoints';

/**
 * 退出登录 POST /api/v1/Account/LoginOut
 * Invalidates the token on the server; the caller removes it locally.
 */
export function loginOut(options?: CallOptions): Promise<unknown> {
  // Nothing in the answer is used.
  return request({ schema: v.unknown(), url: endpoints.loginOut, method: 'post', ...options });
}
