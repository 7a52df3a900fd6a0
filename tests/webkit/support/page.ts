import type { WebKitBrowser } from './browser';

/**
 * What the journeys do and check, in a user's terms: controls by their accessible name (WebdriverIO's
 * `aria/` selector), text on screen, the address. Every wait gives up after `timeout` with what it
 * waited for, and the page's text at that moment.
 */
const TAPPABLE =
  'button, a[href], label, input, select, textarea, [role="button"], [role="link"], [role="radio"], ' +
  '[role="checkbox"], [role="tab"], [role="option"], [role="menuitem"], [role="switch"]';

/**
 * What a user taps for this element: itself or the button, link, label… it is inside (an antd
 * Button's name is its inner span's text), or null for plain text such as a heading of the same name.
 */
async function tapTarget(browser: WebKitBrowser, element: WebdriverIO.Element) {
  const target = (await browser.execute(
    (node, selector) => (node as unknown as Element).closest(selector),
    element,
    TAPPABLE,
  )) as unknown as WebdriverIO.Element | null;
  return target && browser.$(target).getElement();
}

export function pageOf(browser: WebKitBrowser, origin: string, timeout = 20_000) {
  const bodyText = () => browser.execute(() => document.body.innerText);

  const waitFor = async (what: string, check: () => Promise<boolean>) => {
    try {
      await browser.waitUntil(check, { timeout, interval: 100 });
    } catch {
      throw new Error(`timed out waiting for ${what}; the page shows:\n${(await bodyText()).slice(0, 800)}`);
    }
  };

  /**
   * The displayed element named `name` (its label, aria-label or text); with `tappable`, only one that
   * is or is inside a button, link, label, input or an element with such a role (a page's heading may
   * share a button's name).
   */
  const control = async (name: string, { tappable = false } = {}) => {
    let found: WebdriverIO.Element | undefined;
    await waitFor(`a control named “${name}”`, async () => {
      for (const match of await browser.$$(`aria/${name}`).getElements()) {
        const element = tappable ? await tapTarget(browser, match) : match;
        if (element && (await element.isDisplayed())) {
          found = element;
          return true;
        }
      }
      return false;
    });
    return found!;
  };

  /**
   * The visible text field or select labelled `name` (its <label>, the required mark aside, or its
   * aria-label). Radios and checkboxes are tapped by their label instead.
   */
  const field = async (name: string) => {
    let found: WebdriverIO.Element | undefined;
    await waitFor(`a field labelled “${name}”`, async () => {
      const target = (await browser.execute((label: string) => {
        const byLabel = [...document.querySelectorAll('label')]
          .filter((element) => element.textContent?.replace(/[*＊\s]/g, '') === label)
          .map((element) => element.control)
          .find(
            (control) =>
              control instanceof HTMLElement &&
              !['radio', 'checkbox'].includes((control as HTMLInputElement).type) &&
              control.getClientRects().length > 0,
          );
        return byLabel ?? document.querySelector(`[aria-label="${label}"]`);
      }, name)) as unknown as WebdriverIO.Element | null;
      if (!target) return false;
      found = await browser.$(target).getElement();
      return found.isDisplayed();
    });
    return found!;
  };

  /**
   * Taps once the element has stopped moving: parts of a page arrive one after another (a card above
   * the entries), and a tap aimed before one lands where the next thing will be.
   */
  const tapElement = async (element: WebdriverIO.Element) => {
    // In the middle of the screen, clear of the page's fixed header and bottom bar.
    await element.scrollIntoView({ block: 'center' });
    let last = '';
    await browser.waitUntil(
      async () => {
        const rect = JSON.stringify(await element.getElementRect(element.elementId));
        const still = rect === last;
        last = rect;
        return still;
      },
      { timeout, interval: 150 },
    );
    await element.click();
  };

  return {
    open: (path: string) => browser.url(`${origin}${path}`),
    path: async () => {
      const url = new URL(await browser.getUrl());
      return `${url.pathname}${url.search}`;
    },
    waitForPath: (pattern: RegExp) =>
      waitFor(`an address like ${pattern}`, async () =>
        pattern.test(new URL(await browser.getUrl()).pathname + new URL(await browser.getUrl()).search),
      ),
    waitForText: (text: string) =>
      waitFor(`“${text}” on screen`, async () => (await bodyText()).includes(text)),
    text: bodyText,
    control,
    tap: async (name: string) => tapElement(await control(name, { tappable: true })),
    /** Taps the first displayed element matching an XPath (for what has no name of its own). */
    tapAt: async (xpath: string) => {
      const element = await browser.$(xpath).getElement();
      await element.waitForDisplayed({ timeout });
      await tapElement(element);
    },
    type: async (name: string, value: string) => {
      const input = await field(name);
      await input.clearValue();
      await input.addValue(value);
    },
    value: async (name: string) => (await field(name)).getValue(),
    /** Taps the label of the radio or checkbox whose label text is `name`. */
    choose: async (name: string) => {
      const label = await browser.$(`//label[.//input and normalize-space(.)="${name}"]`).getElement();
      await label.waitForDisplayed({ timeout });
      await tapElement(label);
    },
    checked: async (name: string) =>
      browser.execute(
        (text: string) =>
          [...document.querySelectorAll('label')].some(
            (label) => label.textContent?.trim() === text && label.querySelector('input')?.checked === true,
          ),
        name,
      ),
    /** Waits until the download page shows the file's first page as a loaded picture (inside WeChat). */
    waitForFirstPagePicture: () =>
      waitFor('the first page picture', () =>
        browser.execute(() =>
          [...document.querySelectorAll('img')].some(
            (image) => image.alt.includes('第 1 页') && image.complete && image.naturalWidth > 0,
          ),
        ),
      ),
    /** Runs `script` in the page (e.g. the WeixinJSBridge stand-in's __setNextScanResult). */
    run: <T>(script: string) => browser.execute(script) as Promise<T>,
  };
}

/** Signs in with the staff login form (the demo's admin account) and waits for the work home. */
export async function signInAsStaff(page: ReturnType<typeof pageOf>): Promise<void> {
  await page.open('/login');
  await page.type('账号', 'admin');
  await page.type('密码', '123456');
  await page.tap('登录');
  await page.waitForPath(/^\/workUser$/);
  // The demo account has unfinished registrations: wait for that card, which moves the entries down.
  await page.waitForText('待提交登记');
}
