/**
 * Every route path, once (spec §2; spellings such as "repoet" are the deployed URLs and stay as they are).
 * Pages navigate with these constants; ids travel in the query string, never personal data.
 */
export const paths = {
  // work users
  login: '/login',
  workUser: '/workUser',
  infoEnter: '/infoEnter',
  bindSuccess: '/bindSuccess',
  bindErr: '/bindErr',
  infoSearch: '/infoSearch',
  infoDetail: '/infoDetail',
  infoSearchBindSuccess: '/infoSearchBindSuccess',
  reportSearch: '/reportSearch',
  searchType: '/searchType',
  repoetList: '/repoetList',
  repoetDetail: '/repoetDetail',
  questionnaireList: '/questionnaireList',
  questionnaireDetail: '/questionnaireDetail',
  messageType: '/messageType',
  messageList: '/messageList',
  messageDetail: '/messageDetail',
  downSuccess: '/downSuccess',
  downErr: '/downErr',
  announcement: '/announcement',
  announcementDetail: '/announcementDetail',
  /** The spec names an unbind page without a path; this one is our choice. */
  unbindTube: '/unbindTube',
  /** 待提交登记, opened from the work home; not in the spec, our choice of path. */
  pendingRegistrations: '/pendingRegistrations',
  // check users
  callback: '/callback',
  checkUser: '/checkUser',
  checkUserInfoEnter: '/checkUserInfoEnter',
  checkUserBindSuccess: '/checkUserBindSuccess',
  checkUserInfoSearch: '/checkUserInfoSearch',
  checkUserInfoDetail: '/checkUserInfoDetail',
  checkReportSearch: '/checkReportSearch',
  checkUserSearchType: '/checkUserSearchType',
  checkUserRepoetList: '/checkUserRepoetList',
  checkUserRepoetDetail: '/checkUserRepoetDetail',
  checkUserQuestionnaireList: '/checkUserQuestionnaireList',
  checkUserQuestionnaireDetail: '/checkUserQuestionnaireDetail',
} as const;

type PathKey = keyof typeof paths;
export type AppPath = (typeof paths)[PathKey];

/**
 * Who may open a route: 'work' (staff), 'check' (people being checked), 'signed-in' (either group: the
 * message and download pages both reach), 'public' (no session needed: login, OAuth callback).
 */
export type Audience = 'work' | 'check' | 'signed-in' | 'public';

/**
 * Who may open each page (spec §2): the route table's guard reads it, and so does the check of where
 * a sign-in may return to (src/lib/return-path.ts).
 */
export const pageAudience: Readonly<Record<AppPath, Audience>> = {
  [paths.login]: 'public',
  [paths.workUser]: 'work',
  [paths.pendingRegistrations]: 'work',
  [paths.infoEnter]: 'work',
  [paths.bindSuccess]: 'work',
  [paths.bindErr]: 'work',
  [paths.infoSearch]: 'work',
  [paths.infoDetail]: 'work',
  [paths.infoSearchBindSuccess]: 'work',
  [paths.reportSearch]: 'work',
  [paths.searchType]: 'work',
  [paths.repoetList]: 'work',
  [paths.repoetDetail]: 'work',
  [paths.questionnaireList]: 'work',
  [paths.questionnaireDetail]: 'work',
  // The spec's staff pages that check users reach too.
  [paths.messageType]: 'signed-in',
  [paths.messageList]: 'signed-in',
  [paths.messageDetail]: 'signed-in',
  [paths.downSuccess]: 'signed-in',
  [paths.downErr]: 'signed-in',
  [paths.announcement]: 'work',
  [paths.announcementDetail]: 'work',
  [paths.unbindTube]: 'work',
  [paths.callback]: 'public',
  [paths.checkUser]: 'check',
  [paths.checkUserInfoEnter]: 'check',
  [paths.checkUserBindSuccess]: 'check',
  [paths.checkUserInfoSearch]: 'check',
  [paths.checkUserInfoDetail]: 'check',
  [paths.checkReportSearch]: 'check',
  [paths.checkUserSearchType]: 'check',
  [paths.checkUserRepoetList]: 'check',
  [paths.checkUserRepoetDetail]: 'check',
  [paths.checkUserQuestionnaireList]: 'check',
  [paths.checkUserQuestionnaireDetail]: 'check',
};

/** Builds `path?key=value` for ids; values are encoded, empty ones dropped. */
export function withQuery(path: AppPath, query: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
