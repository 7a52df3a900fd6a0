import { useCallback, useEffect, useRef, useState } from 'react';

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

/**
 * Paged loading for lists: first page, more on scroll, refresh. The query is captured by `fetchPage`
 * and `key`: a new key starts over. When a keep-alive page is shown again its effects re-run; the
 * list then refreshes what it already shows in one request, so the items and scroll stay in place.
 */
export function usePagedList<T>(
  fetchPage: FetchPage<T>,
  key: string,
  options: UsePagedListOptions = {},
): PagedListState<T> {
  const { pageSize = 10, enabled = true } = options;
  const [items, setItems] = useState<T[]>([]);
  const [total, setTotal] = useState<number | undefined>(undefined);
  /** Without a total, a full last page means there may be more. */
  const [lastPageFull, setLastPageFull] = useState(false);
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const pagesLoaded = useRef(0);
  const loadedKey = useRef<string | null>(null);
  const generation = useRef(0);
  const fetchRef = useRef(fetchPage);
  useEffect(() => {
    fetchRef.current = fetchPage;
  });

  const load = useCallback(
    async (pageIndex: number, size: number, mode: 'replace' | 'append') => {
      const run = ++generation.current;
      setError(null);
      if (mode === 'replace') setLoading(true);
      try {
        const page = await fetchRef.current(pageIndex, size);
        if (run !== generation.current) return;
        setItems((previous) => (mode === 'append' ? [...previous, ...page.records] : page.records));
        setTotal(page.total);
        setLastPageFull(page.records.length >= size);
        setLoaded(true);
        if (mode === 'replace') pagesLoaded.current = Math.max(1, Math.ceil(size / pageSize));
        else pagesLoaded.current = pageIndex;
      } catch (reason) {
        if (run !== generation.current) return;
        setError(reason);
        if (mode === 'append') throw reason;
      } finally {
        if (run === generation.current) setLoading(false);
      }
    },
    [pageSize],
  );

  useEffect(() => {
    if (!enabled) return;
    if (loadedKey.current === key && pagesLoaded.current > 0) {
      // Shown again (keep-alive) with the same query: refresh what is on screen, keep its length.
      void load(1, pagesLoaded.current * pageSize, 'replace');
      return;
    }
    loadedKey.current = key;
    pagesLoaded.current = 0;
    setItems([]);
    setTotal(undefined);
    setLoaded(false);
    void load(1, pageSize, 'replace');
  }, [enabled, key, load, pageSize]);

  const loadMore = useCallback(() => load(pagesLoaded.current + 1, pageSize, 'append'), [load, pageSize]);
  const refresh = useCallback(() => load(1, pageSize, 'replace'), [load, pageSize]);

  return {
    items,
    total,
    loading: loading && items.length === 0,
    error,
    hasMore: loaded && !error && (total === undefined ? lastPageFull : items.length < total),
    loaded,
    loadMore,
    refresh,
  };
}
