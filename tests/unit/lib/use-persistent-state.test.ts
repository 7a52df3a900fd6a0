import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readPersisted, usePersistentState, writePersisted } from '@/lib/use-persistent-state';

afterEach(() => localStorage.clear());

describe('usePersistentState where storage refuses every write (Safari 10 private tabs, a full disk)', () => {
  it('keeps what is typed in memory, and nothing throws', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const { result } = renderHook(() => usePersistentState('registration:work', { name: '' }, 0));
    act(() => result.current.setValue({ name: '赵小红' }));
    // The debounced write runs (and is refused) without an error reaching the page.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(setItem).toHaveBeenCalled();
    expect(result.current.value).toEqual({ name: '赵小红' });
    expect(() => writePersisted('registration:work', { name: '赵小红' })).not.toThrow();
    expect(readPersisted('registration:work')).toBeUndefined();
  });

  it('where storage works, the same value is there after a reload', async () => {
    const first = renderHook(() => usePersistentState('registration:work', { name: '' }, 0));
    act(() => first.result.current.setValue({ name: '赵小红' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    first.unmount();
    const again = renderHook(() => usePersistentState('registration:work', { name: '' }, 0));
    expect(again.result.current.value).toEqual({ name: '赵小红' });
    expect(again.result.current.restored).toBe(true);
  });
});
