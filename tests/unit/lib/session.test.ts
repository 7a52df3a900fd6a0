import { describe, expect, it } from 'vitest';
import { clearSession, getSessionOwner, setSessionOwner } from '@/lib/session';
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
