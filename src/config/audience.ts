import { paths, type AppPath, type Audience } from './paths';

/**
 * The two groups of people the app serves (spec §1, §6), and where each group's pages are. Pages that
 * do the same job for both groups are one component; the route's audience picks the paths here.
 */
export type UserAudience = 'work' | 'check';

export interface AudiencePages {
  home: AppPath;
  registrationEnter: AppPath;
  registrationSuccess: AppPath;
  registrationSearch: AppPath;
  registrationDetail: AppPath;
  reportSearchType: AppPath;
  reportSearch: AppPath;
  reportList: AppPath;
  reportDetail: AppPath;
  questionnaireList: AppPath;
  questionnaireDetail: AppPath;
}

const AUDIENCE_PAGES: Readonly<Record<UserAudience, AudiencePages>> = {
  work: {
    home: paths.workUser,
    registrationEnter: paths.infoEnter,
    registrationSuccess: paths.bindSuccess,
    registrationSearch: paths.infoSearch,
    registrationDetail: paths.infoDetail,
    reportSearchType: paths.searchType,
    reportSearch: paths.reportSearch,
    reportList: paths.repoetList,
    reportDetail: paths.repoetDetail,
    questionnaireList: paths.questionnaireList,
    questionnaireDetail: paths.questionnaireDetail,
  },
  check: {
    home: paths.checkUser,
    registrationEnter: paths.checkUserInfoEnter,
    registrationSuccess: paths.checkUserBindSuccess,
    registrationSearch: paths.checkUserInfoSearch,
    registrationDetail: paths.checkUserInfoDetail,
    reportSearchType: paths.checkUserSearchType,
    reportSearch: paths.checkReportSearch,
    reportList: paths.checkUserRepoetList,
    reportDetail: paths.checkUserRepoetDetail,
    questionnaireList: paths.checkUserQuestionnaireList,
    questionnaireDetail: paths.checkUserQuestionnaireDetail,
  },
};

export function audiencePages(audience: UserAudience): AudiencePages {
  return AUDIENCE_PAGES[audience];
}

/** Where a group's home is. Without a group (no session, a public route), staff's: their sign-in is /login. */
export function homePathFor(audience: Audience | null | undefined): AppPath {
  return AUDIENCE_PAGES[audience === 'check' ? 'check' : 'work'].home;
}
