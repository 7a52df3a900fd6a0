import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Elements that stick out past the right edge of the screen (innermost ones only), and the page's own
 * width when it is wider than the screen. Measured against the viewport Playwright set, not innerWidth:
 * a mobile browser zooms out to fit a too-wide page, and then innerWidth grows with it.
 */
export function overflowingElements(page: Page): Promise<string[]> {
  const width = page.viewportSize()!.width;
  return page.evaluate((screenWidth) => {
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? ` class="${element.className}"` : ''}> ${(element.textContent ?? '').slice(0, 30)}`;
    const wide = Array.from(document.body.querySelectorAll('*')).filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.right > screenWidth + 1 && !element.closest('.visually-hidden');
    });
    // Text can stick out of a box that itself fits (a long unbroken word that may not wrap): name its parent.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || wide.includes(parent) || parent.closest('.visually-hidden')) continue;
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width > 0 && box.right > screenWidth + 1) wide.push(parent);
    }
    const innermost = wide.filter(
      (element) => !wide.some((other) => other !== element && element.contains(other)),
    );
    const pageWidth = document.documentElement.scrollWidth;
    return [
      ...(pageWidth > screenWidth + 1 ? [`page is ${pageWidth}px wide`] : []),
      ...innermost.slice(0, 5).map(describe),
    ];
  }, width);
}

/**
 * WeChat's largest font setting: text at 200%, the way it reaches the page on iOS (Chromium honours it
 * in mobile mode). Waits until `probe` (any text on the page) is drawn at twice its size.
 */
export async function setTextSize200(page: Page, probe: Locator): Promise<void> {
  const size = () => probe.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  const before = await size();
  await page.addStyleTag({
    content: 'html, :root { -webkit-text-size-adjust: 200% !important; text-size-adjust: 200% !important; }',
  });
  await expect.poll(size).toBe(before * 2);
}

/** The smallest text older people are shown, and the smallest control they tap (issue 57, MIIT, WCAG 2.5.5). */
export const MIN_TEXT_PX = 16;
export const MIN_TARGET_PX = 44;

/**
 * What on the page as it is now falls short for older eyes and fingers, in page order: visible text
 * under MIN_TEXT_PX (hints and captions included), then visible controls (button, link, text field,
 * checkbox, radio, …) smaller than MIN_TARGET_PX either way, measured where a tap lands (a native
 * checkbox or radio drawn by its label: the label). Each entry names the element and its text.
 * Contrast: contrastProblems (support/fixtures.ts).
 */
export function elderProblems(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ minText, minTarget }) => {
      const describe = (element: Element) => {
        const name =
          element.getAttribute('aria-label') ??
          (element as HTMLInputElement).labels?.[0]?.textContent ??
          element.textContent ??
          '';
        const classes =
          typeof element.className === 'string' && element.className
            ? `.${element.className.split(' ')[0]}`
            : '';
        return `<${element.tagName.toLowerCase()}${classes}> "${name.trim().replace(/\s+/g, ' ').slice(0, 24)}"`;
      };
      /** Drawn and seen: a box, not hidden, not see-through, not clipped away as .visually-hidden is. */
      const seen = (element: Element) => {
        const box = element.getBoundingClientRect();
        if (box.width < 1 || box.height < 1) return false;
        if (element.closest('.visually-hidden, [hidden]')) return false;
        const style = getComputedStyle(element);
        if (style.visibility !== 'visible') return false;
        for (let node: Element | null = element; node; node = node.parentElement) {
          if (Number(getComputedStyle(node).opacity) === 0) return false;
        }
        return true;
      };
      const problems: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const reported = new Set<Element>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !node.textContent?.trim() || reported.has(parent)) continue;
        if (parent.closest('script, style, noscript, canvas') || !seen(parent)) continue;
        const style = getComputedStyle(parent);
        if (style.color === 'transparent' || /rgba\(.*, 0\)$/.test(style.color)) continue;
        const size = parseFloat(style.fontSize);
        if (size < minText) {
          reported.add(parent);
          problems.push(`text ${size}px: ${describe(parent)}`);
        }
      }
      const controls = document.querySelectorAll(
        'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], [role="combobox"], [role="textbox"], [role="option"], [role="menuitem"]',
      );
      for (const control of controls) {
        const input = control instanceof HTMLInputElement ? control : null;
        const drawnByLabel = input && (input.type === 'checkbox' || input.type === 'radio');
        const target = drawnByLabel ? (input.closest('label') ?? input.labels?.[0] ?? input) : control;
        if (!seen(target) || control.closest('[aria-hidden="true"], [inert]')) continue;
        if (control !== target && reported.has(target)) continue;
        const box = target.getBoundingClientRect();
        if (box.width < minTarget - 0.5 || box.height < minTarget - 0.5) {
          reported.add(target);
          problems.push(`target ${Math.round(box.width)}×${Math.round(box.height)}px: ${describe(control)}`);
        }
      }
      return problems;
    },
    { minText: MIN_TEXT_PX, minTarget: MIN_TARGET_PX },
  );
}

/**
 * What a dialog asks a person to read comes before the buttons that answer it, in the dialog's one
 * scroll (WeChat's largest font on a small phone makes a dialog taller than the screen): as the dialog
 * opens, each of `reads` lies above every button and is not hidden inside a box of its own that scrolls
 * (where the dialog shows it, it is what shows there; below, the dialog scrolls to it); the dialog is
 * on screen, and scrolled down, its last button is wholly on screen.
 */
export async function expectReadBeforeAnswering(dialog: Locator, reads: Locator[]): Promise<void> {
  const buttons = dialog.getByRole('button');
  await expect(buttons.first()).toBeAttached();
  for (const read of reads) {
    const problem = await read.evaluate(
      (element, dialogElement) => {
        const box = element.getBoundingClientRect();
        const buttonTops = [...dialogElement.querySelectorAll('button, [role="button"]')].map(
          (button) => button.getBoundingClientRect().top,
        );
        if (box.bottom > Math.min(...buttonTops) + 1) return `below a button (${Math.round(box.bottom)} px)`;
        const x = box.left + box.width / 2;
        const y = box.top + Math.min(box.height, 20) / 2;
        // Below what the dialog shows now: the person scrolls the dialog to it, before the buttons.
        if (y >= Math.min(window.innerHeight, dialogElement.getBoundingClientRect().bottom)) return null;
        const shown = document.elementFromPoint(x, y);
        return shown && (element.contains(shown) || shown.contains(element)) ? null : 'hidden where it is';
      },
      await dialog.elementHandle(),
    );
    expect(problem, `${await read.textContent()}`).toBeNull();
  }
  const frame = (await dialog.boundingBox())!;
  const screen = dialog.page().viewportSize()!;
  expect(frame.y, 'the dialog starts on screen').toBeGreaterThanOrEqual(0);
  expect(frame.y + frame.height, 'the dialog ends on screen').toBeLessThanOrEqual(screen.height + 1);
  const last = buttons.last();
  await last.scrollIntoViewIfNeeded();
  const box = (await last.boundingBox())!;
  expect(box.y + box.height, 'its last button, scrolled to').toBeLessThanOrEqual(screen.height + 1);
}

/**
 * How many dark pixels (text, icons, borders darker than mid-grey) are drawn in `box` (CSS px) of the
 * screen as it is now: what a person sees there, including what the DOM cannot measure (list markers).
 */
export async function inkIn(
  page: Page,
  box: { x: number; y: number; width: number; height: number },
): Promise<number> {
  const png = await page.screenshot({ clip: box, scale: 'css' });
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let inked = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      if (pixels[i] < 128 && pixels[i + 1] < 128 && pixels[i + 2] < 128) inked += 1;
    }
    return inked;
  }, png.toString('base64'));
}
