import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from '@/config/env';
import { server } from '../../msw-server';
import {
  ANDROID_WECHAT_UA,
  IOS_SAFARI_UA,
  IOS_WECHAT_UA,
  installBridge,
  loadFreshWeChatLib,
  removeBridge,
  restoreUserAgent,
  signatureEndpoint,
  useSignatureEndpoint,
} from './support';

const origin = window.location.origin;
/** Lets the bridge's asynchronous answers arrive. */
const bridgeTurn = () => new Promise((resolve) => setTimeout(resolve, 5));

afterEach(() => {
  removeBridge();
  restoreUserAgent();
  window.history.replaceState(null, '', '/');
});

describe('ensureWeChatReady', () => {
  it('signs the entry URL on iOS after pushState, without the hash, and configures only scanQRCode once', async () => {
    window.history.replaceState(null, '', '/checkUser?from=menu#top');
    const { lib, sdk } = await loadFreshWeChatLib(IOS_WECHAT_UA);
    lib.captureEntryUrl();
    const configSpy = vi.spyOn(sdk, 'config');
    const bridge = installBridge();
    const { bodies } = useSignatureEndpoint();

    window.history.pushState(null, '', '/checkUserInfoEnter?id=7#form');
    await lib.ensureWeChatReady();

    expect(bodies).toEqual([{ url: `${origin}/checkUser?from=menu` }]);
    expect(configSpy).toHaveBeenCalledTimes(1);
    expect(configSpy).toHaveBeenCalledWith({
      debug: false,
      appId: config.wechatAppId,
      timestamp: 1700000001,
      nonceStr: 'nonce1',
      signature: 'sig1',
      jsApiList: ['scanQRCode'],
    });
    const [preVerify] = bridge.callsTo('preVerifyJSAPI');
    expect(preVerify.args).toMatchObject({
      verifyJsApiList: ['scanQRCode'],
      verifyAppId: config.wechatAppId,
      verifySignature: 'sig1',
      verifyNonceStr: 'nonce1',
      verifyTimestamp: '1700000001',
    });

    // iOS keeps checking against the entry URL: navigation needs no new config.
    window.history.pushState(null, '', '/checkUserInfoSearch');
    await lib.ensureWeChatReady();
    expect(bodies).toHaveLength(1);
    expect(configSpy).toHaveBeenCalledTimes(1);
  });

  it('signs the current URL on Android and configures again after the URL changes', async () => {
    window.history.replaceState(null, '', '/workUser#top');
    const { lib, sdk } = await loadFreshWeChatLib(ANDROID_WECHAT_UA);
    lib.captureEntryUrl();
    const configSpy = vi.spyOn(sdk, 'config');
    installBridge();
    const { bodies } = useSignatureEndpoint();

    window.history.pushState(null, '', '/infoEnter?id=7#form');
    await lib.ensureWeChatReady();
    await lib.ensureWeChatReady();
    expect(bodies).toEqual([{ url: `${origin}/infoEnter?id=7` }]);

    window.history.pushState(null, '', '/infoSearch');
    await lib.ensureWeChatReady();
    expect(bodies).toEqual([{ url: `${origin}/infoEnter?id=7` }, { url: `${origin}/infoSearch` }]);
    expect(configSpy).toHaveBeenCalledTimes(2);
    // The second signature came with a string timestamp; wx.config gets a number.
    expect(configSpy).toHaveBeenLastCalledWith(
      expect.objectContaining({ timestamp: 1700000002, signature: 'sig2' }),
    );
  });

  it('retries once with a fresh signature after wx.error', async () => {
    const { lib, sdk } = await loadFreshWeChatLib(ANDROID_WECHAT_UA);
    const configSpy = vi.spyOn(sdk, 'config');
    const bridge = installBridge({ configAnswers: ['config:invalid signature'] });
    const { bodies } = useSignatureEndpoint();

    await lib.ensureWeChatReady();

    expect(bodies).toHaveLength(2);
    expect(configSpy).toHaveBeenCalledTimes(2);
    expect(configSpy).toHaveBeenLastCalledWith(
      expect.objectContaining({ signature: 'sig2', nonceStr: 'nonce2' }),
    );
    expect(bridge.callsTo('preVerifyJSAPI')).toHaveLength(2);
  });

  it('signs again on the next call when WeChat rejects a configuration after the SDK first answered', async () => {
    // weixin-js-sdk runs wx.ready at once for every config after its first answer; the later failure
    // still reaches wx.error, which must drop the configuration.
    const { lib } = await loadFreshWeChatLib(ANDROID_WECHAT_UA);
    installBridge({ configAnswers: ['config:invalid signature', 'config:invalid signature'] });
    const { bodies } = useSignatureEndpoint();

    await lib.ensureWeChatReady();
    await bridgeTurn();
    await lib.ensureWeChatReady();

    expect(bodies).toHaveLength(3);
  });

  it('rejects with a Chinese message when the signature cannot be used twice', async () => {
    const { lib, sdk } = await loadFreshWeChatLib(ANDROID_WECHAT_UA);
    const configSpy = vi.spyOn(sdk, 'config');
    installBridge();
    let requests = 0;
    server.use(
      http.post(signatureEndpoint, () => {
        requests += 1;
        return HttpResponse.json({
          statusCode: 2000,
          responseData: { timestamp: 'soon', nonceStr: '', signature: '' },
        });
      }),
    );

    const failure = lib.ensureWeChatReady();

    await expect(failure).rejects.toBeInstanceOf(lib.WeChatConfigError);
    await expect(failure).rejects.toThrow('微信扫码暂不可用，请手动输入采样管编码');
    expect(requests).toBe(2);
    expect(configSpy).not.toHaveBeenCalled();
  });

  describe('one time limit a person feels: 5 s from the tap', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('a bridge that never confirms: rejects at 5 s with the type-it-in message, and the next tap signs again', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { lib } = await loadFreshWeChatLib(ANDROID_WECHAT_UA);
      installBridge({ configDelayMs: Infinity });
      const { bodies } = useSignatureEndpoint();

      const outcome = lib.ensureWeChatReady().then(
        () => 'ready',
        (error: Error) => error.message,
      );
      await vi.waitFor(() => expect(bodies).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(4_800);
      expect(await Promise.race([outcome, Promise.resolve('waiting')])).toBe('waiting');
      await vi.advanceTimersByTimeAsync(400);
      expect(await outcome).toBe('微信扫码暂不可用，请手动输入采样管编码');

      void lib.ensureWeChatReady().catch(() => undefined);
      await vi.waitFor(() => expect(bodies).toHaveLength(2));
    });

    it('a bridge that confirms late: the tap gives up at 5 s, and the next tap uses the late confirmation', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { lib } = await loadFreshWeChatLib(ANDROID_WECHAT_UA);
      installBridge({ configDelayMs: 7_000 });
      const { bodies } = useSignatureEndpoint();

      const first = lib.ensureWeChatReady();
      const firstOutcome = first.catch((error: Error) => error);
      await vi.advanceTimersByTimeAsync(5_100);
      expect(await firstOutcome).toBeInstanceOf(lib.WeChatConfigError);
      await vi.advanceTimersByTimeAsync(2_500);

      await expect(lib.ensureWeChatReady()).resolves.toBeUndefined();
      expect(bodies).toHaveLength(1);
    });
  });

  it('rejects with the ApiError when the signature request fails, without retrying it', async () => {
    const { lib } = await loadFreshWeChatLib(ANDROID_WECHAT_UA);
    installBridge();
    let requests = 0;
    server.use(
      http.post(signatureEndpoint, () => {
        requests += 1;
        return new HttpResponse(null, { status: 502 });
      }),
    );

    await expect(lib.ensureWeChatReady()).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'http',
      code: 502,
    });
    expect(requests).toBe(1);
    // Shown once, by lib/http's central policy.
    expect(await screen.findByText('系统接口502异常')).toBeInTheDocument();
  });

  it('shares one configuration between concurrent callers', async () => {
    const { lib, sdk } = await loadFreshWeChatLib(IOS_WECHAT_UA);
    lib.captureEntryUrl();
    const configSpy = vi.spyOn(sdk, 'config');
    installBridge();
    const { bodies } = useSignatureEndpoint();

    await Promise.all([lib.ensureWeChatReady(), lib.ensureWeChatReady(), lib.ensureWeChatReady()]);

    expect(bodies).toHaveLength(1);
    expect(configSpy).toHaveBeenCalledTimes(1);
  });

  it('rejects outside WeChat without calling the API', async () => {
    const { lib } = await loadFreshWeChatLib(IOS_SAFARI_UA);
    const { bodies } = useSignatureEndpoint();

    const failure = lib.ensureWeChatReady();

    await expect(failure).rejects.toBeInstanceOf(lib.WeChatUnavailableError);
    await expect(failure).rejects.toThrow('请在微信中打开');
    expect(bodies).toHaveLength(0);
  });
});

