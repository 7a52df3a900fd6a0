import type { Page } from '@playwright/test';
import { expect, signIn, test, type ApiMock } from './support/fixtures';

/**
 * 扫码 inside WeChat when the bridge misbehaves: a person waits at most 5 s for WeChat to accept the
 * configuration, can type the code the whole time, and the next tap tries again. The stubbed
 * WeixinJSBridge answers wx.config never, late, with an error, or normally; the scanner can be cancelled.
 */
declare global {
  interface Window {
    __setNextScanResult: (code: string | null) => void;
    __setConfigAnswer: (mode: 'ok' | 'error' | 'never' | number) => void;
    __shownAt: number | null;
  }
}

const UNAVAILABLE = '微信扫码暂不可用，请手动输入采样管编码';
const SIGNATURE = '/Account/GenerateWeChatSignature';

function spareTube(api: ApiMock): string {
  return api.db.state.tubes.filter((tube) => tube.status === 'unbound' && tube.timeline.length === 1)[0].code;
}

/** Opens 信息录入 signed in, with WeChat answering wx.config as `configAnswer` from the page's first script on. */
async function openEntry(
  page: Page,
  api: ApiMock,
  configAnswer: 'ok' | 'error' | 'never' | number,
): Promise<void> {
  await signIn(page, api);
  // Before the page's own scripts: its quiet configuration while idle meets the same WeChat as the tap.
  await page.addInitScript((mode) => window.__setConfigAnswer(mode), configAnswer);
  await page.goto('/infoEnter');
}

/**
 * Watches the page for `text`: the returned function reads the page's clock (Date.now()) at the moment
 * the text first appeared, or null. A toast comes and goes; this keeps when it came.
 */
async function whenShown(page: Page, text: string): Promise<() => Promise<number | null>> {
  await page.evaluate((wanted) => {
    window.__shownAt = null;
    const observer = new MutationObserver(() => {
      if (window.__shownAt === null && document.body.textContent?.includes(wanted)) {
        window.__shownAt = Date.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, text);
  return () => page.evaluate(() => window.__shownAt);
}

/**
 * Moves the page's clock on in quarter seconds until `shown` has a time, at most `limitMs`: the message
 * is shown by a module loaded after the rejection, not by a timer, so it comes between the steps.
 */
async function runClockUntil(page: Page, shown: () => Promise<number | null>, limitMs: number) {
  for (let ran = 0; ran < limitMs && (await shown()) === null; ran += 250) await page.clock.runFor(250);
  await expect.poll(shown).not.toBeNull();
}

const tubeField = (page: Page) => page.getByRole('textbox', { name: '采样管编码', exact: true });
const scanButton = (page: Page) => page.getByRole('button', { name: '扫描采样管二维码' });

test.describe('扫码 when WeChat is slow or refuses', () => {
  // The page's clock is Playwright's: the 5 s limit and WeChat's late answer come when the test moves it,
  // however busy the machine is. What the page says is timed on that clock, when it appears.
  test('a bridge that never confirms: typeable throughout, told at 5 s, the next tap signs again', async ({
    page,
    api,
  }) => {
    await page.clock.install();
    await openEntry(page, api, 'never');
    const told = await whenShown(page, UNAVAILABLE);
    const tapped = await page.evaluate(() => Date.now());
    await scanButton(page).click();
    await page.clock.runFor(3_000);
    // The field takes typing while WeChat does not answer.
    await tubeField(page).fill('CT2026');
    await expect(tubeField(page)).toHaveValue('CT2026');
    await runClockUntil(page, told, 3_000);
    // At the limit, not before. The page's clock also moves by itself with real time, which a loaded
    // machine stretches (the tap's own steps come first): the upper bound leaves room for that.
    expect((await told())! - tapped).toBeGreaterThanOrEqual(5_000);
    expect((await told())! - tapped).toBeLessThan(8_000);
    expect(api.requestsTo(SIGNATURE)).toHaveLength(1);

    await scanButton(page).click();
    await expect.poll(() => api.requestsTo(SIGNATURE).length).toBe(2);
    await expect(tubeField(page)).toHaveValue('CT2026');
  });

  test('a bridge that confirms late: the first tap gives up, the next one scans', async ({ page, api }) => {
    const tube = spareTube(api);
    await page.clock.install();
    await openEntry(page, api, 20_000);
    await page.evaluate((code) => window.__setNextScanResult(code), tube);
    const told = await whenShown(page, UNAVAILABLE);
    await scanButton(page).click();
    await runClockUntil(page, told, 6_000);
    // WeChat accepts the configuration after all, long after the tap gave up: it still counts.
    await page.clock.runFor(20_000);

    await scanButton(page).click();
    await expect(tubeField(page)).toHaveValue(tube);
    expect(api.requestsTo(SIGNATURE)).toHaveLength(1);
  });

  test('a configuration WeChat refuses: told at once to type the code, and the next tap signs again', async ({
    page,
    api,
  }) => {
    await openEntry(page, api, 'error');
    const tapped = Date.now();
    await scanButton(page).click();
    await expect(page.getByText('扫码失败，请重试或手动输入采样管编码')).toBeVisible();
    expect(Date.now() - tapped).toBeLessThan(4_000);
    const signed = api.requestsTo(SIGNATURE).length;
    await tubeField(page).fill('CT2026110100001');
    await expect(tubeField(page)).toHaveValue('CT2026110100001');

    await scanButton(page).click();
    await expect.poll(() => api.requestsTo(SIGNATURE).length).toBeGreaterThan(signed);
  });

  test('cancelling the scanner says nothing and leaves the field as it was', async ({ page, api }) => {
    await openEntry(page, api, 'ok');
    await tubeField(page).fill('CT20');
    await page.evaluate(() => window.__setNextScanResult(null));
    await scanButton(page).click();
    await expect(scanButton(page)).toBeEnabled();
    await expect(page.locator('.adm-toast-main')).toHaveCount(0);
    await expect(tubeField(page)).toHaveValue('CT20');
  });
});
