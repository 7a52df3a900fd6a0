import { request } from '@/lib/http';
import { loginResultSchema, type CallOptions, type LoginResult, type WeChatLoginPayload } from '@/types/api';

const loginWeChatUrl = '/api/v1/Account/LoginWeChat';

/**
 * 微信授权登录 POST /api/v1/Account/LoginWeChat
 * An OAuth code works once: a replayed callback fails with API_STATUS.wechatCodeUsed.
 */
export function loginWeChat(payload: WeChatLoginPayload, options?: CallOptions): Promise<LoginResult> {
  return request({
    schema: loginResultSchema,
    url: loginWeChatUrl,
    method: 'post',
    data: payload,
    withToken: false,
    ...options,
  });
}
