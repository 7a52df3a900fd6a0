import { act, renderHook, waitFor } from '@testing-library/react';
import { useApiRequest } from '@/lib/use-api-request';

describe('useApiRequest', () => {
  it('keeps a failure for the component to show, and does not log it', async () => {
    const logged = vi.spyOn(console, 'error');
    const failure = new Error('后端接口连接异常');
    const { result } = renderHook(() => useApiRequest(() => Promise.reject(failure)));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.error).toBe(failure);
    expect(logged).not.toHaveBeenCalled();
  });

  it('lets a call handle its failure itself', async () => {
    const onError = vi.fn();
    const failure = new Error('x');
    renderHook(() => useApiRequest(() => Promise.reject(failure), { onError }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(failure, []));
  });
});

/** A request the test answers when it likes. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

describe('useApiRequest options', () => {
  it('drops a stale answer: a slow answer to the earlier query never shows', async () => {
    const answers = new Map([
      ['a', deferred<string>()],
      ['b', deferred<string>()],
    ]);
    const { result, rerender } = renderHook(
      ({ query }) => useApiRequest(() => answers.get(query)!.promise, { refreshDeps: [query] }),
      { initialProps: { query: 'a' } },
    );
    rerender({ query: 'b' });
    expect(result.current.loading).toBe(true);
    answers.get('b')!.resolve('answer to b');
    await act(() => answers.get('b')!.promise);
    expect(result.current.data).toBe('answer to b');
    answers.get('a')!.resolve('answer to a');
    await act(() => answers.get('a')!.promise);
    expect(result.current).toMatchObject({ data: 'answer to b', loading: false });
  });

  it('waits out debounceWait, and a call during the wait replaces the one waiting', async () => {
    const service = vi.fn((query: string) => Promise.resolve(`answer to ${query}`));
    const { result } = renderHook(() => useApiRequest(service, { manual: true, debounceWait: 50 }));
    act(() => {
      result.current.run('a');
      result.current.run('b');
    });
    expect(result.current.loading).toBe(true);
    expect(service).not.toHaveBeenCalled();
    await waitFor(() => expect(result.current.data).toBe('answer to b'));
    expect(service.mock.calls).toEqual([['b']]);
  });

  it('runs only while ready, and as soon as it turns ready', async () => {
    const service = vi.fn(() => Promise.resolve('answer'));
    const { result, rerender } = renderHook(({ ready }) => useApiRequest(service, { ready }), {
      initialProps: { ready: false },
    });
    expect(result.current.loading).toBe(false);
    await act(() => Promise.resolve());
    expect(service).not.toHaveBeenCalled();
    rerender({ ready: true });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.data).toBe('answer'));
    expect(service).toHaveBeenCalledTimes(1);
  });

  it('runs again when refreshDeps change, not when the component renders again', async () => {
    const service = vi.fn((id: string) => Promise.resolve(`record ${id}`));
    const { result, rerender } = renderHook(
      ({ id }) => useApiRequest(() => service(id), { refreshDeps: [id] }),
      { initialProps: { id: '1' } },
    );
    await waitFor(() => expect(result.current.data).toBe('record 1'));
    rerender({ id: '1' });
    await act(() => Promise.resolve());
    expect(service).toHaveBeenCalledTimes(1);
    rerender({ id: '2' });
    await waitFor(() => expect(result.current.data).toBe('record 2'));
    expect(service.mock.calls).toEqual([['1'], ['2']]);
  });

  it('mutate changes the answer without a request; manual waits for run', async () => {
    const service = vi.fn(() => Promise.resolve(['x', 'y']));
    const { result } = renderHook(() => useApiRequest(service, { manual: true }));
    expect(result.current.loading).toBe(false);
    await act(async () => result.current.runAsync());
    act(() => result.current.mutate((list) => list?.filter((item) => item !== 'x')));
    expect(result.current.data).toEqual(['y']);
    expect(service).toHaveBeenCalledTimes(1);
  });
});
