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
