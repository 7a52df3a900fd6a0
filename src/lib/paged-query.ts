import { infiniteQueryOptions, skipToken, type QueryKey } from '@tanstack/react-query';
import type { CallOptions } from '@/types/api';

/** The slice of the backend's page shape a list needs (Page<T> in types/api). */
export interface PageSlice<T> {
  records: T[];
  /** Not every server sends it (the spec shows `records` only). */
  total?: number;
}

/** Which request a page of a list was: from which page, how many records. */
export interface PageParam {
  pageIndex: number;
  pageSize: number;
}

/**
 * A paged list (spec §7's paged bodies) as an infinite query: page 1, then the next while the total,
 * or without one a full last page, says there may be more. A page of the list may span several of the
 * server's pages (a kept list refreshed in one request: components/paged-list), so the next is counted
 * in `pageSize`s. `fetchPage` null: nothing to read yet (a search before its criteria).
 */
export function pagedQueryOptions<T>(
  queryKey: QueryKey,
  fetchPage: ((page: PageParam, call: CallOptions) => Promise<PageSlice<T>>) | null,
  pageSize = 10,
) {
  return infiniteQueryOptions({
    queryKey: [...queryKey, pageSize],
    queryFn: fetchPage
      ? ({ pageParam, signal }) => fetchPage(pageParam, { signal, silent: true })
      : skipToken,
    initialPageParam: { pageIndex: 1, pageSize },
    getNextPageParam: (last, all, param): PageParam | undefined => {
      const count = all.reduce((sum, page) => sum + page.records.length, 0);
      const more = last.total === undefined ? last.records.length >= param.pageSize : count < last.total;
      return more
        ? { pageIndex: param.pageIndex + Math.ceil(param.pageSize / pageSize), pageSize }
        : undefined;
    },
    // The page shows a failure itself (AsyncView, 加载失败，点击重试).
    meta: { silent: true },
    // Shown again, the list asks in one request (components/paged-list), not once per page.
    refetchOnMount: false,
  });
}
