/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE_URL: string;
  readonly VITE_PUBLIC_BASE: string;
  readonly VITE_WECHAT_APP_ID: string;
  readonly VITE_AES_KEY: string;
  /** See AppConfig.contentImageOrigins. */
  readonly VITE_CONTENT_IMAGE_ORIGINS?: string;
  readonly VITE_DEMO: string;
  /** See AppConfig.demoStyle. */
  readonly VITE_DEMO_STYLE?: string;
  readonly VITE_VCONSOLE: string;
  /** Test builds only (.env.test): see AppConfig.requestTimeoutMs. */
  readonly VITE_REQUEST_TIMEOUT_MS?: string;
  /** See AppConfig.staffIdleLockMs. */
  readonly VITE_STAFF_IDLE_LOCK_MINUTES?: string;
  readonly VITE_QUEUE_CONFIRM_DAYS?: string;
  /** The switches of config/assumptions.ts. */
  readonly VITE_SEND_IDEMPOTENCY_KEY?: string;
  readonly VITE_SAVE_DRAFT_WHILE_TYPING?: string;
  readonly VITE_DELETE_SERVER_DRAFTS?: string;
  readonly VITE_STRICT_TUBE_CODE?: string;
  readonly VITE_DICTIONARY_PATH?: string;
  /** See ErrorReportingConfig in src/config/env.ts. */
  readonly VITE_SENTRY_DSN?: string;
  readonly VITE_SENTRY_ENVIRONMENT?: string;
  readonly VITE_SENTRY_TRACES_SAMPLE_RATE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Build identifier, injected by vite.config.ts; compared with /version.json to detect a new deploy. */
declare const __APP_VERSION__: string;

/** The release error reports name (package.json's version and the commit), injected by vite.config.ts. */
declare const __APP_RELEASE__: string;
