import { Activity, Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { PageLoading } from '@/components/async-view';
import { setUpAntdMobile } from '@/lib/antd-setup';
import { getToken } from '@/lib/token';
import { useRouteMeta } from '@/lib/route-meta';
import { prefetchLikelyNext } from './platform';
import { useScrollRestoration } from './scroll-restoration';
import '@/styles/global.css';

// Before any page can show a toast or dialog: the layout loads before every page.
setUpAntdMobile();

/**
 * The app frame: keeps keep-alive pages mounted while the session lasts (hidden with React 19
 * <Activity>, which preserves state and DOM; their effects re-run when shown, so data refreshes then),
 * sets the title, and
 * restores scroll (top on a new visit, the saved position on Back once the page is tall enough for it).
 */
export function RootLayout() {
  const outlet = useOutlet();
  const location = useLocation();
  const meta = useRouteMeta();
  const [kept, setKept] = useState<ReadonlyMap<string, ReactNode>>(new Map());

  const session = getToken() !== null;
  // Kept only within a session: a keep-alive page rendered without one (its token gone before the
  // access rule leads away) renders as any other page, or the two branches below would undo each
  // other in every render.
  const keepAlive = meta?.keepAlive === true && session;
  // Adjusting state during render (not in an effect), so the change is in this render's DOM.
  if (kept.size > 0 && !session) {
    // A session that ended (HTTP 401, sign-out) takes its kept pages along: /login must not hold, hidden
    // in its DOM, the list of names the last session searched. What was typed is stored, not kept here.
    setKept(new Map());
  } else if (keepAlive && !kept.has(location.pathname)) {
    // So the page mounts in its Activity at once.
    setKept(new Map(kept).set(location.pathname, outlet));
  }

  useLayoutEffect(() => {
    // Spec §2: the title follows the route only while a session exists.
    if (meta && getToken()) document.title = meta.title;
  }, [location.pathname, meta]);

  useEffect(() => prefetchLikelyNext(location.pathname), [location.pathname]);
  useScrollRestoration();

  return (
    <>
      {[...kept].map(([pathname, element]) => (
        <Activity key={pathname} mode={keepAlive && pathname === location.pathname ? 'visible' : 'hidden'}>
          <Suspense fallback={<PageLoading />}>{element}</Suspense>
        </Activity>
      ))}
      {!keepAlive && <Suspense fallback={<PageLoading />}>{outlet}</Suspense>}
    </>
  );
}
