import { readAssumptions, type Assumptions } from './assumptions';
import { readSampleRate } from './error-reporting';
import { readHttpsOrigins } from './origins';

/**
 * How the demo backend answers (VITE_DEMO_STYLE): 'full' sends every field the app's contract names;
 * 'minimal' plays a server that follows the spec and nothing more (records only, bare ids, null for
 * writes, no display-only fields, a CORS allow-list of the spec's headers).
 */
export type DemoStyle = 'full' | 'minimal';

/**
 * The one typed view of the build-time configuration (import.meta.env).
 * Production builds are validated in vite.config.ts, so a missing value fails the build, not the user.
 */
export interface AppConfig {
  /** Absolute origin of the REST API (production: the remote host on port 8686); '' means same origin. */
  apiBaseUrl: string;
  /** Public base path the app is served under; Vite `base` and the router basename. Always ends with '/'. */
  publicBase: string;
  /** WeChat official-account app id for the JS-SDK and OAuth. */
  wechatAppId: string;
  /** Symmetric key for decrypting hex-encoded values (AES-ECB-PKCS7). */
  aesKey: string;
  /**
   * Origins (https) besides the API's that rich content may load images from
   * (VITE_CONTENT_IMAGE_ORIGINS, comma-separated); any other image is shown as 图片已屏蔽.
   */
  contentImageOrigins: string[];
  /** Whether the built-in demo backend (msw) answers the API. Never true in production. */
  demo: boolean;
  /** How the demo backend answers; 'full' unless VITE_DEMO_STYLE=minimal (and the demo is on). */
  demoStyle: DemoStyle;
  /** Whether the vConsole debug panel is created (never in production). */
  vconsole: boolean;
  /** Build mode: 'production', 'test' or 'development'. */
  mode: string;
  /**
   * A shorter request timeout for test builds (VITE_REQUEST_TIMEOUT_MS, in ms), so a test of a slow
   * server need not wait the spec's 10 s. null: the spec's REQUEST_TIMEOUT_MS. Ignored in production.
   */
  requestTimeoutMs: number | null;
  /**
   * How long a staff session on a shared phone lasts without a touch or a key press before it locks
   * (VITE_STAFF_IDLE_LOCK_MINUTES, default 15; 0 turns it off): app/check-idle-timeout.ts. null: never.
   */
  staffIdleLockMs: number | null;
  /**
   * How long a queued registration waits to be sent before it asks its owner to resend or delete it
   * (VITE_QUEUE_CONFIRM_DAYS, default 7); after as long again unsent it is removed from the phone
   * (lib/stored-queue.ts). In ms; never off: a person's name and ID number must not wait on a phone
   * for good.
   */
  queueConfirmAfterMs: number;
  /** The switches of every assumption beyond the spec (config/assumptions.ts). */
  assumptions: Assumptions;
  /** Error and speed reports (Sentry); see ErrorReportingConfig. */
  errorReporting: ErrorReportingConfig;
}

/** Where and how the app reports errors and speed from the field (src/lib/observability). */
export interface ErrorReportingConfig {
  /** Sentry DSN (VITE_SENTRY_DSN), e.g. https://key@sentry.example.cn/3; '' turns reporting off. */
  dsn: string;
  /** VITE_SENTRY_ENVIRONMENT, else the build mode. */
  environment: string;
  /** The build's version: package.json's version, and the commit when the build knew it. */
  release: string;
  /**
   * Share of page loads (0 to 1) whose speed is reported: web vitals per route
   * (VITE_SENTRY_TRACES_SAMPLE_RATE). Errors are always reported.
   */
  tracesSampleRate: number;
}

/** Speed reports from one page load in ten: enough to see a route's figures, a tenth of the traffic. */
const DEFAULT_TRACES_SAMPLE_RATE = 0.1;

function positiveNumber(value: string | undefined): number | null {
  const number = Number(value);
  return value && Number.isFinite(number) && number > 0 ? number : null;
}

/**
 * A nurse's break or a screened person's questions fit in it; a phone left on a desk and picked up by
 * someone else does not keep her session past it.
 */
const DEFAULT_STAFF_IDLE_LOCK_MINUTES = 15;

/** VITE_STAFF_IDLE_LOCK_MINUTES in ms: 0 is off (null); anything but a positive number is the default. */
function readStaffIdleLock(value: string | undefined): number | null {
  const trimmed = value?.trim();
  if (trimmed === '0') return null;
  const minutes = positiveNumber(trimmed) ?? DEFAULT_STAFF_IDLE_LOCK_MINUTES;
  return minutes * 60 * 1000;
}

/**
 * A week: a nurse back from her days off still finds what she queued, and the person's data does not
 * stay on a shared phone for much longer than the drafts' own week.
 */
