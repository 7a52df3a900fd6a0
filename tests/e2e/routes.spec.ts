import { routeTable } from '../../src/app/route-table';
import { clearAppStorage, expect, signIn, test } from './support/fixtures';

/**
 * Every route of the one route table opens in the built app with a session of its audience: the
 * document title is the route's title and the page header shows it. The two public routes (login and
 * the OAuth callback) send a signed-in user home, so they are also opened without a session.
 *
 * One test per audience, a step per route, each route a fresh page load: a test per route spent most
 * of its 2 s on Playwright's reset between tests. Soft assertions, so one broken route does not hide
 * the next one's result.
 */
test.describe('every route', () => {
  test('the public routes show their page without a session, and home with one', async ({ page, api }) => {
    for (const route of routeTable.filter((candidate) => candidate.audience === 'public')) {
      await test.step(`${route.path} shows “${route.title}”`, async () => {
        await clearAppStorage(page);
        await page.goto(route.path);
        await expect
          .soft(page.getByRole('heading', { level: 1, name: route.title, exact: true }))
          .toBeVisible();

        const home =
          route.path === '/callback'
            ? { path: '/checkUser', audience: 'check' as const }
            : { path: '/workUser', audience: 'work' as const };
        await signIn(page, api, home.audience);
        await page.goto(route.path);
        await expect.soft(page).toHaveURL(new RegExp(`${home.path}$`));
        await expect.soft(page).toHaveTitle('首页');
        await expect.soft(page.getByRole('heading', { level: 1, name: '首页', exact: true })).toBeVisible();
      });
    }
  });

  // The questionnaire page opened with nothing named takes the demo check user's one questionnaire
  // left (her lifestyle draft, offered to resume under the route's title): a chooser or a form would
  // head what the person does instead (选择问卷, 填写问卷; check-user-journey.spec.ts).

  // Routes for anyone signed in are opened as a work user.
  for (const audience of ['work', 'check'] as const) {
    test(`every ${audience} route shows its title`, async ({ page, api }) => {
      await signIn(page, api, audience);
      const routes = routeTable.filter(
        (route) => route.audience === audience || (audience === 'work' && route.audience === 'signed-in'),
      );
      for (const route of routes) {
        await test.step(`${route.path} shows “${route.title}”`, async () => {
          await page.goto(route.path);
          await expect.soft(page).toHaveURL(new RegExp(`${route.path}$`));
          await expect
            .soft(
              page.getByRole('heading', {
                level: 1,
                name: route.title,
                exact: true,
              }),
            )
            .toBeVisible();
          await expect.soft(page).toHaveTitle(route.title);
        });
      }
    });
  }

  test('an unknown path shows 页面不存在', async ({ page, api }) => {
    await signIn(page, api, 'work');
    await page.goto('/no-such-route');
    await expect(page.getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
    await expect(page.getByText('您访问的页面不存在或已被移除。')).toBeVisible();
  });
});
