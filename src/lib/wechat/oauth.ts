import { config } from '@/config/env';
import { paths, withQuery, type AppPath } from '@/config/paths';
import { KEPT_SESSION_KEYS } from '@/config/storage-keys';
import { readReturnPath } from '@/lib/return-path';
import { readText, writeStored } from '@/lib/storage';
import { uuidV4 } from '@/lib/uuid';

const AUTHORIZE_ENDPOINT = 'https://open.weixin.qq.com/connect/oauth2/authorize';
/** WeChat accepts a state of letters and digits only, at most 128 bytes. */
const STATE_MAX_LENGTH = 128;
/** Escape in the state encoding: any byte that is not a letter or digit (and 'Z' itself) becomes Z + 2 hex digits. */
const STATE_ESCAPE = 'Z';
const STATE_PLAIN_CHAR = /^[A-Ya-z0-9]$/;
const STATE_FORMAT = /^(?:[A-Ya-z0-9]|Z[0-9A-F]{2})*$/;
/**
 * The letters-and-digits encoding of a check user's return path (normalised), or null when the path is
 * refused (readReturnPath: the same rule as the login page's redirect).
 */
function encodeReturnPath(path: string): string | null {
  const returnPath = readReturnPath(path, 'check');
  if (!returnPath) return null;
  let encoded = '';
  for (const byte of new TextEncoder().encode(returnPath)) {
    const char = String.fromCharCode(byte);
    encoded += STATE_PLAIN_CHAR.test(char)
      ? char
      : STATE_ESCAPE + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return encoded;
}

function decodeReturnPath(encoded: string): string | null {
  if (!encoded || !STATE_FORMAT.test(encoded)) return null;
  const bytes: number[] = [];
  for (let i = 0; i < encoded.length;) {
    if (encoded[i] === STATE_ESCAPE) {
      bytes.push(parseInt(encoded.slice(i + 1, i + 3), 16));
      i += 3;
    } else {
      bytes.push(encoded.charCodeAt(i));
      i += 1;
    }
  }
  let path: string;
  try {
    path = new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
  return readReturnPath(path, 'check');
}

/*
 * Login CSRF: WeChat's callback carries whatever code it is given, so a link to
 * /callback?code=<someone else's code> would sign this phone into that person's account. Every state
 * the app makes therefore begins with a random nonce remembered in this tab (sessionStorage), and the
 * callback exchanges a code only when its state's nonce is one of those, once (consumeOAuthState).
 */
const NONCE_LENGTH = 20;
const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const NONCE_FORMAT = new RegExp(`^[A-Za-z0-9]{${NONCE_LENGTH}}`);
/** WeChat's codes live 5 minutes; a nonce older than this belongs to an authorization long abandoned. */
const NONCE_TTL_MS = 10 * 60 * 1000;
/** Authorizations this tab may have under way at once (a double tap, a second expiry meanwhile). */
const MAX_PENDING_NONCES = 5;
const NONCES_KEY = KEPT_SESSION_KEYS.oauthNonces;

interface PendingNonce {
  nonce: string;
  at: number;
}

function randomNonce(): string {
  // 62 letters and digits; bytes from 248 up are skipped so that every character is equally likely.
  let nonce = '';
  while (nonce.length < NONCE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(NONCE_LENGTH * 2))) {
      if (byte < 248 && nonce.length < NONCE_LENGTH) nonce += NONCE_ALPHABET[byte % 62];
    }
  }
  return nonce;
}

/**
 * Checked field by field, not through a schema: index.html's first script reads them, and the schema
 * library would land in every first load.
 */
function readPendingNonces(now: number): PendingNonce[] {
  try {
    const parsed: unknown = JSON.parse(readText('session', NONCES_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item: Partial<PendingNonce>): item is PendingNonce =>
        typeof item?.nonce === 'string' && typeof item.at === 'number' && now - item.at < NONCE_TTL_MS,
    );
  } catch {
    return [];
  }
}

