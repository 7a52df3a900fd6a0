export { AsyncView, EmptyState, ErrorState, InlineLoading, PageLoading } from './async-view';
export type { AsyncViewProps, EmptyStateProps, ErrorStateProps } from './async-view';
