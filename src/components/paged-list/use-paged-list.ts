import { useCallback, useEffect } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import { queryClient, sessionKeyed, useInfiniteRead } from '@/lib/query-client';
import { useLatest } from '@/lib/use-latest';

/** The slice of the backend's page shape a list needs (see Page<T> in '@/types/api'). */
interface PageSlice<T> {
  records: T[];
  /** Not every server sends it (the spec shows `records` only). */
  total?: number;
}

export type FetchPage<T> = (pageIndex: number, pageSize: number) => Promise<PageSlice<T>>;

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

export interface UsePagedListOptions {
  pageSize?: number;
  /** Start loading at once (default true). A search page sets this false until the user searches. */
  enabled?: boolean;
}

/** Which request a page of the list was: from which page, how many records. */
interface PageParam {
  index: number;
  size: number;
}

type Pages<T> = InfiniteData<PageSlice<T>, PageParam>;

/** The pages on screen as one page, asked again in one request. */
function asOnePage<T>(data: Pages<T>, pageSize: number): Pages<T> {
  const records = data.pages.flatMap((page) => page.records);
  const size = Math.max(pageSize, Math.ceil(records.length / pageSize) * pageSize);
  return {
    pages: [{ records, total: data.pages[data.pages.length - 1]?.total }],
    pageParams: [{ index: 1, size }],
  };
}

/**
 * Paged loading for lists, an infinite query of the query client (each page asked once): first page,
 * more on scroll, refresh. The query is captured by `fetchPage` and `key`: a new key is another list.
 * When a keep-alive page is shown again its effects re-run; the list then refreshes what it already
 * shows in one request, so the items and scroll stay in place.
 */
export function usePagedList<T>(
  fetchPage: FetchPage<T>,
  key: string,
  options: UsePagedListOptions = {},
): PagedListState<T> {
  const { pageSize = 10, enabled = true } = options;
  const latestFetch = useLatest(fetchPage);
  const { queryKey, signedIn } = sessionKeyed(['paged-list', key, pageSize]);
  const query = useInfiniteRead({
    queryKey,
    queryFn: ({ pageParam }) => latestFetch.current(pageParam.index, pageParam.size),
    initialPageParam: { index: 1, size: pageSize },
    getNextPageParam: (last, all, param): PageParam | undefined => {
      const count = all.reduce((sum, page) => sum + page.records.length, 0);
      // Without a total, a full last page means there may be more.
      const more = last.total === undefined ? last.records.length >= param.size : count < last.total;
      return more ? { index: param.index + Math.ceil(param.size / pageSize), size: pageSize } : undefined;
    },
    // The page shows a failure itself (AsyncView, 加载失败，点击重试).
    meta: { silent: true },
    enabled: enabled && signedIn,
    // Shown again, the list asks in one request (below), not once per page.
    refetchOnMount: false,
  });
  const { refetch } = query;

  /** This list's answer in the cache (under the session current at the time of the call). */
  const change = useCallback(
    (update: (data: Pages<T> | undefined) => Pages<T> | undefined) =>
      queryClient.setQueryData<Pages<T>>(sessionKeyed(['paged-list', key, pageSize]).queryKey, update),
    [key, pageSize],
  );

  useEffect(() => {
    if (!enabled) return;
    // Nothing kept yet: the first page is on its way already.
    if (change((data) => data && asOnePage(data, pageSize))) void refetch();
  }, [enabled, change, pageSize, refetch]);

  const { fetchNextPage } = query;
  const loadMore = useCallback(async () => {
    await fetchNextPage({ throwOnError: true, cancelRefetch: false });
  }, [fetchNextPage]);
  const refresh = useCallback(async () => {
    const firstPage = (data: Pages<T> | undefined): Pages<T> | undefined =>
      data && { pages: data.pages.slice(0, 1), pageParams: [{ index: 1, size: pageSize }] };
    change(firstPage);
    await refetch();
  }, [change, pageSize, refetch]);

  const items = query.data?.pages.flatMap((page) => page.records) ?? [];
  const loaded = query.data !== undefined;
  // A retry under way shows the list loading, not the failure it retries.
  const error = query.isFetching ? null : query.error;
  return {
    items,
    total: query.data?.pages[query.data.pages.length - 1]?.total,
    loading: query.isFetching && items.length === 0,
    error,
    hasMore: loaded && !error && query.hasNextPage,
    loaded,
    loadMore,
    refresh,
  };
}
