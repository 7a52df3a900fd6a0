import { describe, expect, it } from 'vitest';
import { config } from '@/config/env';
import { paths } from '@/config/paths';
import { buildAuthorizeUrl, encodeOAuthState, readOAuthState } from '@/lib/wechat';

const callbackUrl = `${window.location.origin}${config.publicBase}callback`;

describe('buildAuthorizeUrl', () => {
  it('builds the snsapi_base authorize URL in the order WeChat expects', () => {
    const url = buildAuthorizeUrl({ state: '/checkUserInfoDetail?id=42' });

    expect(url).toBe(
      `https://open.weixin.qq.com/connect/oauth2/authorize?appid=${config.wechatAppId}` +
        `&redirect_uri=${encodeURIComponent(callbackUrl)}` +
        '&response_type=code&scope=snsapi_base' +
        `&state=${encodeOAuthState('/checkUserInfoDetail?id=42')}#wechat_redirect`,
    );
    expect(new URL(url).searchParams.get('redirect_uri')).toBe(callbackUrl);
  });

  it('carries the return path in a letters-and-digits state that reads back', () => {
    const state = new URL(
      buildAuthorizeUrl({ state: '/checkUserRepoetDetail?id=3f2a-9&tab=1' }),
    ).searchParams.get('state');

    expect(state).toMatch(/^[A-Za-z0-9]+$/);
    expect(state!.length).toBeLessThanOrEqual(128);
    expect(readOAuthState(state)).toBe('/checkUserRepoetDetail?id=3f2a-9&tab=1');
  });

  it('leaves the state empty for a path it refuses or one too long for WeChat', () => {
    const stateOf = (path: string) => new URL(buildAuthorizeUrl({ state: path })).searchParams.get('state');

    expect(stateOf('https://evil.example/')).toBe('');
    expect(stateOf(`/checkUser?id=${'9'.repeat(200)}`)).toBe('');
    expect(stateOf('/checkUser')).toBe('Z2FcheckUser');
  });

  it('accepts another redirect route', () => {
    const url = buildAuthorizeUrl({ redirectPath: paths.checkUser });
    expect(new URL(url).searchParams.get('redirect_uri')).toBe(
      `${window.location.origin}${config.publicBase}checkUser`,
    );
  });
});

describe('readOAuthState', () => {
  it('reads app paths, including non-ASCII query text', () => {
    expect(readOAuthState(encodeOAuthState('/checkUser'))).toBe('/checkUser');
    expect(readOAuthState(encodeOAuthState('/checkUserInfoSearch?q=张'))).toBe('/checkUserInfoSearch?q=张');
    expect(readOAuthState(encodeOAuthState('/messageDetail?id=Z9'))).toBe('/messageDetail?id=Z9');
  });

  it('refuses anything that could leave the app or loop', () => {
    const encodeRaw = (text: string) =>
      [...new TextEncoder().encode(text)]
        .map((byte) =>
          /[A-Ya-z0-9]/.test(String.fromCharCode(byte))
            ? String.fromCharCode(byte)
            : `Z${byte.toString(16).toUpperCase().padStart(2, '0')}`,
        )
        .join('');

    expect(readOAuthState(encodeRaw('https://evil.example/'))).toBeNull();
    expect(readOAuthState(encodeRaw('//evil.example/x'))).toBeNull();
    expect(readOAuthState(encodeRaw('/\\evil.example'))).toBeNull();
    expect(readOAuthState(encodeRaw('javascript:alert(1)'))).toBeNull();
    expect(readOAuthState(encodeRaw('/checkUser\n'))).toBeNull();
    expect(readOAuthState(encodeRaw('/callback?code=1'))).toBeNull();
    expect(readOAuthState(encodeRaw('checkUser'))).toBeNull();
  });

  it('refuses malformed states', () => {
    expect(readOAuthState(null)).toBeNull();
    expect(readOAuthState('')).toBeNull();
    expect(readOAuthState('/checkUser')).toBeNull();
    expect(readOAuthState('Z2')).toBeNull();
    expect(readOAuthState('Z2Fabc%20')).toBeNull();
    // Invalid UTF-8.
    expect(readOAuthState('Z2FZFF')).toBeNull();
  });
});
