import { useEffect, useRef, useState, type DependencyList } from 'react';

export interface ApiRequestOptions<TData, TParams extends unknown[]> {
  /** Runs only when called (`run`, `runAsync`, `refresh`): not on mount, not as `refreshDeps` change. */
  manual?: boolean;
  /** While false nothing runs by itself; turning true runs it (default true). */
  ready?: boolean;
  /** Runs again, with the last call's params, when one of these changes. */
  refreshDeps?: DependencyList;
  /** Waits this long before each request; a call during the wait replaces the one waiting. */
  debounceWait?: number;
  onSuccess?: (data: TData, params: TParams) => void;
  /** For a call that acts on its failure itself; the failure is in `error` either way. */
  onError?: (error: Error, params: TParams) => void;
}

export interface ApiRequest<TData, TParams extends unknown[]> {
  /** The latest call's answer, kept while the next one runs. */
  data: TData | undefined;
  /** Why the latest call failed, until one succeeds. */
  error: Error | undefined;
  loading: boolean;
  /** This call's answer; it never settles when a later call superseded it. Stable across renders. */
  runAsync: (...params: TParams) => Promise<TData>;
  /** runAsync, its failure left in `error`. Stable. */
  run: (...params: TParams) => void;
  /** Runs again with the last call's params. Stable. */
  refresh: () => void;
  /** Changes `data` without a request (a record removed from a list). Stable. */
  mutate: (data: TData | undefined | ((previous: TData | undefined) => TData | undefined)) => void;
}

interface State<TData> {
  data?: TData;
  error?: Error;
  loading: boolean;
}

const superseded = new Promise<never>(() => undefined);
const ignore = () => undefined;

/**
 * The loads not yet moved onto lib/query-client.ts (the entry form's lookups and server draft,
 * /downSuccess, the report PDF); every other read is a `useRead`. No answer is shared or kept beyond
 * the component. An answer, its failure and its loading state, with
 * the options pages use (`ready`, `refreshDeps`, `debounceWait`, `manual`, `mutate`, named as in ahooks'
 * useRequest, which this replaced). Only the latest call's answer is taken: a stale one is dropped, so
 * a slow answer to an earlier query never shows. A failure is in `error` for the component to show
 * (lib/http has shown it already unless the call is `silent`); nothing is logged.
 */
export function useApiRequest<TData, TParams extends unknown[] = []>(
  service: (...params: TParams) => Promise<TData>,
  options: ApiRequestOptions<TData, TParams> = {},
): ApiRequest<TData, TParams> {
  const { manual = false, ready = true, refreshDeps = [] } = options;
  const auto = !manual && ready;
  const [state, setState] = useState<State<TData>>(() => ({ loading: auto }));
  const latest = useRef({ service, options });
  useEffect(() => {
    latest.current = { service, options };
  });

  // Made once, so that its functions are stable: the calls so far, and how to make one.
  const [calls] = useState(() => {
    let count = 0;
    let lastParams = [] as unknown[] as TParams;
    let waiting: ReturnType<typeof setTimeout> | undefined;
    /** Makes a call (loading is on already); the calls before it are superseded. */
    const send = async (...params: TParams): Promise<TData> => {
      const call = ++count;
      lastParams = params;
      clearTimeout(waiting);
      const { debounceWait = 0 } = latest.current.options;
      // A later call clears this timer: then this one is never sent.
      if (debounceWait > 0) await new Promise((resolve) => (waiting = setTimeout(resolve, debounceWait)));
      let data: TData;
      try {
        data = await latest.current.service(...params);
      } catch (reason) {
        if (call !== count) return superseded;
        const error = reason as Error;
        setState((previous) => ({ ...previous, error, loading: false }));
        latest.current.options.onError?.(error, params);
        throw error;
      }
      if (call !== count) return superseded;
      setState({ data, loading: false });
      latest.current.options.onSuccess?.(data, params);
      return data;
    };
    const runAsync = (...params: TParams) => {
      setState((previous) => ({ ...previous, loading: true }));
      return send(...params);
    };
    const run = (...params: TParams) => void runAsync(...params).catch(ignore);
    const request: Pick<ApiRequest<TData, TParams>, 'runAsync' | 'run' | 'refresh' | 'mutate'> = {
      runAsync,
      run,
      refresh: () => run(...lastParams),
      mutate: (data) => {
        const next = (previous: TData | undefined) =>
          typeof data === 'function' ? (data as (old?: TData) => TData)(previous) : data;
        setState((previous) => ({ ...previous, data: next(previous.data) }));
      },
    };
    return {
      request,
      /** The run `ready` and `refreshDeps` make; one still waiting out its debounce is dropped with them. */
      autoRun: () => {
        send(...lastParams).catch(ignore);
        return () => clearTimeout(waiting);
      },
      /** The component is gone: no answer lands after it. */
      stop: () => {
        count += 1;
        clearTimeout(waiting);
      },
    };
  });

  // Loading from the render where `ready` or `refreshDeps` change (state adjusted while rendering, as
  // React documents for a change of props), the request in the effect after it.
  const deps = [auto, ...refreshDeps];
  const [autoDeps, setAutoDeps] = useState(deps);
  if (deps.length !== autoDeps.length || deps.some((dep, i) => !Object.is(dep, autoDeps[i]))) {
    setAutoDeps(deps);
    if (auto) setState((previous) => ({ ...previous, loading: true }));
  }
  useEffect(() => (auto ? calls.autoRun() : undefined), [auto, autoDeps, calls]);
  useEffect(() => calls.stop, [calls]);

  return { data: state.data, error: state.error, loading: state.loading, ...calls.request };
}
