// With its extension: vite.config.ts loads this file, and Vite's native config loader needs it.
import { isSentryDsn, readSampleRate } from './error-reporting.ts';

/**
 * Checks of the build environment, run by vite.config.ts before a build starts (never part of the app):
 * a build that would ship a wrong URL or a debugging tool to real users fails with a message saying why.
 */
import type { DemoStyle } from './env';

type BuildEnv = Readonly<Record<string, string | undefined>>;

/** Variables a production build cannot do without: a missing one would silently ship a wrong URL or key. */
const REQUIRED_IN_PRODUCTION = ['VITE_API_BASE_URL', 'VITE_WECHAT_APP_ID', 'VITE_AES_KEY'] as const;

export function assertProductionEnv(env: BuildEnv): void {
  const missing = REQUIRED_IN_PRODUCTION.filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    throw new Error(
      `[config] Production build needs ${missing.join(', ')}. ` +
        'Set them in the environment, e.g. VITE_API_BASE_URL=https://api.example.cn:8686 npm run build.',
    );
  }
  const apiBaseUrl = env.VITE_API_BASE_URL ?? '';
  if (!URL.canParse(apiBaseUrl) || !new URL(apiBaseUrl).protocol.startsWith('http')) {
    throw new Error(`[config] VITE_API_BASE_URL must be an absolute http(s) URL, got "${apiBaseUrl}".`);
  }
  if (env.VITE_DEMO === 'true')
    throw new Error('[config] VITE_DEMO=true is not allowed in a production build.');
}

/** Top-level names that never reach a real server (RFC 2606 and RFC 6761). */
const RESERVED_TLDS = ['test', 'example', 'invalid', 'localhost'];

/** A loopback address or a reserved name: an API that is only ever a developer's or the tests'. */
export function isLoopbackOrDemoHost(apiBaseUrl: string): boolean {
  if (!URL.canParse(apiBaseUrl)) return false;
  const host = new URL(apiBaseUrl).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host)) return true;
  const tld = host.split('.').pop() ?? '';
  return host.includes('.') && RESERVED_TLDS.includes(tld);
}

/**
 * The demo backend answers every API call with made-up data, and vConsole shows tokens, requests and
 * storage to whoever holds the phone: neither may reach a build that calls a real API. Allowed when the
 * API is loopback or a demo host, or same-origin with the demo answering it, or when the build says it
 * is meant for debugging (VITE_ALLOW_DEBUG_BUILD=true).
 */
export function assertDebugToolsAllowed(env: BuildEnv): void {
  const demo = env.VITE_DEMO === 'true';
  const tools = [
    demo && 'the demo backend (VITE_DEMO=true)',
    env.VITE_VCONSOLE === 'true' && 'vConsole (VITE_VCONSOLE=true)',
  ]
    .filter(Boolean)
    .join(' and ');
  if (!tools || env.VITE_ALLOW_DEBUG_BUILD === 'true') return;
  const apiBaseUrl = env.VITE_API_BASE_URL?.trim() ?? '';
  if (apiBaseUrl ? isLoopbackOrDemoHost(apiBaseUrl) : demo) return;
  throw new Error(
    `[config] This build would ship ${tools} while calling ${apiBaseUrl || 'its own origin'}, ` +
      'which is not a loopback or demo host. Turn them off (VITE_DEMO=false, VITE_VCONSOLE=false), ' +
      'or set VITE_ALLOW_DEBUG_BUILD=true for a build meant for debugging against that API.',
  );
}

const DEMO_STYLES = ['full', 'minimal'] as const satisfies readonly DemoStyle[];

/** A mistyped VITE_DEMO_STYLE would silently run the full style: refused, naming the values. */
export function assertDemoStyle(env: BuildEnv): void {
  const style = env.VITE_DEMO_STYLE;
  if (style && !(DEMO_STYLES as readonly string[]).includes(style)) {
    throw new Error(`[config] VITE_DEMO_STYLE must be ${DEMO_STYLES.join(' or ')}, got "${style}".`);
  }
}

/**
 * Error reporting is off without a DSN; a DSN or sample rate the app could not use would turn it off
 * (or on) silently, where the build can say so.
 */
export function assertErrorReportingEnv(env: BuildEnv): void {
  const dsn = env.VITE_SENTRY_DSN ?? '';
  if (dsn && !isSentryDsn(dsn)) {
    throw new Error(
      `[config] VITE_SENTRY_DSN must be a Sentry DSN such as https://<key>@sentry.example.cn/3, got "${dsn}". ` +
        'Leave it empty to build without error reports.',
    );
  }
  const rate = env.VITE_SENTRY_TRACES_SAMPLE_RATE;
  if (rate?.trim() && readSampleRate(rate) === null) {
    throw new Error(`[config] VITE_SENTRY_TRACES_SAMPLE_RATE must be a number from 0 to 1, got "${rate}".`);
  }
}
