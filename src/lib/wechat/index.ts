export { isWeChat, isIOS, isAndroid } from './environment';
export { captureEntryUrl, signatureUrl } from './entry-url';
export { generateWeChatSignature, generateWeChatSignatureUrl, type WeChatSignature } from './signature';
export { WeChatUnavailableError, WeChatConfigError, ScanCancelledError, ScanFailedError } from './errors';
export { ensureWeChatReady, prepareWeChat } from './sdk';
export { scanTubeCode, cleanScanResult } from './scan';
export {
  buildAuthorizeUrl,
  startAuthorization,
  createOAuthState,
  consumeOAuthState,
  readOAuthState,
  type AuthorizeUrlOptions,
} from './oauth';
