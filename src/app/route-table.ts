import type { ComponentType } from 'react';
import { pageAudience, paths, type AppPath } from '@/config/paths';
import type { RouteMeta } from '@/lib/route-meta';

type PageModule = { default: ComponentType };

export interface AppRoute extends RouteMeta {
  path: AppPath;
  load: () => Promise<PageModule>;
  /**
   * Starts what the page will ask the server for, as its code loads (the route's loader, once access is
   * allowed): the page's first render takes it (the same query options). `url`: the page's address.
   */
  preload?: (url: URL) => void;
}

/** Loads a route's page module (its chunks, through Vite's preloading) ahead of the tap that opens it. */
export function prefetchRoute(path: string): void {
  void findRoute(path)
    ?.load()
    .catch(() => undefined);
}

/** Starts what the page at `path` (an app path) needs: its code, and its data if its route preloads any. */
function preloadPage(path: string): void {
  const url = new URL(path, window.location.origin);
  prefetchRoute(url.pathname);
  findRoute(url.pathname)?.preload?.(url);
}

const page = {
  login: () => import('@/features/auth/pages/login-page'),
  callback: () => import('@/features/auth/pages/callback-page'),
  workHome: () => import('@/features/home/pages/work-home-page'),
  pendingRegistrations: () => import('@/features/registration/pages/pending-registrations-page'),
  checkHome: () => import('@/features/home/pages/check-home-page'),
  infoEnter: () => import('@/features/registration/pages/info-enter-page'),
  bindSuccess: () => import('@/features/registration/pages/bind-success-page'),
  bindError: () => import('@/features/registration/pages/bind-error-page'),
  infoSearch: () => import('@/features/registration/pages/info-search-page'),
  infoDetail: () => import('@/features/registration/pages/info-detail-page'),
  unbind: () => import('@/features/registration/pages/unbind-page'),
  reportSearch: () => import('@/features/reports/pages/report-search-page'),
  searchType: () => import('@/features/reports/pages/search-type-page'),
  reportList: () => import('@/features/reports/pages/report-list-page'),
  reportDetail: () => import('@/features/reports/pages/report-detail-page'),
  downloadSuccess: () => import('@/features/downloads/pages/download-success-page'),
  downloadError: () => import('@/features/downloads/pages/download-error-page'),
  questionnaireList: () => import('@/features/questionnaires/pages/questionnaire-list-page'),
  questionnaireDetail: () => import('@/features/questionnaires/pages/questionnaire-detail-page'),
  messageType: () => import('@/features/messages/pages/message-type-page'),
  messageList: () => import('@/features/messages/pages/message-list-page'),
  messageDetail: () => import('@/features/messages/pages/message-detail-page'),
  announcementList: () => import('@/features/announcements/pages/announcement-list-page'),
  announcementDetail: () => import('@/features/announcements/pages/announcement-detail-page'),
} satisfies Record<string, () => Promise<PageModule>>;

/**
 * The one route table (spec §2): exact paths, Chinese titles and keep-alive; each route's audience is
 * its page's (pageAudience, which also says where a sign-in may return to). Pages that do the same job
 * for both audiences are one module; they read the audience from the route.
 */