describe('prepareWeChat: configured while the page is idle, before the tap', () => {
  it('configures ahead, so the tap asks for no signature', async () => {
    window.history.replaceState(null, '', '/infoEnter');
    const { lib, sdk } = await loadFreshWeChatLib(ANDROID_WECHAT_UA);
    const configSpy = vi.spyOn(sdk, 'config');
    installBridge();
    const { bodies } = useSignatureEndpoint();

    lib.prepareWeChat();
    await vi.waitFor(() => expect(configSpy).toHaveBeenCalledTimes(1));
    await bridgeTurn();
    await lib.ensureWeChatReady();

    expect(bodies).toEqual([{ url: `${origin}/infoEnter` }]);
    expect(configSpy).toHaveBeenCalledTimes(1);
  });

  it('a tap while it is under way waits for it rather than signing twice', async () => {
    const { lib, sdk } = await loadFreshWeChatLib(IOS_WECHAT_UA);
    lib.captureEntryUrl();
    const configSpy = vi.spyOn(sdk, 'config');
    installBridge();
    const { bodies } = useSignatureEndpoint();

    lib.prepareWeChat();
    await lib.ensureWeChatReady();

    expect(bodies).toHaveLength(1);
    expect(configSpy).toHaveBeenCalledTimes(1);
  });

  it('shows nothing when its signature request fails; the tap signs again and shows its own failure', async () => {
    const { lib } = await loadFreshWeChatLib(ANDROID_WECHAT_UA);
    installBridge();
    let requests = 0;
    let answerFirst: () => void = () => {};
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    server.use(
      http.post(signatureEndpoint, async () => {
        requests += 1;
        if (requests === 1) await firstAnswered;
        return new HttpResponse(null, { status: 502 });
      }),
    );

    lib.prepareWeChat();
    // The tap comes while the quiet attempt is still waiting for its answer.
    await vi.waitFor(() => expect(requests).toBe(1));
    const tap = lib.ensureWeChatReady();
    answerFirst();

    await expect(tap).rejects.toMatchObject({ name: 'ApiError', kind: 'http', code: 502 });
    expect(requests).toBe(2);
    expect(await screen.findAllByText('系统接口502异常')).toHaveLength(1);
  });

  it('does nothing outside WeChat', async () => {
    const { lib } = await loadFreshWeChatLib(IOS_SAFARI_UA);
    const { bodies } = useSignatureEndpoint();

    lib.prepareWeChat();
    await bridgeTurn();

    expect(bodies).toHaveLength(0);
  });
});

