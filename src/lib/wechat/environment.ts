/** Where the app runs, judged from the user agent (WeChat's webview says "MicroMessenger"). */
function currentUserAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

export function isWeChat(ua: string = currentUserAgent()): boolean {
  return /micromessenger/i.test(ua);
}

export function isIOS(ua: string = currentUserAgent()): boolean {
  return /iphone|ipad|ipod/i.test(ua);
}

export function isAndroid(ua: string = currentUserAgent()): boolean {
  return /android/i.test(ua);
}