const ROUTES: readonly Omit<AppRoute, 'audience'>[] = [
  // work users
  { path: paths.login, title: '登录', load: page.login },
  { path: paths.workUser, title: '首页', load: page.workHome },
  { path: paths.pendingRegistrations, title: '待提交登记', load: page.pendingRegistrations },
  { path: paths.infoEnter, title: '信息录入', load: page.infoEnter },
  { path: paths.bindSuccess, title: '绑定成功', load: page.bindSuccess },
  { path: paths.bindErr, title: '绑定失败', load: page.bindError },
  { path: paths.infoSearch, title: '信息查询', keepAlive: true, load: page.infoSearch },
  { path: paths.infoDetail, title: '信息详情', load: page.infoDetail },
  { path: paths.infoSearchBindSuccess, title: '信息详情', load: page.infoDetail },
  { path: paths.unbindTube, title: '解绑采样管', load: page.unbind },
  { path: paths.reportSearch, title: '报告查询', load: page.reportSearch },
  { path: paths.searchType, title: '报告查询', load: page.searchType },
  { path: paths.repoetList, title: '检测报告', keepAlive: true, load: page.reportList },
  { path: paths.repoetDetail, title: '检测报告详情', load: page.reportDetail },
  { path: paths.questionnaireList, title: '历史问卷', keepAlive: true, load: page.questionnaireList },
  { path: paths.questionnaireDetail, title: '历史问卷详情', load: page.questionnaireDetail },
  { path: paths.messageType, title: '消息', load: page.messageType },
  { path: paths.messageList, title: '消息列表', keepAlive: true, load: page.messageList },
  { path: paths.messageDetail, title: '消息详情', load: page.messageDetail },
  { path: paths.downSuccess, title: '下载成功', load: page.downloadSuccess },
  { path: paths.downErr, title: '下载失败', load: page.downloadError },
  { path: paths.announcement, title: '公告', keepAlive: true, load: page.announcementList },
  { path: paths.announcementDetail, title: '公告详情', load: page.announcementDetail },
  // check users
  {
    path: paths.callback,
    title: '授权',
    load: page.callback,
    // The code exchange starts beside the page's code; the home's requests as soon as the token exists.
    preload: (url) =>
      void import('@/features/auth/wechat-sign-in').then(({ startCallbackSignIn }) =>
        startCallbackSignIn(url, preloadPage),
      ),
  },
  {
    path: paths.checkUser,
    title: '首页',
    load: page.checkHome,
    preload: () => void import('@/features/home/load-check-overview').then((m) => m.prefetchCheckHome()),
  },
  { path: paths.checkUserInfoEnter, title: '信息录入', load: page.infoEnter },
  { path: paths.checkUserBindSuccess, title: '提交成功', load: page.bindSuccess },
  { path: paths.checkUserInfoSearch, title: '信息查询', keepAlive: true, load: page.infoSearch },
  { path: paths.checkUserInfoDetail, title: '信息详情', load: page.infoDetail },
  { path: paths.checkReportSearch, title: '报告查询', load: page.reportSearch },
  { path: paths.checkUserSearchType, title: '报告查询', load: page.searchType },
  { path: paths.checkUserRepoetList, title: '检测报告', keepAlive: true, load: page.reportList },
  { path: paths.checkUserRepoetDetail, title: '检测报告详情', load: page.reportDetail },
  {
    path: paths.checkUserQuestionnaireList,
    title: '历史问卷',
    keepAlive: true,
    load: page.questionnaireList,
  },
  { path: paths.checkUserQuestionnaireDetail, title: '历史问卷详情', load: page.questionnaireDetail },
];

export const routeTable: readonly AppRoute[] = ROUTES.map((route) => ({
  ...route,
  audience: pageAudience[route.path],
}));

export function findRoute(pathname: string): AppRoute | undefined {
  return routeTable.find((route) => route.path === pathname);
}

/** The pages a user most likely opens next from each page; their chunks are fetched when idle. */
export const prefetchAfter: Partial<Record<AppPath, readonly AppPath[]>> = {
  // Every sign-in leads home, which would fetch the entry form first: fetched while the password is
  // typed, the form is ready by the time 信息录入 is tapped.
  [paths.login]: [paths.workUser, paths.infoEnter],
  [paths.workUser]: [paths.infoEnter, paths.infoSearch, paths.searchType],
  [paths.infoEnter]: [paths.bindSuccess],
  [paths.bindSuccess]: [paths.infoDetail, paths.infoEnter],
  [paths.infoSearch]: [paths.infoDetail],
  [paths.infoDetail]: [paths.unbindTube, paths.repoetDetail],
  [paths.searchType]: [paths.reportSearch],
  [paths.reportSearch]: [paths.repoetList],
  [paths.repoetList]: [paths.repoetDetail],
  [paths.repoetDetail]: [paths.downSuccess],
  [paths.messageType]: [paths.messageList],
  [paths.messageList]: [paths.messageDetail],
  [paths.announcement]: [paths.announcementDetail],
  [paths.questionnaireList]: [paths.questionnaireDetail],
  [paths.callback]: [paths.checkUser],
  [paths.checkUser]: [paths.checkUserInfoEnter, paths.checkUserSearchType, paths.checkUserInfoSearch],
  [paths.checkUserInfoEnter]: [paths.checkUserBindSuccess, paths.checkUserQuestionnaireDetail],
  [paths.checkUserSearchType]: [paths.checkReportSearch],
  [paths.checkReportSearch]: [paths.checkUserRepoetList],
  [paths.checkUserRepoetList]: [paths.checkUserRepoetDetail],
  [paths.checkUserInfoSearch]: [paths.checkUserInfoDetail],
  [paths.checkUserQuestionnaireList]: [paths.checkUserQuestionnaireDetail],
};
