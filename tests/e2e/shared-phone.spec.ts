import type { Page } from '@playwright/test';
import { makeIdCard } from '../../src/mocks/id-card-generator';
import { WORK_ACCOUNT, expect, test, type ApiMock } from './support/fixtures';

/**
 * One phone, two nurses: what 王医生 (admin) typed and queued is named before she signs out, removed
 * when she does, and nowhere for 李护士 (worker) to see: not on a page, not in any storage.
 */
const QUEUED = { name: '赵一', idCard: makeIdCard('110105', '1962-02-03', 11, '1') };
const TYPED = { name: '钱二', idCard: makeIdCard('110105', '1958-07-09', 12, '2') };

async function logIn(page: Page, accountName: string) {
  await page.getByLabel('账号', { exact: true }).fill(accountName);
  await page.getByLabel('密码', { exact: true }).fill(WORK_ACCOUNT.accountPwd);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/workUser$/);
}

function spareTube(api: ApiMock): string {
  const tube = api.db.state.tubes.find((t) => t.status === 'unbound' && t.timeline.length === 1);
  if (!tube) throw new Error('the demo data has no spare tube');
  return tube.code;
}

/** Everything the page keeps in the browser (the demo backend's own data, the pretend server, aside). */
function browserStorage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const dump = (storage: Storage) =>
      Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '')
        .filter((key) => key !== 'demo-db-v1')
        .map((key) => `${key}=${storage.getItem(key)}`)
        .join('\n');
    return `${dump(localStorage)}\n${dump(sessionStorage)}`;
  });
}

test('王医生 queues a registration and types another, signs out; 李护士 finds nothing of hers', async ({
  page,
  api,
}) => {
  const name = (label: string) => page.getByRole('textbox', { name: label, exact: true });
  await page.goto('/login');
  await logIn(page, WORK_ACCOUNT.accountName);

  // A registration the network drops is queued on the phone, and stays unsent.
  api.fault('/ScreeningRegister/Submit', { kind: 'network' });
  await page.getByRole('link', { name: /信息录入/ }).click();
  await name('姓名').fill(QUEUED.name);
  await name('身份证号').fill(QUEUED.idCard);
  await name('联系电话').fill('13800138000');
  await name('采样管编码').fill(spareTube(api));
  await page.getByRole('button', { name: '提交并绑定' }).click();
  const confirm = page.getByRole('dialog', { name: '请确认登记信息' });
  await confirm
    .getByRole('button', { name: /^(确认提交|仍要登记)$/ })
    .first()
    .click();
  await page
    .getByRole('dialog', { name: '网络不可用' })
    .getByRole('button', { name: '保存到待发送队列' })
    .click();
  await expect(name('姓名')).toHaveValue('');

  // The next person is half typed (a draft on the phone).
  await name('姓名').fill(TYPED.name);
  await name('身份证号').fill(TYPED.idCard);
  await expect.poll(() => browserStorage(page)).toContain(TYPED.idCard);
  expect(await browserStorage(page)).toContain(QUEUED.idCard);

  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/workUser$/);
  await page.getByRole('button', { name: '退出登录' }).click();
  const leaving = page.getByRole('dialog', { name: '退出登录' });
  await expect(leaving).toContainText('本机还有1 条登记未上传，1 项填写内容未提交');
  await expect(leaving.getByRole('button', { name: '立即上传' })).toBeVisible();
  await leaving.getByRole('button', { name: '放弃并退出' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('note')).toHaveCount(0); // nothing left to warn about

  api.clearFaults();
  await page.getByLabel('账号', { exact: true }).fill('');
  await logIn(page, 'worker');
  await expect(page.getByText('您好，李晓梅')).toBeVisible();
  await expect(page.getByText(/待发送/)).toHaveCount(0);
  await page.getByRole('link', { name: /信息录入/ }).click();
  await expect(name('姓名')).toHaveValue('');
  await expect(name('身份证号')).toHaveValue('');
  for (const person of [QUEUED, TYPED]) {
    await expect(page.getByText(person.name)).toHaveCount(0);
    expect(await browserStorage(page)).not.toContain(person.idCard);
    expect(await browserStorage(page)).not.toContain(person.name);
  }
  // 王医生's queued registration was never sent under 李晓梅's session.
  const workerToken = await page.evaluate(() => sessionStorage.getItem('token'));
  const submits = api.requestsTo('/ScreeningRegister/Submit');
  expect(submits.length).toBeGreaterThan(0);
  expect(submits.filter((request) => request.headers.authorization === workerToken)).toEqual([]);
});
