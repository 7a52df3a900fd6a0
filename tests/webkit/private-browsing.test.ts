import { expect, test } from 'vitest';
import { setUpWebKitApp } from './support/app';
import { signInAsStaff } from './support/page';

/**
 * Private browsing (MiniBrowser --private: storage kept for the session only, as in Safari's private
 * tabs): the app signs in and keeps a half-typed form across a reload as in a normal window. (Safari 10
 * and older threw on every storage write in private tabs; the app's writes are guarded, which the unit
 * tests cover with a throwing storage.)
 */
const app = setUpWebKitApp({ privateBrowsing: true });

test('private browsing: sign in, a half-typed form survives a reload', async () => {
  const { page } = app;
  await signInAsStaff(page);
  await page.tap('信息录入');
  await page.waitForPath(/^\/infoEnter$/);
  await page.type('姓名', '赵小红');
  await page.type('联系电话', '13900139000');
  await page.open('/infoEnter');
  await page.waitForText('已恢复上次未提交的内容');
  expect(await page.value('姓名')).toBe('赵小红');
  expect(await page.value('联系电话')).toBe('13900139000');
});
