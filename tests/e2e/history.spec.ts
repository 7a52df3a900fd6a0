import { makeIdCard } from '../../src/mocks/id-card-generator';
import { expect, signIn, test, type ApiMock } from './support/fixtures';
import { openOptionalFields, unbindTube } from './support/journeys';

/**
 * Back, as the phone's back button or WeChat's back gesture uses it, after a change: it never shows a
 * page whose state is no longer true, and repeated queries do not pile up entries to walk back through.
 */
function boundRegistration(api: ApiMock) {
  const tube = api.db.state.tubes.find(
    (candidate) => candidate.status === 'bound' && candidate.registrationId,
  )!;
  return { registrationId: tube.registrationId!, tubeCode: tube.code };
}

function reportIdCard(api: ApiMock): string {
  return api.db.state.reports[0].idCard;
}

test.describe('Back after a change', () => {
  test('after 解绑, Back leaves the detail instead of showing the tube still bound', async ({
    page,
    api,
  }) => {
    const { registrationId, tubeCode } = boundRegistration(api);
    await signIn(page, api);
    await page.goto('/workUser');
    await page.goto(`/infoDetail?id=${registrationId}`);
    await expect(page.getByText(tubeCode).first()).toBeVisible();

    await unbindTube(page);

    await page.goBack();
    await expect(page).toHaveURL(/\/workUser$/);
  });

  test('after 提交并绑定, Back from the success page goes where the form was opened from, not to the sent form', async ({
    page,
    api,
  }) => {
    const tube = api.db.state.tubes.find(
      (candidate) => candidate.status === 'unbound' && candidate.timeline.length === 1,
    )!.code;
    await signIn(page, api);
    await page.goto('/workUser');
    await page.goto('/infoEnter');
    await page.getByRole('textbox', { name: '姓名', exact: true }).fill('赵建国');
    await page
      .getByRole('textbox', { name: '身份证号', exact: true })
      .fill(makeIdCard('110105', '1960-03-08', 3, '1'));
    await page.getByRole('textbox', { name: '联系电话', exact: true }).fill('13800138000');
    await openOptionalFields(page);
    await page.getByRole('button', { name: '民族：未选择' }).click();
    await page.getByRole('dialog', { name: '选择民族' }).getByRole('button', { name: '汉族' }).click();
    await page.getByRole('radio', { name: '没有' }).check();
    await page.getByRole('textbox', { name: '采样管编码', exact: true }).fill(tube);
    await expect(page.getByText('可以绑定')).toBeVisible();
    await page.getByRole('button', { name: '提交并绑定' }).click();
    await page
      .getByRole('dialog', { name: '请确认登记信息' })
      .getByRole('button', { name: '确认提交' })
      .click();
    await expect(page).toHaveURL(/\/bindSuccess\?id=/);

    await page.goBack();
    await expect(page).toHaveURL(/\/workUser$/);
    await page.goForward();
    await expect(page).toHaveURL(/\/bindSuccess\?id=/);
    await expect(page.getByText('登记信息已保存，采样管已绑定')).toBeVisible();
  });

  test('重新查询 twice on the report list, then Back: search, then the type choice', async ({
    page,
    api,
  }) => {
    const idCard = reportIdCard(api);
    await signIn(page, api);
    await page.goto('/searchType');
    await page.getByRole('link', { name: /按身份证号查询/ }).click();
    for (let round = 0; round < 3; round += 1) {
      await expect(page).toHaveURL(/\/reportSearch\?type=idCard$/);
      await page.getByLabel('身份证号').fill(idCard);
      await page.getByRole('button', { name: '查询报告' }).click();
      await expect(page).toHaveURL(/\/repoetList$/);
      if (round < 2) await page.getByRole('button', { name: '重新查询' }).click();
    }

    await page.goBack();
    await expect(page).toHaveURL(/\/reportSearch\?type=idCard$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/searchType$/);
  });
});

test.describe('who may open a page', () => {
  test('a check user opening a staff page by URL is sent home and told why', async ({ page, api }) => {
    await signIn(page, api, 'check');
    await page.goto('/unbindTube?id=1');
    await expect(page).toHaveURL(/\/checkUser$/);
    await expect(page.getByText('该页面仅限工作人员使用')).toBeVisible();
  });

  test('a staff page opened without a session signs in first and then opens', async ({ page }) => {
    await page.goto('/infoSearch');
    await expect(page).toHaveURL(/\/login\?redirect=%2FinfoSearch$/);
    await page.getByLabel('账号', { exact: true }).fill('admin');
    await page.getByLabel('密码', { exact: true }).fill('123456');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/infoSearch$/);
    await expect(page.getByRole('heading', { level: 1, name: '信息查询' })).toBeVisible();
  });
});
