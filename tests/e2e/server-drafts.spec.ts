import type { Page } from '@playwright/test';
import { formatIdCardGroups } from '../../src/lib/id-card';
import { makeIdCard } from '../../src/mocks/id-card-generator';
import { loginWithForm } from './support/fault-drivers';
import { expectAccessible, openAnotherDevice, expect, test, type ApiMock } from './support/fixtures';

/**
 * A registration started on one phone is finished on another: 王医生 types a person's name and ID card
 * on phone 1 and taps 暂存 (the form saves it to the server on request, never by itself while she
 * types), picks up phone 2, finds it under 待提交登记, continues it and submits it; the server holds one
 * registration for that person.
 */
const PERSON = { name: '韩秀云', idCard: makeIdCard('110105', '1963-03-12', 21, '2') };

async function logIn(page: Page) {
  await page.goto('/login');
  await loginWithForm(page);
  await expect(page).toHaveURL(/\/workUser$/);
}

function spareTube(api: ApiMock): string {
  const tube = api.db.state.tubes.find((t) => t.status === 'unbound' && t.timeline.length === 1);
  if (!tube) throw new Error('the demo data has no spare tube');
  return tube.code;
}

test('a registration typed on one phone is continued and submitted on another, as one record', async ({
  page,
  api,
  browser,
}, testInfo) => {
  const field = (on: Page, label: string) => on.getByRole('textbox', { name: label, exact: true });
  await logIn(page);
  await page.getByRole('link', { name: /信息录入/ }).click();
  await field(page, '姓名').fill(PERSON.name);
  await field(page, '身份证号').fill(PERSON.idCard);
  await expect(
    page.getByText('点「暂存」保存到服务器，换一部手机登录也能在首页「待提交登记」继续填写'),
  ).toBeVisible();
  expect(api.requestsTo('/ScreeningRegister/Add')).toHaveLength(0);
  await page.getByRole('button', { name: '暂存' }).click();
  await expect(
    page.getByText(/已于 .* 保存到服务器，换一部手机登录也能在首页「待提交登记」继续填写/),
  ).toBeVisible();
  expect(api.db.state.registrations.filter((r) => r.idCard === PERSON.idCard)).toEqual([
    expect.objectContaining({ status: 'draft' }),
  ]);

  // Phone 2: its own storage, the same server.
  const phone2 = await openAnotherDevice(browser, testInfo, api);
  try {
    const other = await phone2.newPage();
    await logIn(other);
    await other.getByRole('link', { name: /^待提交登记 \d+ 条/ }).click();
    const pending = other.getByRole('list', { name: '待提交登记' });
    await expect(pending.getByText(PERSON.name)).toBeVisible();
    await expectAccessible(other);
    await pending.getByRole('link', { name: `继续填写 ${PERSON.name} 的登记` }).click();
    await expect(other).toHaveURL(/\/infoEnter$/);
    await expect(field(other, '姓名')).toHaveValue(PERSON.name);
    await expect(field(other, '身份证号')).toHaveValue(formatIdCardGroups(PERSON.idCard));
    await field(other, '联系电话').fill('13800138000');
    await field(other, '采样管编码').fill(spareTube(api));
    await expect(other.getByText('可以绑定')).toBeVisible();
    await other.getByRole('button', { name: '提交并绑定' }).click();
    await other
      .getByRole('dialog', { name: '请确认登记信息' })
      .getByRole('button', { name: /^(确认提交|仍要登记)$/ })
      .first()
      .click();
    await expect(other).toHaveURL(/\/bindSuccess\?id=/);

    const records = api.db.state.registrations.filter((r) => r.idCard === PERSON.idCard);
    expect(records).toEqual([expect.objectContaining({ status: 'submitted', phone: '13800138000' })]);
    await other.goto('/workUser');
    await expect(other.getByText('您好，王医生')).toBeVisible();
    await expect(other.getByText(PERSON.name)).toHaveCount(0);
  } finally {
    await phone2.close();
  }
});
