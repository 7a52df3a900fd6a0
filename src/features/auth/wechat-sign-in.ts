import * as v from 'valibot';
import { loginWeChat } from '@/api/account/login-wechat';
import { paths } from '@/config/paths';
import { KEPT_SESSION_KEYS } from '@/config/storage-keys';
import { claimDeviceData } from '@/lib/device-data';
import { isApiError, retryUntil } from '@/lib/http';
import {
  checkSignedOut,
  clearSession,
  getSessionOwner,
  setSessionOwner,
  type SessionOwner,
} from '@/lib/session';
import { setToken } from '@/lib/token';
import { readStored, removeStored, writeStored } from '@/lib/storage';
import { consumeOAuthState, readOAuthState } from '@/lib/wechat/oauth';
import { API_STATUS, type LoginResult } from '@/types/api';
import { getUserManageProfile, profileQuery } from '@/api/account/get-user-manage-profile';
import { queryClient } from '@/lib/query-client';

/**
 * A callback whose state this tab did not make: a planted link (login CSRF), a replayed callback (Back,
 * reload, WeChat loading it twice: its nonce is spent) or a menu link straight to WeChat's authorize
 * URL. Its code is never sent; a fresh authorization is the way on. The same for a code an unanswered
 * try of the exchange may have spent (exchangeCode).
 */
export class UnverifiedCallbackError extends Error {
  constructor() {
    super('授权来源无法确认');
    this.name = 'UnverifiedCallbackError';
  }
}

/**
 * How long a sign-in keeps retrying what decided nothing (no connection, a timeout, 429, 502, 503, 504:
 * a gateway turning part of a results-day burst away) before the person is told.
 */
export const SIGN_IN_RETRY_BUDGET_MS = 15_000;

/**
 * Exchanges by code, kept for the document: the router starts one as the callback's code loads
 * (startCallbackSignIn), and the page's effect (twice under React StrictMode) takes the same one, under
 * way or done. A code is valid once, so no other call ever needs it again.
 */
const running = new Map<string, Promise<void>>();

/**
 * LoginWeChat with `code`, retried while what it met decided nothing, until `deadline`. A code that a
 * try left unanswered (no connection, a timeout) may have spent: the server's "code used" after such a
 * try is an UnverifiedCallbackError (a fresh silent authorization), not the person's to tap through.
 */
async function exchangeCode(code: string, state: string | undefined, deadline: number): Promise<LoginResult> {
  let unanswered = false;
  try {
    return await retryUntil(deadline, (timeout) =>
      loginWeChat(state ? { code, state } : { code }, { silent: true, timeout }).catch((error: unknown) => {
        unanswered ||= isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');
        throw error;
      }),
    );
  } catch (error) {
    throw unanswered && isApiError(error) && error.code === API_STATUS.wechatCodeUsed
      ? new UnverifiedCallbackError()
      : error;
  }
}

/**
 * Exchanges an OAuth code for a check-user session (token + owner stored), only when `state` is one
 * this tab made and has not used yet (lib/wechat/oauth.ts); otherwise rejects with
 * UnverifiedCallbackError without a request. The session is the profile's: when the profile does not
 * load, the sign-in fails and nothing of the phone's data is claimed. A second call for a code being
 * exchanged shares that exchange. A failure that decided nothing is retried (lib/http/retry-policy.ts:
 * backoff, Retry-After) for SIGN_IN_RETRY_BUDGET_MS in all, with the same code: a busy gateway's answer
 * did not spend it. Server failures are ApiErrors, without a toast (the callback page explains them).
 */
export function signInWithWeChatCode(code: string, state?: string, onToken?: () => void): Promise<void> {
  const current = running.get(code);
  if (current) return current;
  if (!consumeOAuthState(state)) return Promise.reject(new UnverifiedCallbackError());
  const deadline = Date.now() + SIGN_IN_RETRY_BUDGET_MS;
  const exchange = exchangeCode(code, state, deadline).then(async (result) => {
    setToken(result.token);
    // The destination's requests go out beside the profile's (their answers are kept for this token).
    onToken?.();
    let owner: SessionOwner;
    try {
      // One try at a time, as long as the deadline leaves: retryUntil owns the retries here.
      const profile = await retryUntil(deadline, (timeout) =>
        queryClient.fetchQuery({
          ...profileQuery(),
          queryFn: ({ signal }) => getUserManageProfile({ signal, silent: true, timeout }),
          retry: false,
        }),
      );
      owner = { audience: 'check', account: String(profile.id) };
    } catch (error) {
      clearSession();
      throw error;
    }
    setSessionOwner(owner);
    forgetAutomaticReauthorizations();
    // Another person's data on this phone is removed; unsent work stays its owner's.
    claimDeviceData(owner);
  });
  running.set(code, exchange);
  return exchange;
}

/** What a callback URL carries: WeChat's code (valid once) and the state the app made. */
export function callbackQuery(search: URLSearchParams): { code: string | null; state: string | undefined } {
  return { code: search.get('code')?.trim() || null, state: search.get('state') || undefined };
}

/**
 * Starts the code exchange of a callback URL while the callback page's code loads, when the page would
 * start it (a code, and no session in the tab: with one, the page goes on or asks first; no sign-out in
 * the tab waiting for a tap: lib/session.ts checkSignedOut); the page takes the same exchange.
 * `preload(path)` is called with the page the sign-in returns to, as soon as the token exists.
 * Failures are the page's to explain.
 */
export function startCallbackSignIn(url: URL, preload: (path: string) => void): void {
  const { code, state } = callbackQuery(url.searchParams);
  if (!code || getSessionOwner() || checkSignedOut()) return;
  const destination = readOAuthState(state);
  signInWithWeChatCode(code, state, () => preload(destination ?? paths.checkUser)).catch(() => undefined);
}

/**
 * How many times the callback may start an authorization on its own before it stops and asks: a menu
 * link straight to WeChat needs one; a webview that loses sessionStorage would otherwise loop.
 */
export const MAX_AUTOMATIC_REAUTHORIZATIONS = 2;
/** Older attempts are a past visit's, not part of a loop. */
const REAUTHORIZATION_WINDOW_MS = 5 * 60 * 1000;
const RETRIES_KEY = KEPT_SESSION_KEYS.oauthRetries;

function readAttempts(now: number): number[] {
  const attempts = readStored('session', RETRIES_KEY, v.array(v.number())) ?? [];
  return attempts.filter((at) => now - at < REAUTHORIZATION_WINDOW_MS);
}

/**
 * Counts one automatic authorization, or returns false when the bound is reached (or the count cannot
 * be kept: then nothing is retried on its own).
 */
export function claimAutomaticReauthorization(): boolean {
  const now = Date.now();
  const attempts = readAttempts(now);
  if (attempts.length >= MAX_AUTOMATIC_REAUTHORIZATIONS) return false;
  return writeStored('session', RETRIES_KEY, [...attempts, now]);
}

function forgetAutomaticReauthorizations(): void {
  removeStored('session', RETRIES_KEY);
}
