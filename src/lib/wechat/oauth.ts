import { config } from '@/config/env';
import { paths, type AppPath } from '@/config/paths';

const AUTHORIZE_ENDPOINT = 'https://open.weixin.qq.com/connect/oauth2/authorize';
/** WeChat accepts a state of letters and digits only, at most 128 bytes. */
const STATE_MAX_LENGTH = 128;
/** Escape in the state encoding: any byte that is not a letter or digit (and 'Z' itself) becomes Z + 2 hex digits. */
const STATE_ESCAPE = 'Z';
const STATE_PLAIN_CHAR = /^[A-Ya-z0-9]$/;
const STATE_FORMAT = /^(?:[A-Ya-z0-9]|Z[0-9A-F]{2})*$/;
const PROBE_ORIGIN = 'https://app.invalid';

/**
 * An in-app path ('/checkUser?id=1'): starts with one '/', stays on this origin, is not the OAuth
 * callback itself (returning there would loop). Anything else could redirect the user off the app.
 */
function isAppPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || /\p{Cc}/u.test(path))
    return false;
  let url: URL;
  try {
    url = new URL(path, PROBE_ORIGIN);
  } catch {
    return false;
  }
  return url.origin === PROBE_ORIGIN && url.pathname !== paths.callback;
}

/** The OAuth `state` carrying an app path, or null when the path is refused or too long for WeChat. */
export function encodeOAuthState(path: string): string | null {
  if (!isAppPath(path)) return null;
  let state = '';
  for (const byte of new TextEncoder().encode(path)) {
    const char = String.fromCharCode(byte);
    state += STATE_PLAIN_CHAR.test(char)
      ? char
      : STATE_ESCAPE + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return state.length <= STATE_MAX_LENGTH ? state : null;
}

/** The app path a callback's `state` carries, or null when it is absent, malformed or not an app path. */
export function readOAuthState(state: string | null | undefined): string | null {
  if (!state || !STATE_FORMAT.test(state)) return null;
  const bytes: number[] = [];
  for (let i = 0; i < state.length;) {
    if (state[i] === STATE_ESCAPE) {
      bytes.push(parseInt(state.slice(i + 1, i + 3), 16));
      i += 3;
    } else {
      bytes.push(state.charCodeAt(i));
      i += 1;
    }
  }
  let path: string;
  try {
    path = new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
  return isAppPath(path) ? path : null;
}

export interface AuthorizeUrlOptions {
  /** The app route WeChat sends the code to; default the OAuth callback. */
  redirectPath?: AppPath;
  /**
   * The app path to return to after signing in (ids only, no personal data), carried encoded in `state`.
   * Left out when it is not an app path or too long for WeChat: the callback then goes home.
   */
  state?: string;
}

/**
 * The one place the WeChat OAuth URL is built (silent snsapi_base). WeChat wants the parameters in this
 * order and the '#wechat_redirect' suffix.
 */
export function buildAuthorizeUrl({
  redirectPath = paths.callback,
  state,
}: AuthorizeUrlOptions = {}): string {
  const redirectUri = `${window.location.origin}${config.publicBase}${redirectPath.replace(/^\//, '')}`;
  const encodedState = state ? (encodeOAuthState(state) ?? '') : '';
  return (
    `${AUTHORIZE_ENDPOINT}?appid=${encodeURIComponent(config.wechatAppId)}` +
    `&redirect_uri=${encodeURIComponent(redirectUri)}` +
    `&response_type=code&scope=snsapi_base&state=${encodedState}#wechat_redirect`
  );
}

/** Leaves for WeChat authorization; `returnPath` is where the callback sends the user afterwards. */
export function startAuthorization(returnPath: string): void {
  window.location.replace(buildAuthorizeUrl({ state: returnPath }));
}
