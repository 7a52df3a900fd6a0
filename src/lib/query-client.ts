import { QueryCache, QueryClient } from '@tanstack/react-query';
import { readRetryDelayMs, shouldRetryRead, showError } from '@/lib/http';
import { getToken, onTokenChange } from '@/lib/token';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The page shows the failure itself (AsyncView, a line of its own): no toast after the last try. */
      silent?: boolean;
    };
  }
}

/** How long an answer is fresh: a page takes its loader's answer; a write invalidates what it changed. */
const FRESH_MS = 10_000;

/**
 * The one cache of server answers (TanStack Query). Each try's request is silent (the query functions
 * pass `silent`); the last failure is shown once by the error policy, unless the read is `silent`.
 * Retry: lib/http/retry-policy.ts (quick transient failures, within the spec's timeout).
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.silent) showError(error);
    },
  }),
  defaultOptions: {
    queries: {
      // Nothing is read without a session: a page still on screen after a 401 or a sign-out asks nothing.
      enabled: () => getToken() !== null,
      staleTime: FRESH_MS,
      retry: shouldRetryRead,
      retryDelay: readRetryDelayMs,
      // A failed read is the failure of the visit that asked (a loader's, then its page's, with 重试).
      retryOnMount: false,
      // Requests go out whatever navigator.onLine says: without a connection a read fails as `network`.
      networkMode: 'always',
      // A page asks again when it mounts or is shown again (keep-alive), not when the tab regains focus.
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});

// A sign-in, a sign-out or a 401: every answer of the session that ended is dropped, a request of it
// still under way is cancelled (its answer lands nowhere), and what is on screen is read again for the
// new session, if there is one.
onTokenChange(() => void queryClient.resetQueries());

// ... and forgotten once no page shows it: the next visit asks afresh.
queryClient.getQueryCache().subscribe(({ type, query }) => {
  if (type === 'observerRemoved' && query.state.status === 'error' && !query.getObserversCount()) {
    queryClient.getQueryCache().remove(query);
  }
});
