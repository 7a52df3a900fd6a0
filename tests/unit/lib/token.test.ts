import { getToken, removeToken, setToken } from '@/lib/token';

describe('token storage', () => {
  it('reads null when nothing is stored', () => {
    expect(getToken()).toBeNull();
  });

  it.each([['abc.def.ghi'], ['Bearer 123'], ['令牌']])(
    'stores %j in sessionStorage under "token"',
    (token) => {
      setToken(token);
      expect(sessionStorage.getItem('token')).toBe(token);
      expect(localStorage.getItem('token')).toBeNull();
      expect(getToken()).toBe(token);
    },
  );

  it('reads a token written by someone else under "token"', () => {
    sessionStorage.setItem('token', 'from-elsewhere');
    expect(getToken()).toBe('from-elsewhere');
  });

  it('removes the token and leaves other keys alone', () => {
    setToken('t');
    sessionStorage.setItem('other', 'x');
    removeToken();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(getToken()).toBeNull();
    expect(sessionStorage.getItem('other')).toBe('x');
  });

  it('overwrites the previous token', () => {
    setToken('first');
    setToken('second');
    expect(getToken()).toBe('second');
  });

  it('get and remove do not throw when storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(getToken()).toBeNull();
    expect(() => removeToken()).not.toThrow();
  });
});
