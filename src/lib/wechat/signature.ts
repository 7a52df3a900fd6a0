import { request } from '@/lib/http';
import {
  weChatSignatureSchema,
  type CallOptions,
  type WeChatSignaturePayload,
  type WeChatSignatureResult,
} from '@/types/api';

export const generateWeChatSignatureUrl = '/api/v1/Account/GenerateWeChatSignature';

/** What wx.config needs from the server. `timestamp` may arrive as a number or a numeric string. */
export type WeChatSignature = WeChatSignatureResult;

/**
 * 生成微信 JS-SDK 签名 POST /api/v1/Account/GenerateWeChatSignature
 * `url` is the page URL to sign; the hash is never sent (WeChat signs without it).
 */
export function generateWeChatSignature(url: string, options?: CallOptions): Promise<WeChatSignature> {
  const payload: WeChatSignaturePayload = { url: url.split('#')[0] };
  return request({
    schema: weChatSignatureSchema,
    url: generateWeChatSignatureUrl,
    method: 'post',
    data: payload,
    ...options,
  });
}
