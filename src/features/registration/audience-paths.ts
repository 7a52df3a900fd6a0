import { paths, type AppPath } from '@/config/paths';
import type { RegistrationAudience } from './registration-draft';

/** The registration pages each audience uses: one component per job, the route decides the path. */
export interface AudiencePaths {
  home: AppPath;
  enter: AppPath;
  success: AppPath;
  search: AppPath;
  detail: AppPath;
  questionnaire: AppPath;
  reportDetail: AppPath;
  reportList: AppPath;
}

const PATHS: Readonly<Record<RegistrationAudience, AudiencePaths>> = {
  work: {
    home: paths.workUser,
    enter: paths.infoEnter,
    success: paths.bindSuccess,
    search: paths.infoSearch,
    detail: paths.infoDetail,
    questionnaire: paths.questionnaireDetail,
    reportDetail: paths.repoetDetail,
    reportList: paths.repoetList,
  },
  check: {
    home: paths.checkUser,
    enter: paths.checkUserInfoEnter,
    success: paths.checkUserBindSuccess,
    search: paths.checkUserInfoSearch,
    detail: paths.checkUserInfoDetail,
    questionnaire: paths.checkUserQuestionnaireDetail,
    reportDetail: paths.checkUserRepoetDetail,
    reportList: paths.checkUserRepoetList,
  },
};

export function audiencePaths(audience: RegistrationAudience): AudiencePaths {
  return PATHS[audience];
}
