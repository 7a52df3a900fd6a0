import { useRequest } from 'ahooks';
import type { Options, Result } from 'ahooks/lib/useRequest/src/types';

/** Shown where it happened (the page's error state, lib/http's toast), never logged as well. */
const shownElsewhere = () => undefined;

/**
 * The one way the app loads data into a component: ahooks' useRequest (`ready`, `refreshDeps`,
 * `debounceWait`, `manual`, `mutate`…) with the app's error handling set once. A failed request is
 * in `error` for the component to show; without an `onError` of its own, ahooks would also log it to
 * the console. A call's own `onError` replaces this one. (The entry form's lookups, useTubeStatus and
 * useDictionary, are hooks of their own: that page loads no ahooks, to stay within its bundle budget.)
 */
export function useApiRequest<TData, TParams extends unknown[] = []>(
  service: (...args: TParams) => Promise<TData>,
  options?: Options<TData, TParams>,
): Result<TData, TParams> {
  return useRequest(service, { onError: shownElsewhere, ...options });
}
