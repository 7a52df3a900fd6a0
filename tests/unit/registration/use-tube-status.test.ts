import { act, renderHook, waitFor } from '@testing-library/react';
import { useTubeStatus } from '@/features/registration/use-tube-status';
import { defaultDb } from '@/mocks/db';
import { signInForTest } from '../support/render-route';
import { recordRequests } from '../support/request-log';
import { QueryWrapper } from '../support/query-wrapper';
import { holdRequests } from '../support/held-request';

/** Two tubes that were never bound. */
function spareCodes(): [string, string] {
  const codes = defaultDb.state.tubes.filter((tube) => tube.status === 'unbound').map((tube) => tube.code);
  return [codes[0], codes[1]];
}

describe('useTubeStatus', () => {
  it('looks up each code as it changes: loading at once, never with the last code’s result', async () => {
    await signInForTest('work');
    const [first, second] = spareCodes();
    const { result, rerender } = renderHook(({ code }) => useTubeStatus(code, 20), {
      initialProps: { code: ` ${first} ` },
      wrapper: QueryWrapper,
    });
    expect(result.current).toMatchObject({ code: first, loading: true, result: null });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.result).toMatchObject({ tubeCode: first, exists: true });

    rerender({ code: second });
    expect(result.current).toMatchObject({ code: second, loading: true, result: null, error: null });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.result).toMatchObject({ tubeCode: second, exists: true });

    // Asked again, the form shows the lookup running, not the answer it doubts.
    const lookup = holdRequests('*/api/v1/Sampling/GetSamplingTubeStatus');
    act(() => result.current.reload());
    await waitFor(() => expect(result.current).toMatchObject({ loading: true, result: null }));
    lookup.release();
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.result).toMatchObject({ tubeCode: second });

    rerender({ code: '  ' });
    expect(result.current).toMatchObject({ code: '', loading: false, result: null, error: null });
  });

  it('looks a scanned code up at once, a typed one after the typing pause', async () => {
    // Long enough that "at once" and "after the pause" stay apart on a busy machine.
    const TYPING_PAUSE_MS = 4000;
    await signInForTest('work');
    const requests = recordRequests();
    const [first, second] = spareCodes();
    const { result, rerender } = renderHook(({ code }) => useTubeStatus(code, TYPING_PAUSE_MS), {
      initialProps: { code: '' },
      wrapper: QueryWrapper,
    });
    // The scanner hands over its code and the form takes it, in one render.
    act(() => result.current.scanned(first));
    rerender({ code: first });
    await waitFor(() => expect(requests.count('/Sampling/GetSamplingTubeStatus')).toBe(1), {
      timeout: TYPING_PAUSE_MS - 1000,
    });

    rerender({ code: second });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(requests.count('/Sampling/GetSamplingTubeStatus')).toBe(1);
    await waitFor(() => expect(requests.count('/Sampling/GetSamplingTubeStatus')).toBe(2));
  });
});
