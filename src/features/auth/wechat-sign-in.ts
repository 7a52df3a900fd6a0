import { loginWeChat } from '@/api/account/login-wechat';
import { claimDeviceData } from '@/lib/device-data';
import { setSessionAudience } from '@/lib/session';
import { setToken } from '@/lib/token';
import { loadProfile } from './profile';
import { KEPT_SESSION_KEYS } from '@/config/storage-keys';

/**
 * WeChat OAuth codes work once (WECHAT.md). WeChat may load the callback twice, iOS replays it on Back,
 * a reload repeats it and React StrictMode runs effects twice: each would post the same code again and
 * fail with 40029/40163. So a code is exchanged at most once per tab: codes are remembered in
 * sessionStorage before the request goes out, and a second caller in the same page load shares the
 * exchange already running.
 */
const USED_CODES_KEY = KEPT_SESSION_KEYS.usedWeChatCodes;
const MAX_REMEMBERED_CODES = 20;

const running = new Map<string, Promise<void>>();

function readUsedCodes(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(USED_CODES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function markCodeUsed(code: string): void {
  const codes = [...readUsedCodes().filter((item) => item !== code), code].slice(-MAX_REMEMBERED_CODES);
  try {
    sessionStorage.setItem(USED_CODES_KEY, JSON.stringify(codes));
  } catch {
    // Storage unavailable: the in-memory guard still covers double effects in this page load.
  }
}

/** This tab has already sent the code; only a fresh authorization helps. */
export class CodeAlreadyUsedError extends Error {
  constructor() {
    super('授权码已使用');
    this.name = 'CodeAlreadyUsedError';
  }
}

/**
 * Exchanges an OAuth code for a check-user session (token + audience stored). A second call for a code
 * being exchanged shares that exchange; a call for a code this tab has already sent rejects with
 * CodeAlreadyUsedError without a request. Server failures are ApiErrors, without a toast (the callback
 * page explains them).
 */
export function signInWithWeChatCode(code: string, state?: string): Promise<void> {
  const current = running.get(code);
  if (current) return current;
  if (readUsedCodes().includes(code)) return Promise.reject(new CodeAlreadyUsedError());
  markCodeUsed(code);
  const exchange = loginWeChat(state ? { code, state } : { code }, { silent: true }).then(async (result) => {
    setToken(result.token);
    setSessionAudience('check');
    // Whose data this device may show: the profile's id (another person's drafts are removed).
    const profile = await loadProfile({ silent: true }).catch(() => null);
    claimDeviceData('check', profile ? String(profile.id) : null);
  });
  running.set(code, exchange);
  const forget = () => {
    running.delete(code);
  };
  exchange.then(forget, forget);
  return exchange;
}
