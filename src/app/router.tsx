import { createBrowserRouter, Navigate, type LoaderFunctionArgs } from 'react-router';
import { config } from '@/config/env';
import { paths } from '@/config/paths';
import type { RouteMeta } from '@/lib/route-meta';
import { sessionHomePath } from '@/lib/session';
import { getToken } from '@/lib/token';
import { guardRoute } from './access';
import { appPathname, routerBasename } from './base-path';
import { loadWithReload } from './chunk-reload';
import { RootErrorBoundary } from './root-error-boundary';
import { BootScreen } from './boot-screen';
import { routeTable } from './route-table';

function StartPage() {
  const home = sessionHomePath();
  return <Navigate to={getToken() ? home : paths.login} replace />;
}

/** The app path of a request's URL (the router's basename removed), for returning after sign-in. */
function appPathOf(url: string): string {
  const { pathname, search } = new URL(url);
  return `${appPathname(pathname, config.publicBase)}${search}`;
}

export function createAppRoutes() {
  return [
    {
      // Lazy like the pages: the layout brings antd-mobile's JavaScript, which the entry leaves out and
      // the first page loads anyway. (Its CSS is in the one stylesheet index.html links.)
      lazy: async () => ({ Component: (await loadWithReload(() => import('./root-layout'))).RootLayout }),
      errorElement: <RootErrorBoundary />,
      hydrateFallbackElement: <BootScreen />,
      children: [
        { index: true, element: <StartPage /> },
        ...routeTable.map(({ path, title, audience, keepAlive, load }) => ({
          path,
          handle: { title, audience, keepAlive } satisfies RouteMeta,
          loader: ({ request }: LoaderFunctionArgs) => guardRoute(audience, appPathOf(request.url)),
          lazy: async () => ({
            Component: (await loadWithReload(load)).default,
          }),
        })),
        {
          path: '*',
          lazy: async () => ({ Component: (await loadWithReload(() => import('./not-found-page'))).default }),
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes(), { basename: routerBasename(config.publicBase) });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
