import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { Key, ReactNode } from 'react';
import { AsyncView } from '@/components/async-view';
import type { PagedListState } from './use-paged-list';

export interface PagedListProps<T> {
  list: PagedListState<T>;
  itemKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  emptyText?: string;
  emptyHint?: ReactNode;
  /** Accessible name of the list. */
  label: string;
}

/** A list with pull to refresh, infinite scroll, and the shared loading, empty and error states. */
export function PagedList<T>({ list, itemKey, renderItem, emptyText, emptyHint, label }: PagedListProps<T>) {
  return (
    <PullToRefresh
      onRefresh={list.refresh}
      pullingText="下拉刷新"
      canReleaseText="释放立即刷新"
      refreshingText="刷新中…"
      completeText="刷新完成"
    >
      <AsyncView
        loading={list.loading || !list.loaded}
        error={list.error}
        empty={list.items.length === 0}
        emptyText={emptyText}
        emptyHint={emptyHint}
        onRetry={() => void list.refresh()}
      >
        <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.items.map((item) => (
            <li key={itemKey(item)}>{renderItem(item)}</li>
          ))}
        </ul>
        <InfiniteScroll loadMore={list.loadMore} hasMore={list.hasMore}>
          {(hasMore: boolean, failed: boolean, retry: () => void) =>
            failed ? (
              <button
                type="button"
                onClick={retry}
                style={{
                  border: 0,
                  background: 'none',
                  color: 'var(--adm-color-primary)',
                  fontSize: 15,
                  padding: 8,
                }}
              >
                加载失败，点击重试
              </button>
            ) : hasMore ? (
              <span>加载中…</span>
            ) : (
              <span>没有更多了</span>
            )
          }
        </InfiniteScroll>
      </AsyncView>
    </PullToRefresh>
  );
}
