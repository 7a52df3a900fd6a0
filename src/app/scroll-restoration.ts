import { useEffect, useLayoutEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import * as v from 'valibot';
import { readStored, writeStored } from '@/lib/storage';

/** Where each history entry was left (by location key), kept across reloads in the tab's session storage. */
const STORAGE_KEY = 'scroll-positions';
/** How long a Back waits for its page's content to grow tall enough for the saved position. */
const RESTORE_WAIT_MS = 10_000;
/** What a person does that ends the wait: from then on the page is theirs to scroll. */
const TAKEOVER_EVENTS = ['touchstart', 'wheel', 'keydown', 'pointerdown'] as const;

const positions = new Map(
  Object.entries(readStored('session', STORAGE_KEY, v.record(v.string(), v.number())) ?? {}),
);
let currentKey: string | null = null;
/** While a position is being restored, the page's own clamped scrolls are not the reader's place. */
let restoring = false;

/** Where storage refuses them, positions last as long as the page. */
function store(): void {
  writeStored('session', STORAGE_KEY, Object.fromEntries(positions));
}

/**
 * Scrolls to `top` now and again each time the page grows, until it is there, the person scrolls or
 * taps, or RESTORE_WAIT_MS pass: a page that is not kept alive shows its loading placeholder first, and
 * a position taken on that alone would be clamped to the placeholder's height. Returns the stop.
 */
function restoreWhenReady(top: number): () => void {
  const reached = () => Math.abs(window.scrollY - top) < 1;
  window.scrollTo(0, top);
  if (reached() || typeof ResizeObserver === 'undefined') return () => undefined;
  restoring = true;
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, top);
    if (reached()) stop();
  });
  const timer = window.setTimeout(() => stop(), RESTORE_WAIT_MS);
  function stop() {
    restoring = false;
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of TAKEOVER_EVENTS) window.removeEventListener(type, stop);
  }
  observer.observe(document.body);
  for (const type of TAKEOVER_EVENTS) window.addEventListener(type, stop, { passive: true });
  return stop;
}

/**
 * Spec §2: a navigation shows the top of its page (or its #hash), unless it goes back or forward to an
 * entry whose position was saved; that one is restored once the content is tall enough for it.
 * Replaces react-router's ScrollRestoration, which restores in the same frame and so clamps the position
 * to a page still loading its data.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (currentKey !== null && !restoring) positions.set(currentKey, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', store);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', store);
    };
  }, []);

  useLayoutEffect(() => {
    currentKey = location.key;
    const saved = navigationType === NavigationType.Pop ? positions.get(location.key) : undefined;
    if (saved !== undefined) return restoreWhenReady(saved);
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    return undefined;
  }, [location.key, location.hash, navigationType]);
}
