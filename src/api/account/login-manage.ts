import { request } from '@/lib/http';
import type { CallOptions, LoginManagePayload, LoginResult } from '@/types/api';

const loginManageUrl = '/api/v1/Account/LoginManage';

/** 账号密码登录 POST /api/v1/Account/LoginManage */
export function loginManage(payload: LoginManagePayload, options?: CallOptions): Promise<LoginResult> {
  return request<LoginResult>({
    url: loginManageUrl,
    method: 'post',
    data: payload,
    withToken: false,
    repeatSubmit: true,
    ...options,
  });
}
