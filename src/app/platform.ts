import type { DataRouter } from 'react-router';
import { appPathname } from './base-path';
import { prefetchAfter, prefetchRoute } from './route-table';
import { whenIdle } from '@/lib/when-idle';

/**
 * A deploy must not strand a webview on a stale index.html. The build writes version.json; when the
 * app comes back to the foreground it compares, and on a new version the next in-app navigation becomes
 * a full page load (drafts are in storage, so nothing typed is lost).
 */
export function installVersionCheck(router: DataRouter, currentVersion: string, base: string): void {
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
 * Runs `run` when the browser is idle after the first route has loaded (its page, or the error screen
 * if it failed): work that must not compete with the first screen.
 */
export function afterFirstRoute(router: DataRouter, run: () => void): void {
  if (router.state.initialized) {
    whenIdle(run);
    return;
  }
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    whenIdle(run);
  });
}

/**
 * When the browser is idle after a page is shown, load the pages a user most likely opens next
 * (route-table.ts `prefetchAfter`), so the tap shows the page without a spinner.
 */
export function prefetchLikelyNext(pathname: string): () => void {
  const next = prefetchAfter[pathname as keyof typeof prefetchAfter] ?? [];
  if (next.length === 0) return () => {};
  return whenIdle(() => next.forEach(prefetchRoute));
}

/**
 * Prefetch on intent: a finger landing on (or a pointer moving over, or focus reaching) a link to a page
 * of the route table starts loading that page, before the click navigates. Returns what removes it.
 */
export function installIntentPrefetch(publicBase: string): () => void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    prefetchRoute(appPathname(link.pathname, publicBase));
  };
  const types = ['touchstart', 'mouseover', 'focusin'];
  for (const type of types) document.addEventListener(type, onIntent, { passive: true, capture: true });
  return () => {
    for (const type of types) document.removeEventListener(type, onIntent, { capture: true });
  };
}
