import { describe, expect, it } from 'vitest';
import { weChatNetworkType } from '@/lib/observability/sentry';

describe('weChatNetworkType (the network reports are tagged with)', () => {
  it.each([
    [
      'Android WeChat on Wi-Fi',
      'Mozilla/5.0 (Linux; Android 12) XWEB/5061 MicroMessenger/8.0.35 WeChat/arm64 Weixin NetType/WIFI Language/zh_CN',
      'WIFI',
    ],
    [
      'iPhone WeChat on 4G',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 13_7 like Mac OS X) MicroMessenger/8.0.20(0x18001442) NetType/4G Language/zh_CN',
      '4G',
    ],
    ['a lower-case type', 'MicroMessenger/8.0 NetType/5g', '5G'],
    [
      'a browser outside WeChat',
      'Mozilla/5.0 (Linux; Android 12) Chrome/107.0 Mobile Safari/537.36',
      'unknown',
    ],
  ])('%s', (_label, userAgent, network) => {
    expect(weChatNetworkType(userAgent)).toBe(network);
  });
});
