import { KEPT_LOCAL_KEYS } from '@/config/storage-keys';

/**
 * The last account name that logged in on this device, offered on the next visit. Only the name:
 * the password is never stored anywhere.
 */
const ACCOUNT_KEY = KEPT_LOCAL_KEYS.rememberedAccount;

export function readRememberedAccount(): string {
  try {
    return localStorage.getItem(ACCOUNT_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberAccount(accountName: string): void {
  try {
    localStorage.setItem(ACCOUNT_KEY, accountName);
  } catch {
    // Storage unavailable (private mode): the user types the name next time.
  }
}
