import { redirect, replace } from 'react-router';
import { homePathFor, type UserAudience } from '@/config/audience';
import { paths, withQuery, type AppPath, type Audience } from '@/config/paths';
import { checkSignedOut, getSessionOwner } from '@/lib/session';
import { isWeChat } from '@/lib/wechat/environment';
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
  /**
   * No session, on a page either group opens, inside WeChat: the page itself offers 微信登录 first and
   * staff sign-in second (app/sign-in-here.tsx), and either comes back to it.
   */
  | { kind: 'sign-in-here' }
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

/**
 * Who may open a route of `routeAudience` (see Audience in src/config/paths.ts), and how a person without
 * a session signs in to open it: a check user's page through WeChat's silent authorization (index.html's
 * first script, or this guard), a staff page at /login. A page either group opens (a message, a
 * download) in WeChat, where most who open one are screened people, asks on the page itself, 微信登录
 * first; not silently, or a staff member opening the link in WeChat would become a check user unasked.
 * Elsewhere only staff can sign in (the spec lists these pages as staff's).
 */
export function decideAccess(
  routeAudience: Audience,
  session: UserAudience | null,
  inWeChat: boolean = isWeChat(),
): AccessDecision {
  if (routeAudience === 'public') return { kind: 'allow' };
  if (!session) {
    if (routeAudience === 'signed-in' && inWeChat) return { kind: 'sign-in-here' };
    return { kind: 'sign-in', audience: routeAudience === 'check' ? 'check' : 'work' };
  }
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

/** What a route's loader returns when its page is to show the sign-in in its place (app/sign-in-here.tsx). */
export const SIGN_IN_HERE = { signInHere: true } as const;

/**
 * The route loader that enforces a route's audience before its page loads. A sign-in takes the place of
 * the page asked for in history (a redirect that replaces), so that once signed in, Back does not show
 * that page a second time.
 */
export function guardRoute(
  routeAudience: Audience,
  here: string,
): null | typeof SIGN_IN_HERE | Response | Promise<never> {
  const decision = decideAccess(routeAudience, currentAudience());
  if (decision.kind === 'allow') return null;
  if (decision.kind === 'sign-in-here') return SIGN_IN_HERE;
  if (decision.kind === 'wrong-audience') {
    // Loaded on demand: antd-mobile (and its CSS) stays out of the app's entry.
    void import('@/lib/feedback').then(({ toast }) => toast(decision.message));
    return redirect(decision.home);
  }
  const target = signInTarget(decision.audience, here);
  if (target) return replace(target);
  // The browser is on its way to WeChat: show nothing of the page meanwhile.
  return new Promise<never>(() => undefined);
}
