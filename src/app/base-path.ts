/**
 * The public base the app is served under (config.publicBase, always ending with '/') and the paths
 * of the route table, which never include it.
 */

/** react-router wants the basename without a trailing slash (except the root). */
export function routerBasename(publicBase: string): string {
  return publicBase === '/' ? '/' : publicBase.replace(/\/+$/, '');
}

/** The route-table path of a pathname served under the public base: '/h5/infoEnter' -> '/infoEnter'. */
export function appPathname(pathname: string, publicBase: string): string {
  if (pathname.startsWith(publicBase)) return `/${pathname.slice(publicBase.length)}`;
  return pathname === routerBasename(publicBase) ? '/' : pathname;
}
