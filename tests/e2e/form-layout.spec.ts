import type { Locator, Page } from '@playwright/test';
import { makeIdCard } from '../../src/mocks/id-card-generator';
import { expect, signIn, test } from './support/fixtures';
import { openOptionalFields } from './support/journeys';
import { focusedFieldSight } from './support/keyboard';
import { inkIn, overflowingElements, setTextSize200 } from './support/layout';

/**
 * The registration form's rows on narrow phones and at WeChat's largest text: at normal text the tube
 * code keeps its 扫码 button beside it once a code is typed (it used to wrap onto a line of its own);
 * at 200% text every field keeps most of the screen's width (扫码 moves below the code); nothing is
 * wider than the screen. The filled tube-code row is compared with a reviewed screenshot.
 */
const NEW_ID_CARD = makeIdCard('110105', '1966-01-01', 7, '1');
const TUBE_CODE = 'CT2026110100123';

async function fillForm(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: '姓名', exact: true }).fill('王小明');
  await page.getByRole('textbox', { name: '身份证号', exact: true }).fill(NEW_ID_CARD);
  await page.getByRole('textbox', { name: '联系电话', exact: true }).fill('138-0013-8000');
  await page.getByRole('textbox', { name: '采样管编码', exact: true }).fill(TUBE_CODE);
}

/**
 * The tube code input and the 扫码 button: on one line when their vertical centres meet and 扫码 is to
 * the right. Both are measured in the same frame: the page may still be scrolling to the focused field.
 */
async function tubeRowOnOneLine(page: Page): Promise<boolean> {
  const input = await page.getByRole('textbox', { name: '采样管编码', exact: true }).elementHandle();
  const button = await page.getByRole('button', { name: '扫描采样管二维码' }).elementHandle();
  const [field, scan] = await page.evaluate(
    (elements) =>
      elements.map((element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        return { x, y, width, height };
      }),
    [input, button],
  );
  const centre = (box: { y: number; height: number }) => box.y + box.height / 2;
  return Math.abs(centre(field) - centre(scan)) <= 4 && scan.x >= field.x + field.width;
}

for (const width of [320, 360, 375]) {
  test(`/infoEnter at ${width} px: 扫码 stays beside the typed tube code; nothing overflows at 100% or 200% text`, async ({
    page,
    api,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, api);
    await page.goto('/infoEnter');
    await fillForm(page);
    await expect(page.getByRole('button', { name: '清除采样管编码' })).toBeVisible();

    expect(await tubeRowOnOneLine(page), '扫码 beside the tube code').toBe(true);
    expect(await overflowingElements(page), `wider than ${width} px`).toEqual([]);

    await setTextSize200(page, page.getByText('采样管编码', { exact: true }).first());
    expect(await overflowingElements(page), `wider than ${width} px at 200% text`).toEqual([]);
    expect(await tubeRowOnOneLine(page), '扫码 below the tube code at 200% text').toBe(false);
    for (const name of ['姓名', '身份证号', '联系电话', '采样管编码']) {
      const box = await page.getByRole('textbox', { name, exact: true }).boundingBox();
      expect(box!.width, `${name} keeps a usable width at 200% text`).toBeGreaterThan(width * 0.6);
    }
  });
}

/** The element is wholly on the first screen, above the page's sticky bottom bar. */
async function expectAboveTheBar(page: Page, element: Locator): Promise<void> {
  const box = (await element.boundingBox())!;
  const bar = (await page.getByRole('contentinfo').boundingBox())!;
  expect(box.y, 'top on screen').toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, 'bottom above the sticky bar').toBeLessThanOrEqual(bar.y);
}

test('both entry forms at 360×640 have 扫码 wholly on the first screen; at 200 % text the steps’ numbers stay inside their card', async ({
  page,
  api,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await signIn(page, api);
  await page.goto('/infoEnter');
  await expectAboveTheBar(page, page.getByRole('button', { name: '扫描采样管二维码' }));

  const check = await page.context().newPage();
  await check.setViewportSize({ width: 360, height: 640 });
  await signIn(check, api, 'check');
  await check.goto('/checkUserInfoEnter');
  await expectAboveTheBar(check, check.getByRole('button', { name: '扫描采样管二维码' }));

  const steps = check.getByRole('list', { name: '办理步骤' });
  await setTextSize200(check, check.getByRole('heading', { level: 1 }));
  const card = (await steps.boundingBox())!;
  // Nothing drawn left of the card's text: its edge, and the padding inside it.
  expect(await inkIn(check, { x: 0, y: card.y, width: card.x + 8, height: card.height })).toBe(0);
  expect(await overflowingElements(check)).toEqual([]);
  await check.close();
});

test('/infoEnter filled in at 375 px looks as reviewed', async ({ page, api }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, api);
  await page.goto('/infoEnter');
  await fillForm(page);
  const tubeField = page
    .getByRole('textbox', { name: '采样管编码', exact: true })
    .locator('xpath=ancestor::div[3]');
  // Away from the bottom edge, where the fixed 提交并绑定 bar would cover it.
  await tubeField.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expect(tubeField).toHaveScreenshot('info-enter-tube-row.png', {
    maxDiffPixelRatio: 0.02,
    animations: 'disabled',
    caret: 'hide',
  });
});

/**
 * The field that needs the person stays in sight. After 提交并绑定 on an empty form, the first field to
 * fix gets focus and comes into view. Android's keyboard (WeChat's XWeb) makes the page shorter, and the
 * sticky 提交并绑定 bar then sits just above it: the field being typed in must not be under the bar when
 * the keyboard opens, nor when focus moves on to the next field (the keyboard's 下一项). The browser
 * itself scrolls a focused field only when it is off the page, so each field starts 40 px above the
 * page's bottom, where the bar is once the keyboard is open.
 */
test('/infoEnter: the field to fix after 提交并绑定 comes into sight, and the one typed in stays in sight above the bar with an Android keyboard open', async ({
  page,
  api,
}) => {
  const shortened = 812 - 340;
  const placeAtBar = (field: Locator) =>
    field.evaluate(
      (element, top) => window.scrollBy(0, element.getBoundingClientRect().top - top),
      shortened - 40,
    );
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, api);
  await page.goto('/infoEnter');
  // 提交并绑定 at the bottom of an empty form: the first field to fix gets focus and comes into sight.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('button', { name: '提交并绑定' }).tap();
  await expect(page.getByText('请填写姓名')).toBeVisible();
  await expect.poll(() => page.evaluate(focusedFieldSight)).toEqual({ field: '姓名', covered: null });

  await openOptionalFields(page);
  const address = page.getByRole('textbox', { name: '住址', exact: true });
  await placeAtBar(address);
  await address.tap();
  await page.setViewportSize({ width: 375, height: shortened });
  await expect.poll(() => page.evaluate(focusedFieldSight)).toEqual({ field: '住址', covered: null });
  await page.keyboard.type('北京市朝阳区幸福里 8 号');
  await expect(address).toHaveValue('北京市朝阳区幸福里 8 号');

  const tubeCode = page.getByRole('textbox', { name: '采样管编码', exact: true });
  await placeAtBar(tubeCode);
  await tubeCode.focus();
  await expect.poll(() => page.evaluate(focusedFieldSight)).toEqual({ field: '采样管编码', covered: null });

  // The keyboard closes: the page is whole again, the bar at its bottom.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('button', { name: '提交并绑定' })).toBeInViewport();
  await expect(address).toHaveValue('北京市朝阳区幸福里 8 号');
});
