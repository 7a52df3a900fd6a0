/**
 * The cheap side of error reporting, in the app's entry: it takes reports from the moment the app
 * starts, keeps them while the reporting SDK loads (after the first screen), then hands them over.
 * It never imports the SDK: `loadSink` does, by a dynamic import (main.tsx).
 */
import { fieldOf } from '@/lib/field-path';

/** A request that failed, as the HTTP client decided it (src/lib/http/client.ts). */
export interface ApiFailureReport {
  /** ApiError's kind: network, timeout, http, business, unauthorized, malformed or contract. */
  kind: string;
  /** Method and path, e.g. 'POST /api/v1/Sampling/BindSamplingTube'; a query string is left out. */
  endpoint: string;
  /** The HTTP status (http, unauthorized) or the envelope's statusCode (business). */
  code?: number;
}

/** One field where an answer differs from its schema: its path and types, never its value. */
export interface ContractDifferenceReport {
  endpoint: string;
  /** e.g. 'records[3].tube.status'; reported once per endpoint and field, whatever the index. */
  path: string;
  expected: string;
  received: string;
  /** A field the page needs: the answer was refused (else the page went on without it). */
  essential?: boolean;
}

/** An offline-queue entry the server refused: it waits for a person to look at it. */
export interface QueueFailureReport {
  step: 'submit' | 'bind';
  /** ApiError's kind, or 'unknown' for anything else thrown. */
  kind: string;
  code?: number;
}

export interface ErrorContext {
  /** Which error boundary showed it, e.g. 'root'. */
  boundary?: string;
  /** False for errors nothing caught (a window 'error' or 'unhandledrejection'). Default true. */
  handled?: boolean;
}

/** Where reports go once the SDK has loaded (sentry.ts). */
export interface ReportSink {
  captureError(error: unknown, context: ErrorContext): void;
  reportApiFailure(report: ApiFailureReport): void;
  reportContractDifference(report: ContractDifferenceReport): void;
  reportQueueFailure(report: QueueFailureReport): void;
}

type Report = {
  [Method in keyof ReportSink]: { method: Method; args: Parameters<ReportSink[Method]> };
}[keyof ReportSink];

export interface Reporter extends ReportSink {
  /** Starts hearing uncaught errors and rejections (before the SDK can). */
  install(): void;
  /** Loads the SDK and sends what was kept; after a failure (offline), a later call tries again. */
  load(): Promise<void>;
}

/**
 * Reports kept before the SDK has loaded, at most: the first ones, which are usually the cause of the
 * rest. A page that fails in a loop must not fill the phone's memory.
 */
export const MAX_PENDING_REPORTS = 30;

export function createReporter(loadSink: () => Promise<ReportSink>): Reporter {
  let sink: ReportSink | null = null;
  let loading: Promise<void> | null = null;
  const pending: Report[] = [];
  /** What was reported once already: a failure that repeats (a retry every minute offline) is one report. */
  const reported = new Set<string>();

  const send = (report: Report) => {
    if (sink) {
      // Each method takes its own arguments; the union keeps them paired.
      (sink[report.method] as (...args: Report['args']) => void)(...report.args);
    } else if (pending.length < MAX_PENDING_REPORTS) {
      pending.push(report);
    }
  };
  const sendOnce = (key: string, report: Report) => {
    if (reported.has(key)) return;
    reported.add(key);
    send(report);
  };

  const onError = (event: ErrorEvent) =>
    send({ method: 'captureError', args: [event.error ?? event.message, { handled: false }] });
  const onRejection = (event: PromiseRejectionEvent) =>
    send({ method: 'captureError', args: [event.reason, { handled: false }] });

  return {
    install() {
      window.addEventListener('error', onError);
      window.addEventListener('unhandledrejection', onRejection);
    },
    load() {
      if (sink) return Promise.resolve();
      loading ??= loadSink()
        .then((loaded) => {
          // The SDK hears uncaught errors itself from now on.
          window.removeEventListener('error', onError);
          window.removeEventListener('unhandledrejection', onRejection);
          sink = loaded;
          for (const report of pending.splice(0)) send(report);
        })
        .catch(() => {
          // Offline, or an engine the SDK cannot run on: keep what was kept, try again next time.
        })
        .finally(() => {
          loading = null;
        });
      return loading;
    },
    captureError(error, context) {
      send({ method: 'captureError', args: [error, context] });
    },
    reportApiFailure(report) {
      const endpoint = report.endpoint.split('?')[0];
      sendOnce(`api ${report.kind} ${endpoint} ${report.code ?? ''}`, {
        method: 'reportApiFailure',
        args: [{ ...report, endpoint }],
      });
    },
    reportContractDifference(report) {
      const endpoint = report.endpoint.split('?')[0];
      const path = fieldOf(report.path);
      sendOnce(`contract ${endpoint} ${path}`, {
        method: 'reportContractDifference',
        args: [{ ...report, endpoint, path }],
      });
    },
    reportQueueFailure(report) {
      sendOnce(`queue ${report.step} ${report.kind} ${report.code ?? ''}`, {
        method: 'reportQueueFailure',
        args: [report],
      });
    },
  };
}
