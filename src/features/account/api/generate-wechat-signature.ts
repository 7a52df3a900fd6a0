/**
 * 生成微信 JS-SDK 签名 POST /api/v1/Account/GenerateWeChatSignature
 * Lives in src/lib/wechat (the JS-SDK setup below the features layer needs it); re-exported here so every
 * endpoint has its file in its domain.
 */
export {
  generateWeChatSignature,
  generateWeChatSignatureUrl,
  type WeChatSignature,
} from '@/lib/wechat/signature';