describe('generateWeChatSignature', () => {
  it('posts the URL without its hash', async () => {
    const { lib } = await loadFreshWeChatLib(ANDROID_WECHAT_UA);
    const { bodies } = useSignatureEndpoint();

    const result = await lib.generateWeChatSignature('https://h5.example.cn/app/checkUser?id=1#anchor');

    expect(bodies).toEqual([{ url: 'https://h5.example.cn/app/checkUser?id=1' }]);
    expect(result).toEqual({ timestamp: 1700000001, nonceStr: 'nonce1', signature: 'sig1' });
  });
});

describe('environment', () => {
  it('tells WeChat, iOS and Android apart from the user agent', async () => {
    const { lib } = await loadFreshWeChatLib(ANDROID_WECHAT_UA);
    expect(lib.isWeChat(ANDROID_WECHAT_UA)).toBe(true);
    expect(lib.isWeChat(IOS_WECHAT_UA.replace('MicroMessenger', 'micromessenger'))).toBe(true);
    expect(lib.isWeChat(IOS_SAFARI_UA)).toBe(false);
    expect(lib.isIOS(IOS_WECHAT_UA)).toBe(true);
    expect(lib.isIOS(ANDROID_WECHAT_UA)).toBe(false);
    expect(lib.isAndroid(ANDROID_WECHAT_UA)).toBe(true);
    expect(lib.isAndroid(IOS_WECHAT_UA)).toBe(false);
    // Without an argument: the browser's own user agent.
    expect(lib.isWeChat()).toBe(true);
  });

  it('signs the current URL when the entry URL was never captured', async () => {
    window.history.replaceState(null, '', '/checkUser?x=1#h');
    const { lib } = await loadFreshWeChatLib(IOS_WECHAT_UA);
    expect(lib.signatureUrl()).toBe(`${origin}/checkUser?x=1`);
  });
});
