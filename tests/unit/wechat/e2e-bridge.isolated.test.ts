import { afterEach, describe, expect, it } from 'vitest';
import {
  weChatBridgeInitScript,
  WECHAT_IOS_USER_AGENT,
  WECHAT_USER_AGENT,
  type WeChatBridgeCall,
} from '../../e2e/support/wechat-bridge';
import { loadFreshWeChatLib, removeBridge, restoreUserAgent, useSignatureEndpoint } from './support';

/** The page-side globals the browser-test stub defines. */
interface StubWindow {
  __wxCalls: WeChatBridgeCall[];
  __setNextScanResult: (code: string | null) => void;
}

function runInitScript(script: string): StubWindow {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- what page.addInitScript does in the browser
  (new Function(script) as () => void)();
  return window as unknown as StubWindow;
}

afterEach(() => {
  removeBridge();
  restoreUserAgent();
  Reflect.deleteProperty(window, '__wxCalls');
  Reflect.deleteProperty(window, '__setNextScanResult');
});

// The browser tests' bridge stub (tests/e2e/support/wechat-bridge.ts), checked against the real SDK.
describe('weChatBridgeInitScript', () => {
  it('answers config and scans on Android, and lets a test change the next result', async () => {
    const { lib } = await loadFreshWeChatLib(WECHAT_USER_AGENT);
    const page = runInitScript(weChatBridgeInitScript({ scanResult: 'CODE_128,TUBE-A1' }));
    useSignatureEndpoint();

    await expect(lib.scanTubeCode()).resolves.toBe('TUBE-A1');
    page.__setNextScanResult('TUBE-B2');
    await expect(lib.scanTubeCode()).resolves.toBe('TUBE-B2');
    page.__setNextScanResult(null);
    await expect(lib.scanTubeCode()).rejects.toBeInstanceOf(lib.ScanCancelledError);

    const names = page.__wxCalls.map((call) => call.name).filter((name) => name !== 'getNetworkType');
    expect(names).toEqual(['preVerifyJSAPI', 'scanQRCode', 'scanQRCode', 'scanQRCode']);
    expect(page.__wxCalls[0].args).toMatchObject({
      verifyJsApiList: ['scanQRCode'],
      verifySignature: 'sig1',
    });
  });

  it('wraps scan results in JSON for an iOS user agent', async () => {
    const { lib } = await loadFreshWeChatLib(WECHAT_IOS_USER_AGENT);
    lib.captureEntryUrl();
    runInitScript(weChatBridgeInitScript({ scanResult: 'TUBE-IOS' }));
    useSignatureEndpoint();

    await expect(lib.scanTubeCode()).resolves.toBe('TUBE-IOS');
  });

  it('exports WeChat user agents the app recognises', async () => {
    const { lib } = await loadFreshWeChatLib(WECHAT_USER_AGENT);
    expect(lib.isWeChat(WECHAT_USER_AGENT) && lib.isAndroid(WECHAT_USER_AGENT)).toBe(true);
    expect(lib.isWeChat(WECHAT_IOS_USER_AGENT) && lib.isIOS(WECHAT_IOS_USER_AGENT)).toBe(true);
  });
});
