import { expect, signIn, test, type ApiMock } from './support/fixtures';
import { spareTube } from './support/journeys';

/**
 * The check user's side walked end to end as a screened person does (issue 57, "no dead ends"): inside
 * WeChat (the project's user agent and the stubbed bridge), on a 360 px wide phone.
 */
test.use({ viewport: { width: 360, height: 740 } });

const CHECK_USER_ID = '3';

function ownMessage(api: ApiMock) {
  return api.db.state.messages.find((message) => message.recipientUserId === CHECK_USER_ID)!;
}

test('a shared page opened with no session offers WeChat sign-in beside staff sign-in and comes back', async ({
  page,
  api,
  wechat,
}) => {
  const message = ownMessage(api);
  await page.goto(`/messageDetail?id=${message.id}`);

  await expect(page.getByRole('button', { name: '微信登录' })).toBeVisible();
  // Staff sign in on the same page, not somewhere else.
  await expect(page.getByRole('textbox', { name: '账号' })).toBeVisible();
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();

  await page.getByRole('button', { name: '微信登录' }).click();
  await expect(page).toHaveURL(new RegExp(`/messageDetail\\?id=${message.id}$`));
  await expect(page.getByText(message.title).first()).toBeVisible();
  expect(wechat.visits).toHaveLength(1);
  expect(api.requestsTo('/Account/LoginWeChat')).toHaveLength(1);
});

test('registering someone the screening site registered says what to do, never links to a page it cannot show', async ({
  page,
  api,
}) => {
  const registeredBySite = api.db.state.registrations.find(
    (registration) => registration.createdByUserId !== CHECK_USER_ID && registration.status === 'submitted',
  )!;
  await signIn(page, api, 'check');
  await page.goto('/checkUserInfoEnter');
  await page.getByRole('textbox', { name: '姓名', exact: true }).fill(registeredBySite.name);
  await page.getByRole('textbox', { name: '身份证号', exact: true }).fill(registeredBySite.idCard);
  await page.getByRole('textbox', { name: '联系电话', exact: true }).fill('13800138000');
  await page.getByRole('textbox', { name: '采样管编码', exact: true }).fill(spareTube(api));
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await page
    .getByRole('dialog', { name: '请确认登记信息' })
    .getByRole('button', { name: '确认提交' })
    .click();

  const dialog = page.getByRole('dialog', { name: '该身份证号已登记' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('不需要再登记')).toBeVisible();
  await expect(dialog.getByText('请联系当初为其登记的社区筛查点')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '查看已有登记' })).toHaveCount(0);
  // The title is not repeated as the first sentence.
  await expect(dialog.locator('p').first()).not.toHaveText(/^该身份证号已登记/);
  await dialog.getByRole('button', { name: '知道了' }).click();
  await expect(page).toHaveURL(/\/checkUserInfoEnter$/);
  await expect(page.getByText('登记信息不存在')).toHaveCount(0);
});
