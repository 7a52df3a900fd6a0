import { paths } from '@/config/paths';
import { routeTable } from '@/app/route-table';

/**
 * Spec §2, exactly: every path (spellings as deployed) with its Chinese title and audience. The message
 * and download pages are staff routes in the spec that check users reach too ('signed-in').
 */
const expected: [string, string, 'work' | 'check' | 'signed-in' | 'public', boolean][] = [
  ['/login', '登录', 'public', false],
  ['/workUser', '首页', 'work', false],
  ['/pendingRegistrations', '待提交登记', 'work', false],
  ['/infoEnter', '信息录入', 'work', false],
  ['/bindSuccess', '绑定成功', 'work', false],
  ['/bindErr', '绑定失败', 'work', false],
  ['/infoSearch', '信息查询', 'work', true],
  ['/infoDetail', '信息详情', 'work', false],
  ['/infoSearchBindSuccess', '信息详情', 'work', false],
  ['/reportSearch', '报告查询', 'work', false],
  ['/searchType', '报告查询', 'work', false],
  ['/repoetList', '检测报告', 'work', true],
  ['/repoetDetail', '检测报告详情', 'work', false],
  ['/questionnaireList', '历史问卷', 'work', true],
  ['/questionnaireDetail', '历史问卷详情', 'work', false],
  ['/messageType', '消息', 'signed-in', false],
  ['/messageList', '消息列表', 'signed-in', true],
  ['/messageDetail', '消息详情', 'signed-in', false],
  ['/downSuccess', '下载成功', 'signed-in', false],
  ['/downErr', '下载失败', 'signed-in', false],
  ['/announcement', '公告', 'work', true],
  ['/announcementDetail', '公告详情', 'work', false],
  ['/unbindTube', '解绑采样管', 'work', false],
  ['/callback', '授权', 'public', false],
  ['/checkUser', '首页', 'check', false],
  ['/checkUserInfoEnter', '信息录入', 'check', false],
  ['/checkUserBindSuccess', '提交成功', 'check', false],
  ['/checkUserInfoSearch', '信息查询', 'check', true],
  ['/checkUserInfoDetail', '信息详情', 'check', false],
  ['/checkReportSearch', '报告查询', 'check', false],
  ['/checkUserSearchType', '报告查询', 'check', false],
  ['/checkUserRepoetList', '检测报告', 'check', true],
  ['/checkUserRepoetDetail', '检测报告详情', 'check', false],
  ['/checkUserQuestionnaireList', '历史问卷', 'check', true],
  ['/checkUserQuestionnaireDetail', '历史问卷详情', 'check', false],
];

describe('route table', () => {
  it('has the 21 work-user routes, the unbind page, 待提交登记 and the 12 check-user routes, each once', () => {
    expect(routeTable).toHaveLength(expected.length);
    expect(new Set(routeTable.map((r) => r.path)).size).toBe(routeTable.length);
    expect(routeTable.filter((r) => r.audience === 'check' || r.path === '/callback')).toHaveLength(12);
  });

  it.each(expected)('%s is titled %s for %s users (keep-alive %s)', (path, title, audience, keepAlive) => {
    const route = routeTable.find((r) => r.path === path);
    expect(route).toMatchObject({ title, audience });
    expect(route?.keepAlive ?? false).toBe(keepAlive);
  });

  it('every path comes from the paths module', () => {
    expect(new Set(routeTable.map((r) => r.path))).toEqual(new Set(Object.values(paths)));
  });

  it.each(routeTable.map((r) => [r.path, r]))('%s loads a page component lazily', async (_path, route) => {
    const module = await route.load();
    expect(typeof module.default).toBe('function');
  });
});
