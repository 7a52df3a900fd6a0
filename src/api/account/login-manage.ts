import { request } from '@/lib/http';
import { loginResultSchema, type CallOptions, type LoginManagePayload, type LoginResult } from '@/types/api';
import * as endpoints from '../endpoints';

/** 账号密码登录 POST /api/v1/Account/LoginManage */
export function loginManage(payload: LoginManagePayload, options?: CallOptions): Promise<LoginResult> {
  return request({
    schema: loginResultSchema,
    url: endpoints.loginManage,
    method: 'post',
    data: payload,
    withToken: false,
    repeatSubmit: true,
    ...options,
  });
}
