import { isIOS, isWeChat } from './environment';

/**
 * The URL the page was loaded with, hash removed. WeChat on iOS checks JS-SDK signatures against this
 * URL for as long as the page lives, whatever pushState did since; Android checks the current URL.
 *
 * Kept in memory only, and overwritten by every page load: a reload is a new entry for iOS WeChat (it
 * then signs the reloaded URL), so a value carried over in sessionStorage would be the wrong one, and a
 * module variable lives exactly as long as the page load it describes.
 */
let entryUrl: string | null = null;

function withoutHash(href: string): string {
  return href.split('#')[0];
}

/** Call once per page load, before the router starts (main.tsx). */
export function captureEntryUrl(): void {
  entryUrl = withoutHash(window.location.href);
}

/** The URL to sign for wx.config: the entry URL on iOS WeChat, the current URL elsewhere; never the hash. */
export function signatureUrl(): string {
  if (entryUrl !== null && isWeChat() && isIOS()) return entryUrl;
  return withoutHash(window.location.href);
}
