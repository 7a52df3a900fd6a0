import { request } from '@/lib/http';
import { loginResultSchema, type CallOptions, type LoginResult, type WeChatLoginPayload } from '@/types/api';
import * as endpoints from '../endpoints';

/**
 * 微信授权登录 POST /api/v1/Account/LoginWeChat
 * An OAuth code works once: a replayed callback fails with API_STATUS.wechatCodeUsed.
 */
export function loginWeChat(payload: WeChatLoginPayload, options?: CallOptions): Promise<LoginResult> {
  return request({
    schema: loginResultSchema,
    url: endpoints.loginWeChat,
    method: 'post',
    data: payload,
    withToken: false,
    ...options,
  });
}