const DEFAULT_QUEUE_CONFIRM_DAYS = 7;

/** VITE_QUEUE_CONFIRM_DAYS in ms; anything but a positive number is the default. */
function readQueueConfirmAfter(value: string | undefined): number {
  return (positiveNumber(value?.trim()) ?? DEFAULT_QUEUE_CONFIRM_DAYS) * 24 * 60 * 60 * 1000;
}

function withTrailingSlash(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}

/** What the build itself says about the app (vite.config.ts `define`), beside the variables. */
interface BuildFacts {
  release?: string;
}

export function readConfig(
  env: Partial<ImportMetaEnv> & { MODE: string },
  build: BuildFacts = {},
): AppConfig {
  const mode = env.MODE;
  const demo = mode !== 'production' && env.VITE_DEMO === 'true';
  return {
    apiBaseUrl: (env.VITE_API_BASE_URL ?? '').replace(/\/+$/, ''),
    publicBase: withTrailingSlash(env.VITE_PUBLIC_BASE || '/'),
    wechatAppId: env.VITE_WECHAT_APP_ID ?? '',
    aesKey: env.VITE_AES_KEY ?? '',
    contentImageOrigins: readHttpsOrigins(env.VITE_CONTENT_IMAGE_ORIGINS),
    demo,
    demoStyle: demo && env.VITE_DEMO_STYLE === 'minimal' ? 'minimal' : 'full',
    vconsole: mode !== 'production' && env.VITE_VCONSOLE === 'true',
    mode,
    requestTimeoutMs: mode === 'production' ? null : positiveNumber(env.VITE_REQUEST_TIMEOUT_MS),
    staffIdleLockMs: readStaffIdleLock(env.VITE_STAFF_IDLE_LOCK_MINUTES),
    queueConfirmAfterMs: readQueueConfirmAfter(env.VITE_QUEUE_CONFIRM_DAYS),
    assumptions: readAssumptions(env),
    errorReporting: {
      dsn: env.VITE_SENTRY_DSN?.trim() ?? '',
      environment: env.VITE_SENTRY_ENVIRONMENT?.trim() || mode,
      release: build.release ?? '',
      tracesSampleRate: readSampleRate(env.VITE_SENTRY_TRACES_SAMPLE_RATE) ?? DEFAULT_TRACES_SAMPLE_RATE,
    },
  };
}

// Each variable by name: Vite inlines exactly these. Passing `import.meta.env` whole would inline every
// VITE_* variable of the build machine's environment into the bundle (a deploy token, say).
export const config: AppConfig = readConfig(
  {
    MODE: import.meta.env.MODE,
    VITE_API_BASE_URL: import.meta.env.VITE_API_BASE_URL,
    VITE_PUBLIC_BASE: import.meta.env.VITE_PUBLIC_BASE,
    VITE_WECHAT_APP_ID: import.meta.env.VITE_WECHAT_APP_ID,
    VITE_AES_KEY: import.meta.env.VITE_AES_KEY,
    VITE_CONTENT_IMAGE_ORIGINS: import.meta.env.VITE_CONTENT_IMAGE_ORIGINS,
    VITE_DEMO: import.meta.env.VITE_DEMO,
    VITE_DEMO_STYLE: import.meta.env.VITE_DEMO_STYLE,
    VITE_VCONSOLE: import.meta.env.VITE_VCONSOLE,
    VITE_REQUEST_TIMEOUT_MS: import.meta.env.VITE_REQUEST_TIMEOUT_MS,
    VITE_STAFF_IDLE_LOCK_MINUTES: import.meta.env.VITE_STAFF_IDLE_LOCK_MINUTES,
    VITE_QUEUE_CONFIRM_DAYS: import.meta.env.VITE_QUEUE_CONFIRM_DAYS,
    VITE_SEND_IDEMPOTENCY_KEY: import.meta.env.VITE_SEND_IDEMPOTENCY_KEY,
    VITE_SAVE_DRAFT_WHILE_TYPING: import.meta.env.VITE_SAVE_DRAFT_WHILE_TYPING,
    VITE_DELETE_SERVER_DRAFTS: import.meta.env.VITE_DELETE_SERVER_DRAFTS,
    VITE_STRICT_TUBE_CODE: import.meta.env.VITE_STRICT_TUBE_CODE,
    VITE_DICTIONARY_PATH: import.meta.env.VITE_DICTIONARY_PATH,
    VITE_SENTRY_DSN: import.meta.env.VITE_SENTRY_DSN,
    VITE_SENTRY_ENVIRONMENT: import.meta.env.VITE_SENTRY_ENVIRONMENT,
    VITE_SENTRY_TRACES_SAMPLE_RATE: import.meta.env.VITE_SENTRY_TRACES_SAMPLE_RATE,
  },
  { release: __APP_RELEASE__ },
);
