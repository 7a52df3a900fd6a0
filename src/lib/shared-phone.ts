import { getSessionAudience } from './session';
import { readText, type StorageArea } from './storage';

/** Set at the first staff sign-in (lib/device-data.ts), never removed: holds no personal data. */
export const SHARED_PHONE_KEY = 'device-shared-phone';

/** True once a staff account has signed in on this phone: screened people share its WeChat. */
export function isSharedPhone(): boolean {
  return readText('local', SHARED_PHONE_KEY) != null;
}

/**
 * Where this tab keeps its drafts (lib/use-persistent-state): localStorage, except a check user's on a
 * shared phone, which lives in the tab's sessionStorage and so only as long as the webview. It survives
 * a reload and a sign-in after a 401 in the tab, and is gone when WeChat closes the page without 退出,
 * whether or not the page could still run code then.
 */
export function draftArea(): StorageArea {
  return getSessionAudience() === 'check' && isSharedPhone() ? 'session' : 'local';
}
