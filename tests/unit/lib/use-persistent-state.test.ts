import * as v from 'valibot';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSessionOwner } from '@/lib/session';
import { SHARED_PHONE_KEY } from '@/lib/shared-phone';
import { setToken } from '@/lib/token';
import { readPersisted, usePersistentState, writePersisted } from '@/lib/use-persistent-state';

const nameForm = v.object({ name: v.string() });

afterEach(() => localStorage.clear());

describe('usePersistentState where storage refuses every write (Safari 10 private tabs, a full disk)', () => {
  it('keeps what is typed in memory, and nothing throws', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const { result } = renderHook(() => usePersistentState('registration:work', nameForm, { name: '' }, 0));
    act(() => result.current.setValue({ name: '赵小红' }));
    // The debounced write runs (and is refused) without an error reaching the page.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(setItem).toHaveBeenCalled();
    expect(result.current.value).toEqual({ name: '赵小红' });
    expect(() => writePersisted('registration:work', { name: '赵小红' })).not.toThrow();
    expect(readPersisted('registration:work', nameForm)).toBeUndefined();
  });

  it('where storage works, the same value is there after a reload', async () => {
    const first = renderHook(() => usePersistentState('registration:work', nameForm, { name: '' }, 0));
    act(() => first.result.current.setValue({ name: '赵小红' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    first.unmount();
    const again = renderHook(() => usePersistentState('registration:work', nameForm, { name: '' }, 0));
    expect(again.result.current.value).toEqual({ name: '赵小红' });
    expect(again.result.current.restored).toBe(true);
  });
});

describe('where a draft is kept (lib/shared-phone.ts draftStorage)', () => {
  afterEach(() => sessionStorage.clear());

  it.each([
    // [phone, session's group, where the draft goes]
    ['a shared phone', 'check', 'sessionStorage'],
    ['a shared phone', 'work', 'localStorage'],
    ['a person’s own phone', 'check', 'localStorage'],
  ] as const)('on %s, a %s session’s draft goes to %s', (phone, audience, where) => {
    if (phone === 'a shared phone') localStorage.setItem(SHARED_PHONE_KEY, '1');
    setToken('token');
    setSessionOwner({ audience, account: '3' });
    writePersisted('report-search:check', { idCard: '11010519491231002X' });
    const kept = { localStorage, sessionStorage }[where];
    const other = where === 'localStorage' ? sessionStorage : localStorage;
    expect(kept.getItem('draft:report-search:check')).toContain('11010519491231002X');
    expect(other.getItem('draft:report-search:check')).toBeNull();
    expect(readPersisted('report-search:check', v.object({ idCard: v.string() }))).toEqual({
      idCard: '11010519491231002X',
    });
  });
});
