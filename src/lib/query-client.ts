import { useEffect, useSyncExternalStore } from 'react';
import {
  QueryCache,
  QueryClient,
  hashKey,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  type UseInfiniteQueryResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { ApiError } from '@/lib/http/errors';
import { readRetryDelayMs, shouldRetryRead } from '@/lib/http/retry-policy';
import { showError } from '@/lib/http/toast-policy';
import { getToken, onTokenChange } from '@/lib/token';
import type { CallOptions } from '@/types/api';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The page shows the failure itself (AsyncView, a line of its own): no toast after the last try. */
      silent?: boolean;
    };
  }
}

/**
 * The one cache of server answers (TanStack Query): every read of the app is a query of this client,
 * keyed first by the session it was read for (`sessionKey`).
 *
 * - Retry: the table of lib/http/retry-policy.ts. A read that decided nothing (no connection, a timeout,
 *   429, 502, 503, 504) is tried again with backoff, full jitter and the server's Retry-After, at most
 *   READ_MAX_TRIES times; a refusal and a 401 never. Writes are not the cache's (no mutations here).
 * - Failure: each try's request is `silent`; the query's last failure is shown once, by the one error
 *   policy (`showError`), unless the read is `silent` (then the page shows it).
 * - Session: a sign-in or sign-out (lib/token.ts) removes every answer of another session, and an answer
 *   arriving late for one lands under its old key, which nothing reads.
 * - Requests go out whatever navigator.onLine says (`networkMode: 'always'`): a read without a
 *   connection fails as the client's `network` error and shows the page's error state.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.silent) showError(error);
    },
  }),
  defaultOptions: {
    queries: {
      retry: (failures, error) => shouldRetryRead(failures + 1, error),
      retryDelay: (failures, error) => readRetryDelayMs(failures + 1, error),
      networkMode: 'always',
      // A page asks again when it mounts or is shown again (keep-alive), not when the tab regains focus.
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});

/** No one is signed in (no read runs then: `sessionQuery`). */
const SIGNED_OUT = 'signed-out';

/** The first part of every read's key: the session (its token) the answer is read for. */
function sessionKey(): string {
  return getToken() ?? SIGNED_OUT;
}

onTokenChange(() => {
  const current = sessionKey();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== current });
});

/** One read of server data, as a page or a route's loader names it. */
export interface Read<T> {
  /** What is read, without the session (added here): `['report', id]`. */
  key: QueryKey;
  /** The request; pass `call` on to the api function (it makes each try silent). */
  read: (call: CallOptions) => Promise<T>;
  /** The page shows a failure itself: no toast. */
  silent?: boolean;
  /**
   * How long an answer counts as fresh (default 0: asked again whenever a page showing it mounts);
   * Infinity: read once for the session (the profile, a dictionary).
   */
  staleTime?: number;
  /** False: not read yet (a search before its first criteria). Default true. */
  enabled?: boolean;
}

/** A read as TanStack Query's options, under the current session's key. */
export function sessionQuery<T>({
  key,
  read,
  silent,
  staleTime,
  enabled,
}: Read<T>): UseQueryOptions<T, Error, T, QueryKey> {
  const session = sessionKey();
  return {
    queryKey: [session, ...key],
    // A try that starts after its session ended (a 401, a sign-out, another sign-in) sends nothing: it
    // would go out under no token, or another person's.
    queryFn: () =>
      sessionKey() === session
        ? read({ silent: true })
        : Promise.reject(new ApiError('canceled', '会话已结束')),
    meta: { silent },
    staleTime,
    // An answer that never goes stale is kept for the session, not collected while no page shows it.
    gcTime: staleTime === Infinity ? Infinity : undefined,
    // Every page that reads needs a session: after a 401 or a sign-out nothing is read until the next.
    enabled: enabled !== false && getToken() !== null,
  };
}

/**
 * Changes this session's answer of a read without asking the server (a record removed from a list, a
 * message marked read): every component showing it follows.
 */
export function setReadData<T>(read: Read<T>, update: (previous: T | undefined) => T | undefined): void {
  queryClient.setQueryData<T>(sessionQuery(read).queryKey, update);
}

/**
 * A query of its own kind (a paged list's `useInfiniteQuery`) under the current session: its key, and
 * whether it may run (only with a session).
 */
export function sessionKeyed(key: QueryKey): { queryKey: QueryKey; signedIn: boolean } {
  return { queryKey: [sessionKey(), ...key], signedIn: getToken() !== null };
}

/** The current session, as a component's state: a sign-in or sign-out renders its reads anew. */
function useSessionKey(): string {
  return useSyncExternalStore(onTokenChange, sessionKey);
}

/**
 * How a component reads server data: one call. `data` is this session's answer (kept while a refresh
 * runs), `error` the last try's failure, `isPending` true until the first answer.
 */
export function useRead<T>(read: Read<T>): UseQueryResult<T> {
  useSessionKey();
  const options = sessionQuery(read);
  const hash = hashKey(options.queryKey);
  // A read started early for this page gives its first answer, or its failure (shown with 重试).
  const early = handedOver(hash);
  const result = useQuery(
    { ...options, refetchOnMount: (query) => !handedOver(query.queryHash), retryOnMount: !early },
    queryClient,
  );
  // After useQuery's own effects (its subscription asked refetchOnMount): handed over once.
  useEffect(() => void prefetched.delete(hash), [hash]);
  return result;
}

/**
 * A paged read (an infinite query of this client, its key from `sessionKeyed`); here so that the
 * library stays one shared chunk.
 */
export function useInfiniteRead<TPage, TPageParam>(
  options: UseInfiniteQueryOptions<TPage, Error, InfiniteData<TPage, TPageParam>, QueryKey, TPageParam>,
): UseInfiniteQueryResult<InfiniteData<TPage, TPageParam>> {
  useSessionKey();
  return useInfiniteQuery(options, queryClient);
}

/** A read started longer ago than this belongs to a visit that never took it: the page asks afresh. */
const HANDED_OVER_WITHIN_MS = 15_000;

/** When each read started by `prefetchRead` that no page has taken yet began (by its key's hash). */
const prefetched = new Map<string, number>();

// An answer removed (another session's, or the whole cache) was never handed over.
queryClient.getQueryCache().subscribe((event) => {
  if (event.type === 'removed') prefetched.delete(event.query.queryHash);
});

function handedOver(hash: string): boolean {
  const at = prefetched.get(hash);
  return at !== undefined && Date.now() - at < HANDED_OVER_WITHIN_MS;
}

/**
 * Starts a read before the page that shows it has loaded (a route's loader, a sign-in as soon as its
 * token exists), unless one was started for this session just now: the first `useRead` of the same
 * key takes its answer, or joins its request, without asking again; later ones ask afresh.
 */
export function prefetchRead<T>(read: Read<T>): void {
  const options = sessionQuery(read);
  // prefetchQuery does not heed `enabled`: without a session (after a 401, on the way to sign-in)
  // nothing is read, as for useRead.
  if (options.enabled === false) return;
  const hash = hashKey(options.queryKey);
  if (handedOver(hash)) return;
  prefetched.set(hash, Date.now());
  void queryClient.prefetchQuery(options);
}
