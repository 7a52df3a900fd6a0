import type { Locator, Page } from '@playwright/test';
import { makeIdCard } from '../../src/mocks/id-card-generator';
import { expect, expectAccessible, signIn, snap, test, type ApiMock } from './support/fixtures';

const BIND = '/Sampling/BindSamplingTube';
/** People the demo backend does not know yet (seeded people live in Shanghai, 3101xx). */
const PEOPLE = [
  { name: '赵一', idCard: makeIdCard('110105', '1970-02-03', 11, '1') },
  { name: '钱二', idCard: makeIdCard('110105', '1968-07-09', 12, '2') },
];
const masked = (idCard: string) => `${idCard.slice(0, 6)} ******** ${idCard.slice(14)}`;

function spareTubes(api: ApiMock, count: number): string[] {
  return api.db.state.tubes
    .filter((tube) => tube.status === 'unbound' && tube.timeline.length === 1)
    .slice(0, count)
    .map((tube) => tube.code);
}

/**
 * Offline for the app: Chromium's offline mode sets navigator.onLine and fails every request, and the
 * API fails as a dropped connection until the test clears the fault, so switching offline mode back off
 * leaves the device on a network that does not reach the API (a weak signal).
 */
async function goOffline(page: Page, api: ApiMock) {
  await page.context().setOffline(true);
  api.fault('', { kind: 'network' });
}

/** antd-mobile fades dialogs in: screenshots and axe want the finished state. */
async function settled(dialog: Locator) {
  await expect
    .poll(() =>
      dialog.evaluate((element) => {
        for (let node: Element | null = element; node; node = node.parentElement) {
          if (Number(getComputedStyle(node).opacity) < 1) return false;
        }
        return true;
      }),
    )
    .toBe(true);
}

async function registerOffline(
  page: Page,
  person: (typeof PEOPLE)[number],
  tubeCode: string,
  first: boolean,
) {
  await page.getByRole('textbox', { name: '姓名', exact: true }).fill(person.name);
  await page.getByRole('textbox', { name: '身份证号', exact: true }).fill(person.idCard);
  await page.getByRole('textbox', { name: '联系电话', exact: true }).fill('13800138000');
  await page.getByRole('textbox', { name: '采样管编码', exact: true }).fill(tubeCode);
  await page.getByRole('button', { name: '提交并绑定' }).click();
  await page
    .getByRole('dialog', { name: '请确认登记信息' })
    .getByRole('button', { name: '确认提交' })
    .click();

  const offer = page.getByRole('dialog', { name: '网络不可用' });
  await expect(offer).toBeVisible();
  if (first) {
    await settled(offer);
    await snap(page, 'infoEnter-offline-offer');
    await expectAccessible(page);
  }
  await offer.getByRole('button', { name: '保存到待发送队列' }).click();
  // The previous entry's toast may still be fading out: the newest one is the last.
  await expect(page.getByText('网络不可用，已保存到待发送队列，恢复网络后将自动提交').last()).toBeVisible();
  // A fresh form for the next person.
  await expect(page.getByRole('textbox', { name: '姓名', exact: true })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: '采样管编码', exact: true })).toHaveValue('');
}

