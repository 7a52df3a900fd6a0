import {
  createReporter,
  type ApiFailureReport,
  type ContractDifferenceReport,
  type ErrorContext,
  type QueueFailureReport,
  type Reporter,
  type ReportSink,
} from './reporter';

/**
 * Error and speed reports from the field (Sentry), without personal data. The functions below are what
 * the app calls; each is cheap and does nothing until the app has installed reporting, which it does
 * only in a build with a DSN (main.tsx). The SDK itself (sentry.ts) is never imported from here: the
 * app hands over the dynamic import that loads it.
 */
let reporter: Reporter | null = null;

/**
 * If the first screen never settles (the app failed to start), the SDK loads at the latest after this;
 * a phone that was offline then tries again when it comes online.
 */
const LOAD_AT_THE_LATEST_MS = 10_000;

/**
 * At app start: hears uncaught errors and rejections and keeps every report until `loadSdk` has
 * brought the SDK in (loadErrorReporting, after the first screen).
 */
export function installErrorReporting(loadSdk: () => Promise<ReportSink>): void {
  if (reporter) return;
  const installed = createReporter(loadSdk);
  reporter = installed;
  installed.install();
  const load = () => void installed.load();
  window.setTimeout(load, LOAD_AT_THE_LATEST_MS);
  window.addEventListener('online', load);
}

/** After the first screen: loads the SDK and sends what was kept. */
export function loadErrorReporting(): void {
  void reporter?.load();
}

/** An error the app caught and showed (an error boundary). */
export function captureError(error: unknown, context: ErrorContext = {}): void {
  reporter?.captureError(error, context);
}

/** A failed request, by kind: the endpoint and code, never the body or a message. Once per page load. */
export function reportApiFailure(report: ApiFailureReport): void {
  reporter?.reportApiFailure(report);
}

/** A field where an answer differs from its schema (path and types). Once per endpoint and field. */
export function reportContractDifference(report: ContractDifferenceReport): void {
  reporter?.reportContractDifference(report);
}

/** An offline-queue entry the server refused. */
export function reportQueueFailure(report: QueueFailureReport): void {
  reporter?.reportQueueFailure(report);
}
