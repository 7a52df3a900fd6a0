export { PagedList, type PagedListProps } from './paged-list';
export { usePagedList, type PagedListState } from './use-paged-list';
