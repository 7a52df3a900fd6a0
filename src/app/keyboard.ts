/**
 * The phone's on-screen keyboard and the page's sticky bars.
 *
 * Android's WebView (WeChat's XWeb) makes the page shorter while the keyboard is open, and a page's
 * sticky bottom bar (提交并绑定) then sits right above the keyboard. The browser brings a focused field
 * into view only when it is off the page, so a field tapped low on the screen ends up under the bar, and
 * one reached with the keyboard's 下一项 can stop at the bar's edge. While the page is shorter, a focused
 * text field the person cannot see is brought to the middle of the page: once the page has shrunk, and
 * whenever focus moves on.
 *
 * iOS (WKWebView) does not make the page shorter: the keyboard covers it, the bar stays behind the
 * keyboard and WebKit scrolls the field into the part left visible itself, so the above does nothing
 * there unless the page does shrink. WeChat on iOS can instead leave the page shifted up after the
 * keyboard closes (logoove/weui#180): when focus leaves a text field and no other field takes it, the
 * scroll is nudged so WKWebView lays the page out again.
 */

/** Less than this off the page's height is the browser's own bars, not a keyboard. */
const KEYBOARD_MIN_HEIGHT = 150;
/** The keyboard opens in steps on some phones, and the browser scrolls to the field first. */
const SETTLE_MS = 100;

const NOT_TYPED_IN = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'hidden',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

function isTextField(element: Element | null): element is HTMLInputElement | HTMLTextAreaElement {
  return (
    element instanceof HTMLTextAreaElement ||
    (element instanceof HTMLInputElement && !NOT_TYPED_IN.has(element.type))
  );
}

/**
 * Whether the person can see the field's first line: its top and a line's height below it are on the
 * page and nothing (a sticky bar) lies over them.
 */
function inSight(field: HTMLElement): boolean {
  const box = field.getBoundingClientRect();
  const x = box.left + box.width / 2;
  return [box.top + 2, Math.min(box.bottom, box.top + 32) - 2].every((y) => {
    const hit = document.elementFromPoint(x, y);
    return hit !== null && field.contains(hit);
  });
}

function keepFocusedFieldInSight(): void {
  let width = window.innerWidth;
  let fullHeight = window.innerHeight;
  let timer: number | undefined;
  const keyboardOpen = () => window.innerHeight < fullHeight - KEYBOARD_MIN_HEIGHT;
  const check = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => {
      const field = document.activeElement;
      if (keyboardOpen() && isTextField(field) && !inSight(field)) field.scrollIntoView({ block: 'center' });
    }, SETTLE_MS);
  };
  window.addEventListener('resize', () => {
    // A turned phone starts over: its full height is another.
    if (window.innerWidth !== width) {
      width = window.innerWidth;
      fullHeight = window.innerHeight;
    }
    fullHeight = Math.max(fullHeight, window.innerHeight);
    if (keyboardOpen()) check();
  });
  document.addEventListener('focusin', (event) => {
    if (keyboardOpen() && isTextField(event.target as Element)) check();
  });
}

function nudgeAfterIosKeyboard(): void {
  /** A text field's keyboard, or a select's picker, takes the bottom of the screen. */
  const takesScreen = (element: Element | null) =>
    isTextField(element) || element instanceof HTMLSelectElement;
  document.addEventListener('focusout', (event) => {
    if (!takesScreen(event.target as Element)) return;
    window.setTimeout(() => {
      if (!takesScreen(document.activeElement)) window.scrollTo(0, Math.max(0, window.scrollY));
    }, 100);
  });
}

export function installKeyboardFix(): void {
  keepFocusedFieldInSight();
  if (/iPhone|iPad|iPod/i.test(navigator.userAgent)) nudgeAfterIosKeyboard();
}
