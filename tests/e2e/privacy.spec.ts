import type { Page } from '@playwright/test';
import { formatIdCardGroups, maskIdCard } from '../../src/lib/id-card';
import type { Registration } from '../../src/types/api';
import { expect, signIn, test, type ApiMock } from './support/fixtures';

/**
 * Personal data stays where it belongs: every list masks the ID-card number, and no name, ID-card
 * number or phone number of a person ever appears in a page URL (WeChat shares, logs and caches those)
 * or in the console, while staff look people up by each of them and open what they find.
 */

/** What identifies a person. */
type Person = Pick<Registration, 'name' | 'idCard' | 'phone'>;

interface Trail {
  urls: string[];
  console: string[];
}

/** Every URL the tab showed (full loads and in-app navigations) and every console line. */
function record(page: Page): Trail {
  const trail: Trail = { urls: [], console: [] };
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) trail.urls.push(frame.url());
  });
  page.on('console', (message) => trail.console.push(message.text()));
  return trail;
}

/** The person's data, in the forms it could leak in (raw and URL-encoded). */
function secretsOf(person: Person): string[] {
  return [person.name, person.idCard, person.phone].flatMap((value) => [value, encodeURIComponent(value)]);
}

function expectNoLeak(trail: Trail, person: Person) {
  for (const secret of secretsOf(person)) {
    expect(
      trail.urls.filter((url) => url.includes(secret)),
      `URLs containing ${secret}`,
    ).toEqual([]);
    expect(
      trail.console.filter((line) => line.includes(secret)),
      `console lines containing ${secret}`,
    ).toEqual([]);
  }
}

/** A registration of the demo data with a tube and a report, so every lookup finds something. */
function personWithReport(api: ApiMock): Person {
  const registration = api.db.state.registrations.find((candidate) =>
    api.db.state.reports.some((report) => report.idCard === candidate.idCard),
  );
  if (!registration) throw new Error('the demo data has no registration with a report');
  return registration;
}

async function searchRegistrations(page: Page, type: '姓名' | '身份证号' | '手机号', keyword: string) {
  // The segment's radio is visually hidden; a tap lands on its label.
  await page.getByRole('radio', { name: type }).locator('xpath=..').click();
  await page.getByRole('textbox', { name: type, exact: true }).fill(keyword);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByRole('heading', { name: /^查询结果（共 \d+ 条）$/ })).toBeVisible();
}

test('staff look a person up by name, ID card and phone (in groups): lists mask the ID card, URLs and console carry none of it', async ({
  page,
  api,
}) => {
  const person = personWithReport(api);
  const masked = formatIdCardGroups(maskIdCard(person.idCard));
  expect(masked).not.toBe(person.idCard);
  const trail = record(page);
  await signIn(page, api, 'work');

  await page.goto('/infoSearch');
  const results = page.getByRole('list', { name: '登记查询结果' });
  await expect(results).toBeVisible();
  // The recent registrations list: every card masks its ID card.
  for (const text of await results.getByRole('link').allInnerTexts()) expect(text).not.toMatch(/\d{17}[\dX]/);

  for (const [type, keyword] of [
    ['姓名', person.name],
    ['身份证号', person.idCard],
    // As people write a number, in groups: looked up by its digits.
    ['手机号', `${person.phone.slice(0, 3)} ${person.phone.slice(3, 7)} ${person.phone.slice(7)}`],
  ] as const) {
    await searchRegistrations(page, type, keyword);
    const card = results.getByRole('link', { name: new RegExp(person.name) }).first();
    await expect(card).toContainText(masked);
    await expect(card).not.toContainText(person.idCard);
  }
  const byPhone = api.requestsTo('/ScreeningRegister/Search').at(-1)!;
  expect(byPhone.body).toMatchObject({ searchType: 'phone', keyword: person.phone });

  await results
    .getByRole('link', { name: new RegExp(person.name) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/infoDetail\?id=[\w-]+$/);
  await expect(page.getByRole('region', { name: '采样管进度' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: '采样管进度' })).toBeVisible();

  await page.goto('/searchType');
  await page.getByRole('link', { name: /按身份证号查询/ }).click();
  await page.getByLabel('身份证号').fill(person.idCard);
  await page.getByRole('button', { name: '查询报告' }).click();
  await expect(page).toHaveURL(/\/repoetList$/);
  const reports = page.getByRole('list', { name: '检测报告列表' }).getByRole('link');
  await expect(reports.first()).toBeVisible();
  for (const text of await reports.allInnerTexts()) expect(text).not.toContain(person.idCard);
  await reports.first().click();
  await expect(page).toHaveURL(/\/repoetDetail\?id=[\w-]+$/);
  await expect(page.getByRole('button', { name: '保存报告图片' })).toBeVisible();

  expect(trail.urls.length).toBeGreaterThan(5);
  expectNoLeak(trail, person);
});

test('a check user looks up their report and their registrations: URLs and console carry none of their data', async ({
  page,
  api,
}) => {
  const user = api.db.state.users.find((candidate) => candidate.role === 'check');
  const own = api.db.state.registrations.find((registration) => registration.idCard === user?.idCard);
  if (!own) throw new Error('the demo check user has no registration');
  const trail = record(page);
  await signIn(page, api, 'check');

  await page.goto('/checkUserInfoSearch');
  const mine = page.getByRole('list', { name: '我的登记' }).getByRole('link');
  await expect(mine.first()).toBeVisible();
  for (const text of await mine.allInnerTexts()) expect(text).not.toMatch(/\d{17}[\dX]/);
  await mine.filter({ hasText: own.name }).first().click();
  await expect(page).toHaveURL(/\/checkUserInfoDetail\?id=[\w-]+$/);

  await page.goto('/checkUser');
  await expect(page.getByRole('heading', { level: 1, name: '首页' })).toBeVisible();
  expectNoLeak(trail, own);
});

test('after a lost session (HTTP 401), the login page holds none of the names the kept search list showed', async ({
  page,
  api,
}) => {
  await signIn(page, api, 'work');
  await page.goto('/infoSearch');
  const results = page.getByRole('list', { name: '登记查询结果' });
  await expect(results.getByRole('link').first()).toBeVisible();
  const html = await page.content();
  const shown = [...new Set(api.db.state.registrations.map((registration) => registration.name))].filter(
    (name) => html.includes(name),
  );
  expect(shown.length, 'names the search list shows').toBeGreaterThanOrEqual(5);

  // The next call answers 401: the session ends and the staff member is sent to sign in again.
  api.fault('/ScreeningRegister/GetDetail', { kind: 'http', status: 401 }, 1);
  await results.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();

  // Not on screen, and not hidden in the page either (a kept-alive page is only hidden).
  const after = await page.content();
  for (const name of shown) expect(after, `the login page holds ${name}`).not.toContain(name);
});
