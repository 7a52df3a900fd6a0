import { act, renderHook } from '@testing-library/react';
import * as v from 'valibot';
import { readPersisted, usePersistentState, writePersisted } from '@/lib/use-persistent-state';

const nameForm = v.object({ name: v.string() });
const personForm = v.object({ name: v.string(), id: v.optional(v.string()) });

describe('usePersistentState (drafts)', () => {
  it('restores what was typed after a remount (reload, back)', async () => {
    const first = renderHook(() => usePersistentState('form', nameForm, { name: '' }, 10));
    act(() => first.result.current.setValue({ name: '李建国' }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    first.unmount();
    const second = renderHook(() => usePersistentState('form', nameForm, { name: '' }, 10));
    expect(second.result.current.value).toEqual({ name: '李建国' });
    expect(second.result.current.restored).toBe(true);
  });

  it('writes a pending change when the page is hidden, before the debounce', () => {
    const { result } = renderHook(() => usePersistentState('form', nameForm, { name: '' }, 10_000));
    act(() => result.current.setValue({ name: '王芳' }));
    expect(readPersisted('form', personForm)).toBeUndefined();
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(readPersisted('form', personForm)).toEqual({ name: '王芳' });
  });

  it('clear() forgets the draft', () => {
    const { result, unmount } = renderHook(() => usePersistentState('form', nameForm, { name: '' }, 10));
    act(() => result.current.setValue({ name: '赵敏' }));
    act(() => result.current.clear());
    expect(result.current.value).toEqual({ name: '' });
    unmount();
    expect(readPersisted('form', personForm)).toBeUndefined();
  });

  it('drops drafts older than seven days', () => {
    writePersisted('old', { name: 'x' });
    const raw = JSON.parse(localStorage.getItem('draft:old')!) as { savedAt: number };
    localStorage.setItem('draft:old', JSON.stringify({ ...raw, savedAt: Date.now() - 8 * 24 * 3600 * 1000 }));
    expect(readPersisted('old', nameForm)).toBeUndefined();
  });
});

describe('usePersistentState ordering', () => {
  it('a clear() right after setValue() is not undone by the pending save', async () => {
    const { result, unmount } = renderHook(() => usePersistentState('form', nameForm, { name: '' }, 10));
    act(() => {
      result.current.setValue({ name: '孙丽' });
      result.current.clear();
    });
    await new Promise((resolve) => setTimeout(resolve, 40));
    unmount();
    expect(readPersisted('form', personForm)).toBeUndefined();
  });

  /** Waits past the debounce (10 ms in these tests), so a write that was only scheduled has happened. */
  const pastDebounce = () => new Promise((resolve) => setTimeout(resolve, 30));

  it('a late change from a form that was left is kept while nothing else has changed the draft', async () => {
    const first = renderHook(() => usePersistentState('form', personForm, { name: '', id: '' }, 10));
    act(() => first.result.current.setValue({ name: '周红', id: '' }));
    first.unmount();
    // e.g. the server's id for the draft, answered after the page was left
    first.result.current.setValue((previous) => ({ ...previous, id: '9001' }));
    await pastDebounce();
    expect(readPersisted('form', personForm)).toEqual({ name: '周红', id: '9001' });
  });

  it.each([
    ['emptied', undefined],
    ['given another person', { name: '吴强', id: '' }],
  ])(
    'a late change from a form that was left does not undo the form opened again and %s',
    async (_label, typedAgain) => {
      const first = renderHook(() => usePersistentState('form', personForm, { name: '', id: '' }, 10));
      act(() => first.result.current.setValue({ name: '周红', id: '' }));
      first.unmount();
      const second = renderHook(() => usePersistentState('form', personForm, { name: '', id: '' }, 10));
      expect(second.result.current.value).toEqual({ name: '周红', id: '' });
      act(() => (typedAgain ? second.result.current.setValue(typedAgain) : second.result.current.clear()));
      second.unmount();

      first.result.current.setValue((previous) => ({ ...previous, id: '9001' }));
      await pastDebounce();
      expect(readPersisted('form', personForm)).toEqual(typedAgain);
    },
  );

  it('functional updates see the latest value', () => {
    const { result } = renderHook(() => usePersistentState('count', v.number(), 0, 10));
    act(() => {
      result.current.setValue((n) => n + 1);
      result.current.setValue((n) => n + 1);
    });
    expect(result.current.value).toBe(2);
  });
});
