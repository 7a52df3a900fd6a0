import { lazy, type ComponentType } from 'react';
import { useLoaderData } from 'react-router';
import { SIGN_IN_HERE } from './access';
import { loadWithReload } from './chunk-reload';

// The login page's own chunk (the route table loads the same module for /login).
const loadLoginPage = () => import('@/features/auth/pages/login-page');
const LoginPage = lazy(() => loadWithReload(loadLoginPage));

/** Starts loading the sign-in's code, as the route's loader decides to show it in place of the page. */
export function preloadSignInHere(): void {
  void loadLoginPage().catch(() => undefined);
}

/**
 * A page either group opens, as its route shows it: the page itself, or, when its loader decided so
 * (SIGN_IN_HERE: no session, in WeChat), the sign-in in its place, under the page's own title, 微信登录
 * first. Signed in either way, the page comes back at the same address in the same history entry.
 */
export function withSignInHere(Page: ComponentType): ComponentType {
  function PageOrSignIn() {
    return useLoaderData() === SIGN_IN_HERE ? <LoginPage weChatFirst /> : <Page />;
  }
  return PageOrSignIn;
}
