/**
 * Browser-storage keys that hold no personal data and survive a sign-out. Everything else the app
 * keeps (drafts, the offline queue, download records, report criteria, the session) is personal or
 * belongs to one account, and sign-out or another account's sign-in removes it (lib/device-data.ts).
 */
export const KEPT_LOCAL_KEYS = {
  /** The last staff account name, offered on the login form (never the password). */
  rememberedAccount: 'login-account-name',
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
} as const;

/** The offline bind queue (localStorage): personal data, counted before it is removed. */
export const OFFLINE_QUEUE_KEY = 'offline-bind-queue:v1';
