import { clearAppStorage, expect, signIn, test } from './support/fixtures';

/**
 * The build's syntax target is chrome69 / safari13 (checked on every chunk by tests/build), but a
 * target lowers syntax only: a library function newer than the engine (no polyfills are bundled) would
 * throw there. iOS 13's WebKit lacks structuredClone, Array.prototype.at and Object.hasOwn, and
 * older WeChat webviews parts of Intl; here they are removed before the app runs, and the main pages
 * must work without them.
 */
const REMOVE_NEWER_BUILT_INS = `(() => {
  delete window.structuredClone;
  delete Array.prototype.at;
  delete String.prototype.at;
  delete Object.hasOwn;
  delete window.Intl;
})();`;

test.describe('without built-ins that iOS 13 lacks', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(REMOVE_NEWER_BUILT_INS);
  });

  const pages: { path: string; audience: 'work' | 'check'; shows: string }[] = [
    { path: '/login', audience: 'work', shows: '工作人员登录' },
    { path: '/workUser', audience: 'work', shows: '待提交登记' },
    { path: '/infoEnter', audience: 'work', shows: '受检者信息' },
    { path: '/infoSearch', audience: 'work', shows: '最近登记' },
    { path: '/messageType', audience: 'work', shows: '系统通知' },
    { path: '/messageList?type=system', audience: 'work', shows: '系统维护通知' },
    { path: '/announcement', audience: 'work', shows: '便隐血采样操作指南' },
    { path: '/questionnaireList', audience: 'work', shows: '饮食与生活方式调查' },
    { path: '/checkUser', audience: 'check', shows: '您好' },
    { path: '/checkUserRepoetList', audience: 'check', shows: '检测报告' },
  ];

  // One test per audience, each page a step and a fresh page load: a test per page spent about a second
  // of its three on Playwright's reset between tests (27.9 s for the ten, 16.9 s as two, here).
  for (const audience of ['work', 'check'] as const) {
    test(`the ${audience} pages work`, async ({ page, api }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      for (const { path, shows } of pages.filter((candidate) => candidate.audience === audience)) {
        await test.step(path, async () => {
          if (path === '/login') await clearAppStorage(page);
          else await signIn(page, api, audience);
          await page.goto(path);
          expect(await page.evaluate(() => typeof Object.hasOwn)).toBe('undefined');
          await expect.soft(page.getByText(shows).first()).toBeVisible();
          await expect.soft(page.getByText('页面出错了')).toHaveCount(0);
        });
      }
      expect(errors).toEqual([]);
    });
  }
});