/** Where storage refuses them, no callback can be verified, and each one asks for a fresh authorization. */
function writePendingNonces(nonces: PendingNonce[]): void {
  writeStored('session', NONCES_KEY, nonces.slice(-MAX_PENDING_NONCES));
}

/**
 * A new OAuth `state`: a nonce this tab remembers, then the path to return to (left out when it is
 * refused or would make the state too long for WeChat: the callback then goes home).
 */
export function createOAuthState(returnPath: string): string {
  const now = Date.now();
  const nonce = randomNonce();
  writePendingNonces([...readPendingNonces(now), { nonce, at: now }]);
  const path = encodeReturnPath(returnPath) ?? '';
  return nonce.length + path.length <= STATE_MAX_LENGTH ? nonce + path : nonce;
}

/**
 * True once for a state this tab made (its nonce is pending), which it then forgets; false for a state
 * from anywhere else (a planted or replayed callback link, a menu link straight to WeChat).
 */
export function consumeOAuthState(state: string | null | undefined): boolean {
  if (!state || !NONCE_FORMAT.test(state)) return false;
  const nonce = state.slice(0, NONCE_LENGTH);
  const pending = readPendingNonces(Date.now());
  const rest = pending.filter((item) => item.nonce !== nonce);
  if (rest.length === pending.length) return false;
  writePendingNonces(rest);
  return true;
}

/**
 * The return path a callback's `state` carries (after its nonce), or null when it is absent, malformed
 * or refused (readReturnPath, for a check user). It says where to go, never whether the callback may be
 * trusted (consumeOAuthState).
 */
export function readOAuthState(state: string | null | undefined): string | null {
  if (!state || !NONCE_FORMAT.test(state)) return null;
  return decodeReturnPath(state.slice(NONCE_LENGTH));
}

export interface AuthorizeUrlOptions {
  /** The app route WeChat sends the code to; default the OAuth callback. */
  redirectPath?: AppPath;
  /** The OAuth `state`, made by createOAuthState (a nonce, then the path to return to). */
  state?: string;
}

/** The build's values the authorize URL needs: config's, or the inline script's (src/app/early-authorization.ts). */
export interface AuthorizeApp {
  wechatAppId: string;
  /** The public base the app is served under, ending with '/'. */
  publicBase: string;
}

/**
 * The one place the WeChat OAuth URL is built (silent snsapi_base). WeChat wants the parameters in this
 * order and the '#wechat_redirect' suffix.
 */
export function authorizeUrl(
  { wechatAppId, publicBase }: AuthorizeApp,
  { redirectPath = paths.callback, state }: AuthorizeUrlOptions = {},
): string {
  const redirectUri = `${window.location.origin}${publicBase}${redirectPath.replace(/^\//, '')}`;
  return (
    `${AUTHORIZE_ENDPOINT}?appid=${encodeURIComponent(wechatAppId)}` +
    `&redirect_uri=${encodeURIComponent(redirectUri)}` +
    `&response_type=code&scope=snsapi_base&state=${encodeURIComponent(state ?? '')}#wechat_redirect`
  );
}

/** The authorize URL of this build (authorizeUrl with config's app id and public base). */
export function buildAuthorizeUrl(options: AuthorizeUrlOptions = {}): string {
  return authorizeUrl(config, options);
}

/**
 * Leaves for WeChat authorization (silent snsapi_base) with a new state; `returnPath` is where the
 * callback sends the user afterwards.
 */
export function startAuthorization(returnPath: string): void {
  window.location.replace(buildAuthorizeUrl({ state: createOAuthState(returnPath) }));
}

/**
 * A check user's sign-in that comes back to `returnPath`: the in-app path to go to, or null when the
 * browser is leaving for WeChat's authorization page. The demo has no WeChat: it simulates the round
 * trip with a demo code.
 */
export function beginCheckSignIn(returnPath: string): string | null {
  if (config.demo)
    return withQuery(paths.callback, { code: `demo-${uuidV4()}`, state: createOAuthState(returnPath) });
  startAuthorization(returnPath);
  return null;
}