test.describe('offline bind queue (work users)', () => {
  test('bind two offline, reload, come back online: each is sent once', async ({ page, api }) => {
    const tubes = spareTubes(api, 2);
    await signIn(page, api);
    await page.goto('/infoEnter');
    await expect(page.getByRole('textbox', { name: '姓名', exact: true })).toBeVisible();
    // The form's dictionaries load in the background; let them arrive before the connection goes.
    await page.waitForLoadState('networkidle');

    await goOffline(page, api);
    await registerOffline(page, PEOPLE[0], tubes[0], true);
    await expect(page.getByText('有 1 条登记待发送，网络不可用，恢复网络后自动重试')).toBeVisible();
    await registerOffline(page, PEOPLE[1], tubes[1], false);
    await expect(page.getByText('有 2 条登记待发送，网络不可用，恢复网络后自动重试')).toBeVisible();
    expect(api.requestsTo(BIND)).toHaveLength(0);
    expect(api.db.state.registrations.filter((r) => PEOPLE.some((p) => p.idCard === r.idCard))).toHaveLength(
      0,
    );

    // A reload needs the page itself: the device is back on a network, but the API is still out of reach
    // (a weak signal), so the sends at start and on the home page fail and both entries keep waiting.
    await page.context().setOffline(false);
    await page.reload();
    await page.goto('/workUser');
    const card = page.getByRole('region', { name: '待发送 2 条' });
    await expect(card).toBeVisible();
    await expect(card.getByText('网络不可用，恢复网络后自动重试')).toBeVisible();
    await card.getByRole('button', { name: '查看明细' }).click();
    // The card's name follows its heading, which changes as entries are sent: find the list by its own name.
    const list = page.getByRole('list', { name: '待发送登记明细' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByText(masked(PEOPLE[0].idCard))).toBeVisible();
    await expect(list.getByText(PEOPLE[0].idCard, { exact: true })).toHaveCount(0);
    await expect(list.getByText(tubes[1])).toBeVisible();
    await expect(list.getByText('待发送', { exact: true })).toHaveCount(2);
    await snap(page, 'workUser-offline-queue');
    await expectAccessible(page);
    expect(api.requestsTo(BIND)).toHaveLength(0);

    // Really offline, then back: the browser's own 'online' event starts the send.
    await page.context().setOffline(true);
    api.clearFaults();
    await page.context().setOffline(false);

    await expect(page.getByText('已自动提交 2 条登记')).toBeVisible();
    await expect(page.getByRole('heading', { name: '离线登记已全部发送' })).toBeVisible();
    await expect(list.getByText('已发送', { exact: true })).toHaveCount(2);
    // Sent: listed by their tubes; the phone keeps no name, ID number or phone of either.
    await expect(list.getByText(`采样管 ${tubes[0]}`)).toBeVisible();
    await expect(list.getByText(PEOPLE[0].name)).toHaveCount(0);
    const kept = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    for (const value of [...PEOPLE.flatMap((person) => [person.name, person.idCard]), '13800138000'])
      expect(kept).not.toContain(value);
    await snap(page, 'workUser-offline-queue-sent');

    const binds = api.requestsTo(BIND);
    expect(binds).toHaveLength(2);
    for (const [index, person] of PEOPLE.entries()) {
      const registrations = api.db.state.registrations.filter((r) => r.idCard === person.idCard);
      expect(registrations).toHaveLength(1);
      expect(
        binds.filter((request) => (request.body as { tubeCode?: string }).tubeCode === tubes[index]),
      ).toHaveLength(1);
      const tube = api.db.state.tubes.find((candidate) => candidate.code === tubes[index]);
      expect(tube).toMatchObject({ status: 'bound', registrationId: registrations[0].id });
    }

    // Nothing more goes out on later triggers (home shown again, another 'online').
    await page.goto('/infoSearch');
    await page.goto('/workUser');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByRole('heading', { name: '离线登记已全部发送' })).toBeVisible();
    expect(api.requestsTo(BIND)).toHaveLength(2);

    await page.getByRole('button', { name: '查看明细' }).click();
    await page.getByRole('button', { name: '清除已完成' }).click();
    await expect(page.getByRole('heading', { name: '离线登记已全部发送' })).toHaveCount(0);
  });

  test('a registration left unsent asks after 7 days to be resent or deleted, and after 14 is gone from the phone, saying so', async ({
    page,
    api,
  }) => {
    const DAY = 24 * 60 * 60 * 1000;
    const [tube] = spareTubes(api, 1);
    const person = PEOPLE[0];
    await page.clock.install();
    await signIn(page, api);
    await page.goto('/infoEnter');
    await page.waitForLoadState('networkidle');
    await goOffline(page, api);
    await registerOffline(page, person, tube, false);
    const queuedAt = await page.evaluate(() => Date.now());

    // Back at work a week later, on a network that does not reach the API: the home asks before
    // anything is sent.
    await page.clock.setSystemTime(queuedAt + 8 * DAY);
    await page.context().setOffline(false);
    await page.goto('/workUser');
    const card = page.getByRole('region', { name: '待确认 1 条' });
    await expect(card.getByText('1 条登记保存已超过 7 天仍未发送，请核对后重新发送或删除')).toBeVisible();
    const item = card.getByRole('list', { name: '待发送登记明细' }).getByRole('listitem');
    await expect(item.getByText(person.name)).toBeVisible();
    await expect(item.getByRole('button', { name: '重新发送' })).toBeVisible();
    await expect(item.getByRole('button', { name: '删除' })).toBeVisible();
    await snap(page, 'workUser-offline-queue-stale');
    await expectAccessible(page);

    // Left another week: removed, and the home says so.
    await page.clock.setSystemTime(queuedAt + 15 * DAY);
    await page.reload();
    const removed = page.getByRole('region', { name: '已删除 1 条' });
    await expect(
      removed.getByText('1 条登记保存超过 14 天没有发送，已从本机删除，如需登记请重新录入'),
    ).toBeVisible();
    const kept = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(kept).not.toContain(person.idCard);
    expect(kept).not.toContain(person.name);
    expect(api.requestsTo(BIND)).toHaveLength(0);
  });

  test('a busy server at 确认提交: queued, waits its turn, then lands by itself', async ({ page, api }) => {
    const [tube] = spareTubes(api, 1);
    const person = PEOPLE[0];
    await signIn(page, api);
    await page.goto('/infoEnter');
    await page.waitForLoadState('networkidle');
    // The gateway turns Submit away with 503 and asks for 5 s, until the test clears it.
    api.fault('/ScreeningRegister/Submit', { kind: 'http', status: 503, retryAfter: '5' });

    await page.getByRole('textbox', { name: '姓名', exact: true }).fill(person.name);
    await page.getByRole('textbox', { name: '身份证号', exact: true }).fill(person.idCard);
    await page.getByRole('textbox', { name: '联系电话', exact: true }).fill('13800138000');
    await page.getByRole('textbox', { name: '采样管编码', exact: true }).fill(tube);
    await page.getByRole('button', { name: '提交并绑定' }).click();
    await page
      .getByRole('dialog', { name: '请确认登记信息' })
      .getByRole('button', { name: '确认提交' })
      .click();

    const offer = page.getByRole('dialog', { name: '服务器暂时繁忙' });
    await expect(offer.getByText('系统接口503异常')).toBeVisible();
    await expect(offer.getByRole('button', { name: '留在本页' })).toBeVisible();
    await offer.getByRole('button', { name: '保存到待发送队列' }).click();
    await expect(page.getByText('服务器暂时繁忙，已保存到待发送队列，稍后将自动提交')).toBeVisible();
    await expect(page.getByRole('textbox', { name: '姓名', exact: true })).toHaveValue('');

    await page.goto('/workUser');
    const card = page.getByRole('region', { name: '待发送 1 条' });
    await expect(card.getByText(/^服务器繁忙，(约 \d+ 秒后|即将)自动重试$/)).toBeVisible();
    await card.getByRole('button', { name: '查看明细' }).click();
    const list = page.getByRole('list', { name: '待发送登记明细' });
    await expect(list.getByRole('button', { name: '立即重试' })).toBeVisible();
    await expect(list.getByText('上次尝试：系统接口503异常')).toBeVisible();
    await expect(page.getByText('发送失败', { exact: false })).toHaveCount(0);

    // The gateway recovers; nobody taps anything: the queue's own timer sends it.
    api.clearFaults();
    await expect(page.getByText('已自动提交 1 条登记')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('heading', { name: '离线登记已全部发送' })).toBeVisible();
    const registrations = api.db.state.registrations.filter((r) => r.idCard === person.idCard);
    expect(registrations).toHaveLength(1);
    expect(api.db.state.tubes.find((candidate) => candidate.code === tube)).toMatchObject({
      status: 'bound',
      registrationId: registrations[0].id,
    });
    // Turned away at the form and at least once more; registered once all the same.
    expect(api.requestsTo('/ScreeningRegister/Submit').length).toBeGreaterThanOrEqual(2);
  });
});
