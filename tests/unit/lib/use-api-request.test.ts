import { renderHook, waitFor } from '@testing-library/react';
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
