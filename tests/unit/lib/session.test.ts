import { describe, expect, it } from 'vitest';
import {
  allowWeChatSignIn,
  checkSignedOut,
  clearSession,
  getSessionOwner,
  recordCheckSignOut,
  setSessionOwner,
} from '@/lib/session';
import { wipePersonalData } from '@/lib/device-data';
import { setToken } from '@/lib/token';

describe('the session owner', () => {
  it('is the account the tab signed in as, kept beside the token in sessionStorage', () => {
    setToken('t');
    setSessionOwner({ audience: 'work', account: 'worker' });
    expect(getSessionOwner()).toEqual({ audience: 'work', account: 'worker' });
    expect(sessionStorage.getItem('session-account')).toBe('worker');
    expect(localStorage.length).toBe(0);
  });

  it('is nobody without a token, or with a token from before accounts were recorded', () => {
    setSessionOwner({ audience: 'check', account: '3' });
    expect(getSessionOwner()).toBeNull();
    setToken('t');
    expect(getSessionOwner()).toEqual({ audience: 'check', account: '3' });
    sessionStorage.removeItem('session-account');
    expect(getSessionOwner()).toBeNull();
  });

  it('ends with the session', () => {
    setToken('t');
    setSessionOwner({ audience: 'work', account: 'admin' });
    clearSession();
    expect(getSessionOwner()).toBeNull();
    expect(sessionStorage.getItem('session-account')).toBeNull();
    expect(sessionStorage.getItem('session-audience')).toBeNull();
  });
});

describe('a check user’s sign-out in this tab', () => {
  it('holds the next WeChat sign-in for a tap, through the sign-out’s wipe, until a tap or a new session', () => {
    recordCheckSignOut('idle');
    wipePersonalData({ audience: 'check', account: '3' });
    expect(checkSignedOut()).toBe('idle');
    allowWeChatSignIn();
    expect(checkSignedOut()).toBeNull();
    recordCheckSignOut('asked');
    setToken('t');
    setSessionOwner({ audience: 'work', account: 'admin' });
    expect(checkSignedOut()).toBeNull();
  });
});
