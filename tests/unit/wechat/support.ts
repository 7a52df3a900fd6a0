import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import { config } from '@/config/env';
import { server } from '../../msw-server';

// The browser tests' user agents, so both suites test the same WeChat versions.
export {
  WECHAT_USER_AGENT as ANDROID_WECHAT_UA,
  WECHAT_IOS_USER_AGENT as IOS_WECHAT_UA,
} from '../../e2e/support/wechat-bridge';
export const IOS_SAFARI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const originalUserAgent = navigator.userAgent;

export function setUserAgent(ua: string): void {
  Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
}

export function restoreUserAgent(): void {
  Object.defineProperty(navigator, 'userAgent', { value: originalUserAgent, configurable: true });
}

export interface BridgeCall {
  name: string;
  args: Record<string, unknown>;
}

export interface BridgeStub {
  calls: BridgeCall[];
  callsTo: (name: string) => BridgeCall[];
}

export interface BridgeOptions {
  /** err_msg for each preVerifyJSAPI (wx.config) in turn; 'config:ok' once they run out. */
  configAnswers?: string[];
  /** The answer to scanQRCode, shaped as WeChat sends it; null: the scanner closes without one. */
  scanAnswer?: () => Record<string, unknown> | null;
  /** How long WeChat takes to answer wx.config (Infinity: never). */
  configDelayMs?: number;
}

/**
 * window.WeixinJSBridge as WeChat provides it, answering asynchronously like the real client, so that
 * weixin-js-sdk's own code runs in the tests.
 */
export function installBridge({
  configAnswers = [],
  scanAnswer,
  configDelayMs = 0,
}: BridgeOptions = {}): BridgeStub {
  const calls: BridgeCall[] = [];
  const answers = [...configAnswers];
  const answer = (name: string): Record<string, unknown> | null => {
    if (name === 'preVerifyJSAPI') return { err_msg: answers.shift() ?? 'config:ok' };
    if (name === 'scanQRCode' && scanAnswer) return scanAnswer();
    return { err_msg: `${name}:fail` };
  };
  (window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = {
    invoke(name: string, args: Record<string, unknown>, callback: (result: Record<string, unknown>) => void) {
      calls.push({ name, args: { ...args } });
      const result = answer(name);
      const delay = name === 'preVerifyJSAPI' ? configDelayMs : 0;
      if (result && Number.isFinite(delay)) setTimeout(() => callback(result), delay);
    },
    on: vi.fn(),
  };
  return { calls, callsTo: (name) => calls.filter((call) => call.name === name) };
}

export function removeBridge(): void {
  Reflect.deleteProperty(window, 'WeixinJSBridge');
}

export const signatureEndpoint = `${config.apiBaseUrl}/api/v1/Account/GenerateWeChatSignature`;

/** Answers the signature endpoint with sig1, sig2, … and records each request body. */
export function useSignatureEndpoint(): { bodies: { url: string }[] } {
  const bodies: { url: string }[] = [];
  server.use(
    http.post(signatureEndpoint, async ({ request }) => {
      bodies.push((await request.json()) as { url: string });
      const n = bodies.length;
      // The backend may send the timestamp as a number or a string.
      const timestamp = n % 2 === 1 ? 1700000000 + n : String(1700000000 + n);
      return HttpResponse.json({
        statusCode: 2000,
        responseData: { timestamp, nonceStr: `nonce${n}`, signature: `sig${n}` },
      });
    }),
  );
  return { bodies };
}

/**
 * weixin-js-sdk as a fresh instance. The SDK reads the user agent
 * when it loads and keeps its config state for the life of the page; vitest loads node_modules outside
 * its module registry, so vi.resetModules alone would share one instance (and one user agent) across
 * tests. This evaluates the package's own unmodified source again instead.
 */
export function evaluateWeixinJsSdk(): { default: unknown } {
  const source = readFileSync(createRequire(import.meta.url).resolve('weixin-js-sdk'), 'utf8');
  const module: { exports: unknown } = { exports: {} };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running the package's own file
  (new Function('module', 'exports', source) as (m: typeof module, e: unknown) => void)(
    module,
    module.exports,
  );
  return { default: module.exports };
}

/** A fresh copy of the library and of weixin-js-sdk (which reads the user agent once, when loaded). */
export async function loadFreshWeChatLib(ua: string) {
  setUserAgent(ua);
  vi.resetModules();
  vi.doMock('weixin-js-sdk', evaluateWeixinJsSdk);
  const lib = await import('@/lib/wechat');
  const sdk = (await import('weixin-js-sdk')).default;
  return { lib, sdk };
}
