export { PagedList, type PagedListProps } from './paged-list';
export {
  usePagedList,
  type FetchPage,
  type PagedListState,
  type UsePagedListOptions,
} from './use-paged-list';
