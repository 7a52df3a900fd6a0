import type { AppRouter } from './router';
import { preloadRouteFiles } from './route-preload';
import { findRoute, prefetchAfter } from './route-table';

/**
 * WeChat on iOS can leave the page shifted up after the keyboard closes (logoove/weui#180). When focus
 * leaves a text field and no other field takes it, nudge the scroll so WKWebView re-lays the page.
 */
export function installKeyboardFix(): void {
  if (!/iPhone|iPad|iPod/i.test(navigator.userAgent)) return;
  document.addEventListener('focusout', (event) => {
    const target = event.target as HTMLElement | null;
    if (!target || !/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    window.setTimeout(() => {
      const active = document.activeElement;
      if (active && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName)) return;
      window.scrollTo(0, Math.max(0, window.scrollY));
    }, 100);
  });
}

/**
 * A deploy must not strand a webview on a stale index.html. The build writes version.json; when the
 * app comes back to the foreground it compares, and on a new version the next in-app navigation becomes
 * a full page load (drafts are in storage, so nothing typed is lost).
 */
export function installVersionCheck(router: AppRouter, currentVersion: string, base: string): void {
  let updateAvailable = false;
  let lastCheck = 0;
  const check = async () => {
    if (updateAvailable || Date.now() - lastCheck < 60_000) return;
    lastCheck = Date.now();
    try {
      const response = await fetch(`${base}version.json`, { cache: 'no-store' });
      if (!response.ok) return;
      const { version } = (await response.json()) as { version?: string };
      if (version && version !== currentVersion) updateAvailable = true;
    } catch {
      // offline: try again next time
    }
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check();
  });
  let lastPath = router.state.location.pathname;
  router.subscribe((state) => {
    if (state.location.pathname === lastPath) return;
    lastPath = state.location.pathname;
    if (updateAvailable) window.location.reload();
    else void check();
  });
}

/**
 * When the browser is idle after a page is shown, fetch the chunks of the pages a user most likely
 * opens next, so the tap shows the page without a spinner. Fetched, not run: see route-preload.ts.
 */
export function prefetchLikelyNext(pathname: string): () => void {
  const next = prefetchAfter[pathname as keyof typeof prefetchAfter] ?? [];
  if (next.length === 0) return () => {};
  const run = () => {
    for (const path of next) {
      // Without the boot script (development), import the page: fetched and run.
      if (!preloadRouteFiles(path)) void findRoute(path)?.load().catch(() => undefined);
    }
  };
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, 1500);
  return () => window.clearTimeout(timer);
}
