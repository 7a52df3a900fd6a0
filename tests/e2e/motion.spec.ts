import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';
import { openOptionalFields } from './support/journeys';

/**
 * The phone's reduce-motion setting (iOS 减弱动态效果, Android 移除动画): with it, a dialog and a
 * bottom sheet are in place from their first frame; without it, they move in. Each case sets the
 * setting itself, whatever its project's default (playwright.config.ts).
 */

/**
 * Where the page's dialog is drawn on each of the first animation frames after `open`: its top and
 * opacity. The page shows one dialog at a time; `dialog` names it, to wait until it is shown.
 */
async function framesOf(page: Page, dialog: Locator, open: () => Promise<void>) {
  await page.evaluate(() => {
    const frames: { top: number; opacity: number }[] = [];
    (window as unknown as { motionFrames: typeof frames }).motionFrames = frames;
    const record = () => {
      // antd-mobile moves the dialog's first child; our bottom sheet, the dialog itself.
      const dialog = document.querySelector('[role="dialog"]');
      const shown = dialog?.firstElementChild ?? dialog;
      if (shown) {
        // The opacity a person sees is the product of the element's and its ancestors'.
        let opacity = 1;
        for (let node: Element | null = shown; node; node = node.parentElement)
          opacity *= Number(getComputedStyle(node).opacity);
        frames.push({ top: Math.round(shown.getBoundingClientRect().top), opacity });
      }
      if (frames.length < 20) requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  });
  await open();
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { motionFrames: unknown[] }).motionFrames.length))
    .toBe(20);
  return page.evaluate(
    () => (window as unknown as { motionFrames: { top: number; opacity: number }[] }).motionFrames,
  );
}

const CASES = [
  {
    what: 'antd-mobile’s dialog (退出登录)',
    open: async (page: Page) => {
      await page.goto('/workUser');
      const dialog = page.getByRole('dialog', { name: '退出登录' });
      return framesOf(page, dialog, () => page.getByRole('button', { name: '退出登录' }).click());
    },
  },
  {
    what: 'our bottom sheet (选择民族)',
    open: async (page: Page) => {
      await page.goto('/infoEnter');
      await openOptionalFields(page);
      const picker = page.getByRole('dialog', { name: '选择民族' });
      return framesOf(page, picker, () => page.getByRole('button', { name: /^民族：/ }).click());
    },
  },
];

for (const { what, open } of CASES) {
  test(`${what}: in place from its first frame with reduce motion, moving in without`, async ({
    page,
    api,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, api);
    const still = await open(page);
    expect(new Set(still.map((frame) => frame.top)).size, 'its top moved').toBe(1);
    expect(
      still.every((frame) => frame.opacity === 1),
      'it faded',
    ).toBe(true);

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const moving = await open(page);
    const [first, last] = [moving[0], moving.at(-1)!];
    expect(first.top > last.top || first.opacity < last.opacity, 'it moves or fades in').toBe(true);
  });
}
