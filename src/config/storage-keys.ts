/**
 * Browser-storage keys that hold no personal data and survive a sign-out. Everything else the app
 * keeps (drafts, the offline queue, download records, report criteria, the session) is personal or
 * belongs to one account, and is removed by that account's sign-out or, unless it is an account's
 * unsent work, by another account's sign-in (lib/device-data.ts).
 */
export const KEPT_LOCAL_KEYS = {
  /** Which tab is sending the offline queue (a lease): another webview's sign-in leaves it alone. */
  queueLock: 'offline-bind-queue:lock',
  /** Whether the registration forms' 选填信息 is open: a preference of the device, not of a person. */
  optionalFieldsOpen: 'registration-optional-open',
} as const;

export const KEPT_SESSION_KEYS = {
  /** Nonces of the OAuth states this tab made: a callback is trusted once, and only with one of them. */
  oauthNonces: 'wechat-oauth-nonces',
  /** Authorizations the callback started on its own since the last sign-in (bounded: no loop). */
  oauthRetries: 'wechat-oauth-retries',
  /** When a failed chunk last reloaded the page (reload once, not in a loop). */
  chunkReloadAt: 'chunk-reload-at',
  /** This tab's name for the offline queue's send lease. */
  queueTab: 'offline-bind-queue:tab',
  /** A check user signed out in this tab ('asked' or 'idle'): the next WeChat sign-in waits for a tap. */
  checkSignedOut: 'check-signed-out',
} as const;

/** The offline bind queue (localStorage): every account's queued registrations, each naming its owner. */
export const OFFLINE_QUEUE_KEY = 'offline-bind-queue:v1';
