export type { CheckSignOutReason } from '@/lib/session';

/**
 * Why a session ended, in the query of the page loaded after it: /callback's `signedOut` (a check user:
 * 退出 or idle, with the WeChat re-entry) and /login's (a staff session locked when idle).
 */
export const SIGNED_OUT_PARAM = 'signedOut';
