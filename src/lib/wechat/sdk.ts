import type WeixinJsSdk from 'weixin-js-sdk';
import { config } from '@/config/env';
import { signatureUrl } from './entry-url';
import { isWeChat } from './environment';
import { WeChatConfigError, WeChatUnavailableError } from './errors';
import { generateWeChatSignature } from './signature';

export type WeChatSdk = typeof WeixinJsSdk;

/**
 * How long a tap on 扫码 waits for WeChat to accept the configuration (signature request, wx.config and
 * its one retry together) before the page says scanning is unavailable. A bridge that never answers
 * (an expired signature, a broken or slow webview) must not keep a person waiting longer than this.
 */
const WECHAT_READY_TIMEOUT_MS = 5_000;

let sdkPromise: Promise<WeChatSdk> | null = null;
/** The URL the SDK is configured for; null before the first success and after a reported failure. */
let configuredUrl: string | null = null;
/** The wx.config under way; `quiet` when it is prepareWeChat's (see startReady). */
let inFlight: { url: string; promise: Promise<void>; quiet: boolean } | null = null;
/** Settles the wx.config attempt that is waiting for WeChat's answer, if one is. */
let settleAttempt: ((error: Error | null) => void) | null = null;

function onConfigError(): void {
  if (settleAttempt) settleAttempt(new WeChatConfigError());
  // A failure nobody waits for (see attemptConfig): sign again on the next call.
  else configuredUrl = null;
}

/** The SDK, loaded on first use so that pages without scanning (login) never download it. */
export function loadWeChatSdk(): Promise<WeChatSdk> {
  sdkPromise ??= import('weixin-js-sdk').then(
    ({ default: wx }) => {
      // weixin-js-sdk keeps one error callback for every config: register ours once, before the first.
      wx.error(onConfigError);
      return wx;
    },
    (error: unknown) => {
      sdkPromise = null;
      throw new WeChatConfigError(undefined, { cause: error });
    },
  );
  return sdkPromise;
}

/** Forget the configuration, e.g. after an API call was refused: the next call signs again. */
export function invalidateWeChatConfig(): void {
  configuredUrl = null;
}

/**
 * One wx.config with a fresh signature. Resolves on wx.ready, rejects on wx.error (WeChat calls the
 * error callback before the ready callbacks when verification fails). It has no time limit of its own:
 * ensureWeChatReady's deadline is the one a person waits for, and a late answer still counts.
 *
 * weixin-js-sdk never resets its state after the first config has been answered: from then on wx.ready
 * runs at once, and a later config's failure only reaches the error callback. So a re-config (Android
 * after navigation, or the retry) resolves without waiting, and its failure, when it comes, clears the
 * configuration in onConfigError so that the next call signs again.
 */
async function attemptConfig(wx: WeChatSdk, url: string, quiet: boolean): Promise<void> {
  const { timestamp, nonceStr, signature } = await generateWeChatSignature(url, { silent: quiet });
  const seconds = Number(timestamp);
  if (!Number.isFinite(seconds) || !nonceStr || !signature) throw new WeChatConfigError();

  await new Promise<void>((resolve, reject) => {
    const settle = (error: Error | null) => {
      if (settleAttempt !== settle) return;
      settleAttempt = null;
      if (error) reject(error);
      else resolve();
    };
    settleAttempt = settle;
    wx.config({
      debug: false,
      appId: config.wechatAppId,
      timestamp: seconds,
      nonceStr,
      signature,
      jsApiList: ['scanQRCode'],
    });
    wx.ready(() => settle(null));
  });
}

async function configure(url: string, quiet: boolean): Promise<void> {
  const wx = await loadWeChatSdk();
  try {
    await attemptConfig(wx, url, quiet);
  } catch (error) {
    // A failed signature request was already shown by lib/http; retrying it would show it twice.
    if (!(error instanceof WeChatConfigError)) throw error;
    // An expired ticket or a stale timestamp: one fresh signature usually passes.
    await attemptConfig(wx, url, quiet);
  }
  configuredUrl = url;
}

/**
 * Resolves once wx.config has succeeded for the URL WeChat checks (signatureUrl): once per page load on
 * iOS, again after each URL change on Android. Concurrent callers share one attempt. Rejects with
 * WeChatUnavailableError outside WeChat (without calling the API), WeChatConfigError when WeChat refuses
 * the configuration twice or has not accepted it within WECHAT_READY_TIMEOUT_MS, or the ApiError of the
 * signature request. After a rejection the next call signs again; an abandoned attempt that WeChat
 * accepts late still counts.
 */
export function ensureWeChatReady(): Promise<void> {
  if (!isWeChat()) return Promise.reject(new WeChatUnavailableError());
  const attempt = startReady(false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      if (inFlight?.promise === attempt) inFlight = null;
      reject(new WeChatConfigError());
    }, WECHAT_READY_TIMEOUT_MS);
  });
  return Promise.race([attempt, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Configures WeChat ahead of the first scan, while a page with a scan button is idle, so that 扫码 opens
 * WeChat's scanner without first loading the SDK and asking for a signature. Quiet: a failure shows
 * nothing here, and the tap then signs again and shows its own. Outside WeChat it does nothing.
 */
export function prepareWeChat(): void {
  if (isWeChat()) startReady(true).catch(() => undefined);
}

function startReady(quiet: boolean): Promise<void> {
  const url = signatureUrl();
  if (configuredUrl === url) return Promise.resolve();
  // A tap waits for a quiet attempt rather than sharing its outcome: should that fail, the tap's own
  // attempt follows and shows why.
  if (inFlight?.url === url && (quiet || !inFlight.quiet)) return inFlight.promise;

  // One config at a time: the SDK holds a single configuration and a single error callback.
  const previous = inFlight ? inFlight.promise.catch(() => undefined) : Promise.resolve();
  const promise: Promise<void> = previous
    .then(() => (configuredUrl === url ? undefined : configure(url, quiet)))
    .finally(() => {
      if (inFlight?.promise === promise) inFlight = null;
    });
  inFlight = { url, promise, quiet };
  return promise;
}
