import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { saveServerDrafts } from './support/journeys';

/**
 * The work home leads with the work: with unfinished registrations saved on the server, a nurse on a
 * 375×812 phone still finds every action on the first screen, and the registrations behind one line.
 */
const ACTIONS = ['信息录入', '信息查询', '报告查询', '历史问卷', '消息', '公告'];

test('with three registrations waiting, the six actions are on the first screen and 待提交登记 is one line', async ({
  page,
  api,
}) => {
  const names = ['周一鸣', '吴二妹', '郑三强'];
  saveServerDrafts(api, names);
  await signIn(page, api, 'work');
  await page.goto('/workUser');
  const viewport = page.viewportSize()!;
  expect(viewport).toEqual({ width: 375, height: 812 });

  const line = page.getByRole('link', { name: /^待提交登记 3 条/ });
  await expect(line).toBeVisible();
  await expect(line).toContainText('最新：郑三强');
  const onFirstScreen = (what: string, box: { y: number; height: number } | null) => {
    expect(box, what).not.toBeNull();
    expect(box!.y, `${what} starts on the first screen`).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height, `${what} ends on the first screen`).toBeLessThanOrEqual(viewport.height);
  };
  onFirstScreen('待提交登记', await line.boundingBox());
  const actions = page.getByRole('navigation', { name: '功能' }).getByRole('link');
  await expect(actions).toHaveCount(ACTIONS.length);
  for (const [index, label] of ACTIONS.entries()) {
    await expect(actions.nth(index)).toContainText(label);
    onFirstScreen(label, await actions.nth(index).boundingBox());
  }
  // Nothing of the three is spelled out on the home page.
  await expect(page.getByRole('link', { name: /继续填写/ })).toHaveCount(0);
  await expectAccessible(page);

  await line.click();
  await expect(page).toHaveURL(/\/pendingRegistrations$/);
  const list = page.getByRole('list', { name: '待提交登记' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  for (const name of names) await expect(list.getByText(name, { exact: true })).toBeVisible();
  await expect(list.getByRole('button', { name: /^删除 / })).toHaveCount(3);
  await expectAccessible(page);

  await list.getByRole('link', { name: '继续填写 吴二妹 的登记' }).click();
  await expect(page).toHaveURL(/\/infoEnter$/);
  await expect(page.getByRole('textbox', { name: '姓名', exact: true })).toHaveValue('吴二妹');
});
