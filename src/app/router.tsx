import { createBrowserRouter, Navigate, type DataRouter, type LoaderFunctionArgs } from 'react-router';
import { config } from '@/config/env';
import { paths } from '@/config/paths';
import type { RouteMeta } from '@/lib/route-meta';
import { sessionHomePath } from '@/lib/session';
import { getToken } from '@/lib/token';
import { guardRoute, SIGN_IN_HERE } from './access';
import { appPathname, routerBasename } from './base-path';
import { loadWithReload } from './chunk-reload';
import { RootErrorBoundary } from './root-error-boundary';
import { BootScreen } from './boot-screen';
import { routeTable } from './route-table';
import { preloadSignInHere, withSignInHere } from './sign-in-here';

function StartPage() {
  const home = sessionHomePath();
  return <Navigate to={getToken() ? home : paths.login} replace />;
}

/** The app path of a request's URL (the router's basename removed), for returning after sign-in. */
function appPathOf(url: string): string {
  const { pathname, search } = new URL(url);
  return `${appPathname(pathname, config.publicBase)}${search}`;
}

/** `opening`: the address of the page a navigation is opening, if one is (see loadWithReload). */
export function createAppRoutes(opening?: () => string | null) {
  const pageRoutes = routeTable.map(({ path, title, audience, keepAlive, load, preload }) => ({
    path,
    handle: { title, audience, keepAlive } satisfies RouteMeta,
    loader: ({ request }: LoaderFunctionArgs) => {
      const decision = guardRoute(audience, appPathOf(request.url));
      if (decision === null) preload?.(new URL(request.url));
      if (decision === SIGN_IN_HERE) preloadSignInHere();
      return decision;
    },
    lazy: async () => {
      const Page = (await loadWithReload(load, opening)).default;
      // Only a page either group opens may show the sign-in in its place (access.ts).
      return { Component: audience === 'signed-in' ? withSignInHere(Page) : Page };
    },
  }));
  return [
    {
      // Lazy like the pages: the layout brings antd-mobile's JavaScript, which the entry leaves out and
      // the first page loads anyway. (Its CSS is in the one stylesheet index.html links.)
      lazy: async () => ({
        Component: (await loadWithReload(() => import('./root-layout'), opening)).RootLayout,
      }),
      errorElement: <RootErrorBoundary />,
      hydrateFallbackElement: <BootScreen />,
      children: [
        { index: true, element: <StartPage /> },
        ...pageRoutes.filter(({ path }) => path === paths.login),
        {
          lazy: async () => ({
            Component: (await loadWithReload(() => import('./query-layout'), opening)).QueryLayout,
          }),
          children: pageRoutes.filter(({ path }) => path !== paths.login),
        },
        {
          path: '*',
          lazy: async () => ({
            Component: (await loadWithReload(() => import('./not-found-page'), opening)).default,
          }),
        },
      ],
    },
  ];
}

export function createAppRouter() {
  // Asked only after a chunk failed to load, once the router exists. The pending navigation's location
  // includes the basename, as the address bar will show it.
  const opening = () => {
    const next = router.state.navigation.location;
    return next ? router.createHref(next) : null;
  };
  const router: DataRouter = createBrowserRouter(createAppRoutes(opening), {
    basename: routerBasename(config.publicBase),
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
