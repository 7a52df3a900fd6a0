import { hashKey, useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { pagedQueryOptions, PageParam, PageSlice } from '@/lib/paged-query';
import { useLatest } from '@/lib/use-latest';

export interface PagedListState<T> {
  items: T[];
  /** How many there are in all, when the server says; undefined when it does not. */
  total: number | undefined;
  /** The first page is loading and nothing is on screen yet. */
  loading: boolean;
  error: unknown;
  hasMore: boolean;
  /** Loaded at least once (an empty result is a real empty state). */
  loaded: boolean;
  loadMore: () => Promise<void>;
  /** Reload from page 1 (pull to refresh, retry). */
  refresh: () => Promise<void>;
}

type Pages<T> = InfiniteData<PageSlice<T>, PageParam>;

/** The pages on screen as one page, asked again in one request. */
function asOnePage<T>(data: Pages<T>, pageSize: number): Pages<T> {
  const records = data.pages.flatMap((page) => page.records);
  const size = Math.max(pageSize, Math.ceil(records.length / pageSize) * pageSize);
  return {
    pages: [{ records, total: data.pages[data.pages.length - 1]?.total }],
    pageParams: [{ pageIndex: 1, pageSize: size }],
  };
}

/**
 * A paged list's infinite query (lib/paged-query.ts) as the list shows it: first page, more on scroll,
 * pull to refresh. When a keep-alive page is shown again its effects re-run; the list then refreshes
 * what it already shows in one request, so the items and scroll stay in place.
 */
export function usePagedList<T>(options: ReturnType<typeof pagedQueryOptions<T>>): PagedListState<T> {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(options);
  // A new render's equal key is the same list: effects follow the key's hash, not its array.
  const key = useLatest(options.queryKey);
  const hash = hashKey(options.queryKey);
  const { pageSize } = options.initialPageParam;
  const { refetch, fetchNextPage } = query;
  const enabled = query.isEnabled;

  useEffect(() => {
    if (!enabled) return;
    // Nothing kept yet: the first page is on its way already.
    if (queryClient.setQueryData<Pages<T>>(key.current, (data) => data && asOnePage(data, pageSize))) {
      void refetch();
    }
  }, [enabled, queryClient, key, hash, pageSize, refetch]);

  const loadMore = useCallback(async () => {
    await fetchNextPage({ throwOnError: true, cancelRefetch: false });
  }, [fetchNextPage]);
  const refresh = useCallback(async () => {
    queryClient.setQueryData<Pages<T>>(
      key.current,
      (data) => data && { pages: data.pages.slice(0, 1), pageParams: [{ pageIndex: 1, pageSize }] },
    );
    await refetch();
  }, [queryClient, key, pageSize, refetch]);

  const items = query.data?.pages.flatMap((page) => page.records) ?? [];
  const loaded = query.data !== undefined;
  return {
    items,
    total: query.data?.pages[query.data.pages.length - 1]?.total,
    loading: query.isPending,
    error: query.error,
    hasMore: loaded && !query.error && query.hasNextPage,
    loaded,
    loadMore,
    refresh,
  };
}
