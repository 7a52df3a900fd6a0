import { paths } from '@/config/paths';

/** The report pages of each audience (spec §2). Shared pages pick theirs with `useAudience()`. */
export interface ReportRoutes {
  /** Choose how to look reports up. */
  searchType: typeof paths.searchType | typeof paths.checkUserSearchType;
  /** Enter the ID card or tube code. */
  search: typeof paths.reportSearch | typeof paths.checkReportSearch;
  list: typeof paths.repoetList | typeof paths.checkUserRepoetList;
  detail: typeof paths.repoetDetail | typeof paths.checkUserRepoetDetail;
  home: typeof paths.workUser | typeof paths.checkUser;
}

const WORK: ReportRoutes = {
  searchType: paths.searchType,
  search: paths.reportSearch,
  list: paths.repoetList,
  detail: paths.repoetDetail,
  home: paths.workUser,
};

const CHECK: ReportRoutes = {
  searchType: paths.checkUserSearchType,
  search: paths.checkReportSearch,
  list: paths.checkUserRepoetList,
  detail: paths.checkUserRepoetDetail,
  home: paths.checkUser,
};

export function reportRoutes(audience: 'work' | 'check'): ReportRoutes {
  return audience === 'check' ? CHECK : WORK;
}
