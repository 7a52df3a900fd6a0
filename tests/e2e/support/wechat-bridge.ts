/**
 * A stand-in for WeChat's native bridge in browser tests, so weixin-js-sdk's own code runs:
 * `wx.config` becomes `invoke('preVerifyJSAPI', …)` and `wx.scanQRCode` becomes `invoke('scanQRCode', …)`.
 * Answers come asynchronously, as from the real client.
 *
 * In the page:
 * - `window.__wxCalls`: every invoke, `{ name, args }` in order (args include the verify* signature fields).
 * - `window.__setNextScanResult(code)`: what the next scans return; `null` makes the user cancel.
 * - `window.__setConfigAnswer(mode)`: how wx.config is answered from now on: 'ok' (default), 'error'
 *   (invalid signature), 'never', or a number of milliseconds to answer 'ok' after.
 */

/** Android WeChat 8.0.47 (the app's main audience). */
export const WECHAT_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 12; PGEM10 Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2585 ' +
  'MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

/** iOS WeChat 8.0.47: weixin-js-sdk then expects scan results wrapped in JSON. */
export const WECHAT_IOS_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

export interface WeChatBridgeCall {
  name: string;
  args: Record<string, unknown>;
}

export interface WeChatBridgeOptions {
  /** What scans return until __setNextScanResult changes it (default 'TUBE0001'); null cancels. */
  scanResult?: string | null;
}

/** A script for `page.addInitScript` / `context.addInitScript` (runs before the app's own scripts). */
export function weChatBridgeInitScript(options: WeChatBridgeOptions = {}): string {
  const initialScanResult = options.scanResult === undefined ? 'TUBE0001' : options.scanResult;
  return `(() => {
  const calls = [];
  let scanResult = ${JSON.stringify(initialScanResult)};
  window.__wxCalls = calls;
  window.__setNextScanResult = (code) => { scanResult = code; };
  let configAnswer = 'ok';
  window.__setConfigAnswer = (mode) => { configAnswer = mode; };

  function answer(name, args) {
    if (name === 'preVerifyJSAPI') return { err_msg: configAnswer === 'error' ? 'config:invalid signature' : 'config:ok' };
    if (name === 'scanQRCode') {
      // As WeChat does after a refused configuration: the API is not permitted.
      if (configAnswer === 'error') return { err_msg: 'scanQRCode:permission denied' };
      if (scanResult === null) return { err_msg: 'scanQRCode:cancel' };
      // weixin-js-sdk reads resultStr on iOS as JSON { scan_code: { scan_result } }, on Android as the text.
      const isIOS = /iphone|ipad/i.test(navigator.userAgent);
      const resultStr = isIOS
        ? JSON.stringify({ scan_code: { scan_type: 'qrcode', scan_result: scanResult } })
        : scanResult;
      return { err_msg: 'scanQRCode:ok', resultStr, needResult: args.needResult };
    }
    // Nothing else is used by the app (this also keeps the SDK's statistics beacon quiet).
    return { err_msg: name + ':fail' };
  }

  window.WeixinJSBridge = {
    invoke(name, args, callback) {
      calls.push({ name, args: JSON.parse(JSON.stringify(args || {})) });
      const result = answer(name, args || {});
      const delay = name !== 'preVerifyJSAPI' ? 0 : typeof configAnswer === 'number' ? configAnswer : configAnswer === 'never' ? null : 0;
      if (delay !== null) setTimeout(() => { if (typeof callback === 'function') callback(result); }, delay);
    },
    on() {},
  };
  const announce = () => document.dispatchEvent(new Event('WeixinJSBridgeReady'));
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', announce, { once: true });
  else announce();
})();`;
}
