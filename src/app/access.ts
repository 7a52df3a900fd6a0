import { redirect } from 'react-router';
import { homePathFor, type UserAudience } from '@/config/audience';
import { paths, withQuery, type AppPath, type Audience } from '@/config/paths';
import { checkSignedOut, getSessionOwner } from '@/lib/session';
import { beginCheckSignIn } from '@/lib/wechat/oauth';

/** What a person of the other group is told when a link or typed URL leads them to a page not theirs. */
export const AUDIENCE_ONLY_MESSAGES: Readonly<Record<UserAudience, string>> = {
  work: '该页面仅限工作人员使用',
  check: '该页面仅限受检者本人使用',
};

type AccessDecision =
  | { kind: 'allow' }
  /** No session: sign in as this group, then come back. */
  | { kind: 'sign-in'; audience: UserAudience }
  /** Signed in as the other group: their own home, with the message. */
  | { kind: 'wrong-audience'; home: AppPath; message: string };

/**
 * The signed-in group, or null without a session. A token without its account (a session started
 * before accounts were recorded) is no session: the person signs in again, and their stored work is
 * theirs from then on.
 */
export function currentAudience(): UserAudience | null {
  return getSessionOwner()?.audience ?? null;
}

/** Who may open a route of `routeAudience` (see Audience in src/config/paths.ts). */
export function decideAccess(routeAudience: Audience, session: UserAudience | null): AccessDecision {
  if (routeAudience === 'public') return { kind: 'allow' };
  // Pages either group opens: without a session, staff's sign-in (the spec lists them as staff pages),
  // where a check user in WeChat finds 微信登录 beside the form (login-page.tsx).
  if (!session) return { kind: 'sign-in', audience: routeAudience === 'check' ? 'check' : 'work' };
  if (routeAudience === 'signed-in' || routeAudience === session) return { kind: 'allow' };
  return {
    kind: 'wrong-audience',
    home: homePathFor(session),
    message: AUDIENCE_ONLY_MESSAGES[routeAudience],
  };
}

/**
 * Where a person signs in to come back to `here` (an app path): staff at /login, check users through
 * WeChat authorization (beginCheckSignIn), or after a check user's sign-out in this tab at /callback,
 * which asks for a tap first (checkSignedOut). Returns the in-app path to go to, or null when the
 * browser is leaving for WeChat's authorization page.
 */
export function signInTarget(audience: UserAudience, here: string): string | null {
  if (audience === 'work') return withQuery(paths.login, { redirect: here });
  if (checkSignedOut()) return paths.callback;
  return beginCheckSignIn(here);
}

/** The route loader that enforces a route's audience before its page loads. */
export function guardRoute(routeAudience: Audience, here: string): null | Response | Promise<never> {
  const decision = decideAccess(routeAudience, currentAudience());
  if (decision.kind === 'allow') return null;
  if (decision.kind === 'wrong-audience') {
    // Loaded on demand: antd-mobile (and its CSS) stays out of the app's entry.
    void import('@/lib/feedback').then(({ toast }) => toast(decision.message));
    return redirect(decision.home);
  }
  const target = signInTarget(decision.audience, here);
  if (target) return redirect(target);
  // The browser is on its way to WeChat: show nothing of the page meanwhile.
  return new Promise<never>(() => undefined);
}
