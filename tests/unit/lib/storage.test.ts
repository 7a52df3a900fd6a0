import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  readStored,
  readText,
  removeStored,
  STORAGE_REFUSED_MESSAGE,
  storedKeys,
  writeStored,
  writeText,
} from '@/lib/storage';
import { setToken } from '@/lib/token';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A webview whose storage throws on the mere property (site data blocked), as some sandboxes do. */
function blockStorage() {
  const denied = () => {
    throw new DOMException('denied', 'SecurityError');
  };
  vi.spyOn(window, 'localStorage', 'get').mockImplementation(denied);
  vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(denied);
}

describe('lib/storage: every failure of storage ends there', () => {
  it('where storage cannot even be named, a read finds nothing and a write says it was refused', () => {
    blockStorage();
    for (const area of ['local', 'session'] as const) {
      expect(readText(area, 'k')).toBeUndefined();
      expect(readStored(area, 'k', v.string())).toBeUndefined();
      expect(writeText(area, 'k', 'x')).toBe(false);
      expect(writeStored(area, 'k', { a: 1 })).toBe(false);
      expect(() => removeStored(area, 'k')).not.toThrow();
      expect(storedKeys(area)).toEqual([]);
    }
  });

  it('where storage is full, a write says so', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(writeStored('local', 'k', [1, 2])).toBe(false);
  });

  it('reads a value through its schema, and drops one that does not fit with a line naming its kind only', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    writeStored('session', 'report-criteria:work', { type: 'mine' });
    expect(readStored('session', 'report-criteria:work', v.object({ type: v.literal('mine') }))).toEqual({
      type: 'mine',
    });
    for (const planted of ['["1",', '[1]']) {
      localStorage.setItem('hidden-server-drafts:work:admin', planted);
      expect(readStored('local', 'hidden-server-drafts:work:admin', v.array(v.string()))).toBeUndefined();
      expect(localStorage.getItem('hidden-server-drafts:work:admin')).toBeNull();
    }
    expect(warn).toHaveBeenCalledWith('本机保存的数据格式不正确，已忽略（hidden-server-drafts）');
  });

  it('a sign-in whose token the tab cannot keep fails, in words a person reads', () => {
    blockStorage();
    expect(() => setToken('t')).toThrow(STORAGE_REFUSED_MESSAGE);
  });
});
