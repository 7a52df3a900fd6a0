import { describe, expect, it } from 'vitest';
import { config } from '@/config/env';
import { paths } from '@/config/paths';
import { buildAuthorizeUrl, consumeOAuthState, createOAuthState, readOAuthState } from '@/lib/wechat';
import { stateCarrying } from '../support/oauth-state';

const callbackUrl = `${window.location.origin}${config.publicBase}callback`;
const NONCE_LENGTH = 20;
const someNonce = 'A'.repeat(NONCE_LENGTH);

describe('buildAuthorizeUrl', () => {
  it('builds the snsapi_base authorize URL in the order WeChat expects', () => {
    const state = createOAuthState('/checkUserInfoDetail?id=42');
    const url = buildAuthorizeUrl({ state });

    expect(url).toBe(
      `https://open.weixin.qq.com/connect/oauth2/authorize?appid=${config.wechatAppId}` +
        `&redirect_uri=${encodeURIComponent(callbackUrl)}` +
        '&response_type=code&scope=snsapi_base' +
        `&state=${state}#wechat_redirect`,
    );
    expect(new URL(url).searchParams.get('redirect_uri')).toBe(callbackUrl);
  });

  it('accepts another redirect route', () => {
    const url = buildAuthorizeUrl({ redirectPath: paths.checkUser });
    expect(new URL(url).searchParams.get('redirect_uri')).toBe(
      `${window.location.origin}${config.publicBase}checkUser`,
    );
  });
});

describe('createOAuthState', () => {
  it('is a letters-and-digits state within WeChat limits that reads back to the path', () => {
    const state = createOAuthState('/checkUserRepoetDetail?id=3f2a-9&tab=1');
    expect(state).toMatch(/^[A-Za-z0-9]+$/);
    expect(state.length).toBeLessThanOrEqual(128);
    expect(readOAuthState(state)).toBe('/checkUserRepoetDetail?id=3f2a-9&tab=1');
  });

  it('starts each state with a different nonce', () => {
    const nonces = new Set(
      Array.from({ length: 50 }, () => createOAuthState('/checkUser').slice(0, NONCE_LENGTH)),
    );
    expect(nonces.size).toBe(50);
  });

  it('leaves the path out when it is refused or too long for WeChat (the callback then goes home)', () => {
    for (const path of ['https://evil.example/', `/checkUser?id=${'9'.repeat(200)}`]) {
      const state = createOAuthState(path);
      expect(state).toMatch(new RegExp(`^[A-Za-z0-9]{${NONCE_LENGTH}}$`));
      expect(readOAuthState(state)).toBeNull();
    }
  });
});

describe('consumeOAuthState', () => {
  it('trusts a state this tab made exactly once', () => {
    const state = createOAuthState('/checkUser');
    expect(consumeOAuthState(state)).toBe(true);
    expect(consumeOAuthState(state)).toBe(false);
  });

  it('trusts no state it did not make: a planted one, another nonce, a menu link’s, none', () => {
    const mine = createOAuthState('/checkUser');
    const otherNonce = `${mine[0] === 'a' ? 'b' : 'a'}${mine.slice(1)}`;
    expect(consumeOAuthState(otherNonce)).toBe(false);
    expect(consumeOAuthState(stateCarrying('/checkUser'))).toBe(false);
    expect(consumeOAuthState('STATE')).toBe(false);
    expect(consumeOAuthState('')).toBe(false);
    expect(consumeOAuthState(undefined)).toBe(false);
    // The tab's own state is still good after those attempts.
    expect(consumeOAuthState(mine)).toBe(true);
  });

  it('trusts no state once its tab storage is gone (another tab, a cleared session)', () => {
    const state = createOAuthState('/checkUser');
    sessionStorage.clear();
    expect(consumeOAuthState(state)).toBe(false);
  });

  it('keeps the last five pending states: an older one is no longer trusted', () => {
    const states = Array.from({ length: 6 }, () => createOAuthState('/checkUser'));
    expect(consumeOAuthState(states[0])).toBe(false);
    expect(states.slice(1).map(consumeOAuthState)).toEqual([true, true, true, true, true]);
  });
});

describe('readOAuthState', () => {
  // Which paths it refuses: tests/unit/auth/return-path.test.ts (the login redirect's rule).
  it('reads app paths after the nonce, including non-ASCII query text (percent-encoded)', () => {
    expect(readOAuthState(stateCarrying('/checkUser'))).toBe('/checkUser');
    expect(readOAuthState(stateCarrying('/checkUserInfoSearch?q=张'))).toBe(
      '/checkUserInfoSearch?q=%E5%BC%A0',
    );
    expect(readOAuthState(stateCarrying('/messageDetail?id=Z9'))).toBe('/messageDetail?id=Z9');
  });

  it('refuses malformed states', () => {
    expect(readOAuthState(null)).toBeNull();
    expect(readOAuthState('')).toBeNull();
    expect(readOAuthState('/checkUser')).toBeNull();
    expect(readOAuthState(stateCarrying('/checkUser', ''))).toBeNull();
    expect(readOAuthState(`${someNonce}Z2`)).toBeNull();
    expect(readOAuthState(`${someNonce}Z2Fabc%20`)).toBeNull();
    // Invalid UTF-8.
    expect(readOAuthState(`${someNonce}Z2FZFF`)).toBeNull();
  });
});
