/**
 * The error-reporting variables' forms, shared by the app's configuration (env.ts) and the build's
 * checks (build-env.ts), so a value the app would read differently fails the build instead.
 */

/** A share from 0 to 1 (VITE_SENTRY_TRACES_SAMPLE_RATE), or null when the text is anything else. */
export function readSampleRate(value: string | undefined): number | null {
  const number = Number(value);
  return value?.trim() && Number.isFinite(number) && number >= 0 && number <= 1 ? number : null;
}

/**
 * A DSN Sentry's SDK accepts: http(s)://<public key>@<host>[:port][/<path>]/<project id>, the key
 * letters, digits and underscores only (anything else and the SDK turns itself off).
 */
export function isSentryDsn(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return /^https?:$/.test(url.protocol) && /^\w+$/.test(url.username) && /\/\d+$/.test(url.pathname);
}
