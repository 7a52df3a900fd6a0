import { routeTable } from '../../src/app/route-table';
import { expect, signIn, test } from './support/fixtures';

/**
 * Every route of the one route table opens in the built app with a session of its audience: the
 * document title is the route's title and the page header shows it. The two public routes (login and
 * the OAuth callback) send a signed-in user home, so they are also opened without a session.
 */
test.describe('every route', () => {
  for (const route of routeTable) {
    test(`${route.path} shows “${route.title}”`, async ({ page, api }) => {
      if (route.audience === 'public') {
        await page.goto(route.path);
        await expect(page.getByRole('heading', { level: 1, name: route.title, exact: true })).toBeVisible();

        const home =
          route.path === '/callback'
            ? { path: '/checkUser', audience: 'check' as const }
            : { path: '/workUser', audience: 'work' as const };
        await signIn(page, api, home.audience);
        await page.goto(route.path);
        await expect(page).toHaveURL(new RegExp(`${home.path}$`));
        await expect(page).toHaveTitle('首页');
        await expect(page.getByRole('heading', { level: 1, name: '首页', exact: true })).toBeVisible();
        return;
      }
      await signIn(page, api, route.audience === 'signed-in' ? 'work' : route.audience);
      await page.goto(route.path);
      await expect(page).toHaveURL(new RegExp(`${route.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: route.title, exact: true })).toBeVisible();
      await expect(page).toHaveTitle(route.title);
    });
  }

  test('an unknown path shows 页面不存在', async ({ page, api }) => {
    await signIn(page, api, 'work');
    await page.goto('/no-such-route');
    await expect(page.getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
    await expect(page.getByText('您访问的页面不存在或已被移除。')).toBeVisible();
  });
});
