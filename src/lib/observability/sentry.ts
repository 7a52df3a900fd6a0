import {
  breadcrumbsIntegration,
  browserSessionIntegration,
  browserTracingIntegration,
  captureException,
  captureMessage,
  consoleIntegration,
  dedupeIntegration,
  eventFiltersIntegration,
  globalHandlersIntegration,
  httpContextIntegration,
  init,
  linkedErrorsIntegration,
  setAttributes,
  setTag,
  withScope,
  type BrowserOptions,
} from '@sentry/react';
import type { ErrorReportingConfig } from '@/config/env';
import type { ReportSink } from './reporter';
import { collectPersonalValues, scrubBreadcrumb, scrubEvent, scrubSpan, withoutInstallId } from './scrub';

/** An integration as BrowserOptions lists them (the SDK's Integration type is its core package's). */
type Integration = Extract<NonNullable<BrowserOptions['integrations']>, readonly unknown[]>[number];

/** What browserTracingIntegration's `beforeStartSpan` receives (the SDK does not export the type). */
type StartSpanOptions = Parameters<
  NonNullable<NonNullable<Parameters<typeof browserTracingIntegration>[0]>['beforeStartSpan']>
>[0];

/**
 * Sentry's browser SDK, loaded by a dynamic import after the first screen (main.tsx hands it to
 * index.ts), never in the entry. Everything it sends passes the scrubber (scrub.ts) first.
 */

/** The network WeChat says the phone is on ('NetType/4G' in its user agent): 'WIFI', '4G', …, or 'unknown'. */
export function weChatNetworkType(userAgent: string): string {
  return /\bNetType\/(\w+)/i.exec(userAgent)?.[1]?.toUpperCase() ?? 'unknown';
}

/**
 * A page load or navigation, and the web vitals measured in it, named after its route: the page's
 * path, as no route of the app has a parameter (an id travels in the query, which is never sent).
 */
function namedAfterRoute(options: StartSpanOptions): StartSpanOptions {
  return {
    ...options,
    name: window.location.pathname,
    attributes: { ...options.attributes, 'sentry.segment.name.source': 'route' },
  };
}

/**
 * A session (release health) carries the User-Agent too, and passes no beforeSend: the same without
 * WeChat's install id. Set up before the session integration sends the page's first session.
 */
const sessionUserAgent: Integration = {
  name: 'SessionUserAgent',
  setup(client) {
    client.on('beforeSendSession', (session) => {
      if ('userAgent' in session) session.userAgent = withoutInstallId(session.userAgent);
    });
  },
};

/** The options the app starts Sentry with: what it collects, and the scrubber on everything it sends. */
function sentryOptions(settings: ErrorReportingConfig): BrowserOptions {
  const speed = settings.tracesSampleRate > 0;
  return {
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release || undefined,
    // The integrations by name, instead of the defaults: no wrapping of every timer and event listener
    // (browserApiErrors), no DOM breadcrumbs (an element's description carries its labels).
    defaultIntegrations: false,
    integrations: [
      eventFiltersIntegration(),
      globalHandlersIntegration(),
      linkedErrorsIntegration(),
      dedupeIntegration(),
      httpContextIntegration(),
      breadcrumbsIntegration({ dom: false }),
      consoleIntegration(),
      sessionUserAgent,
      browserSessionIntegration(),
      // Web vitals (LCP, INP, CLS) of the sampled page loads, per route. No spans for the API calls:
      // their failures are reported by the client, and their URLs are not needed.
      ...(speed
        ? [
            browserTracingIntegration({
              traceXHR: false,
              traceFetch: false,
              beforeStartSpan: namedAfterRoute,
            }),
          ]
        : []),
    ],
    tracesSampleRate: speed ? settings.tracesSampleRate : undefined,
    // Nor a span per file the page loaded: a large upload from a phone on a weak signal, and nothing
    // the reports need.
    ignoreSpans: [{ op: /^resource\./ }],
    // The API allows only the headers it names (CORS): no trace headers on its requests.
    tracePropagationTargets: [],
    // Nothing of the person or the request beyond which phone and browser it is.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: ['User-Agent'] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
      stackFrameVariables: false,
      frameContextLines: 0,
    },
    maxBreadcrumbs: 30,
    beforeSend: (event, hint) => scrubEvent(event, hint),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
    // Every span passes scrubSpan one by one (streamed). Named rather than left to the SDK's default:
    // with `static`, a beforeSendSpan of this shape is never called and spans would leave unscrubbed.
    traceLifecycle: 'stream',
    beforeSendSpan: (span) => scrubSpan(span, collectPersonalValues()),
  };
}

/** Starts Sentry and returns where the app's own reports go (reporter.ts). */
export function startSentry(settings: ErrorReportingConfig): ReportSink {
  init(sentryOptions(settings));
  const network = weChatNetworkType(navigator.userAgent);
  setTag('network', network);
  setAttributes({ 'network.type': network });

  return {
    captureError(error, { boundary, handled = true }) {
      withScope((scope) => {
        if (boundary) scope.setTag('boundary', boundary);
        captureException(error, {
          mechanism: { type: boundary ? 'error-boundary' : handled ? 'generic' : 'onerror', handled },
        });
      });
    },
    reportApiFailure({ kind, endpoint, code }) {
      captureMessage(`API ${kind} failure: ${endpoint}${code === undefined ? '' : ` (${code})`}`, {
        level: kind === 'network' || kind === 'timeout' || kind === 'unauthorized' ? 'warning' : 'error',
        tags: { 'api.kind': kind, 'api.endpoint': endpoint, 'api.code': code ?? 'none' },
        fingerprint: ['api-failure', kind, endpoint, String(code ?? '')],
      });
    },
    reportContractDifference({ endpoint, path, expected, received, essential = false }) {
      captureMessage(`Contract difference: ${endpoint} ${path || '(answer)'}`, {
        level: essential ? 'error' : 'warning',
        tags: { 'api.endpoint': endpoint, 'contract.path': path, 'contract.essential': String(essential) },
        extra: { expected, received },
        fingerprint: ['contract-difference', endpoint, path],
      });
    },
    reportQueueFailure({ step, kind, code }) {
      captureMessage(`Offline queue: ${step} refused (${kind}${code === undefined ? '' : ` ${code}`})`, {
        level: 'error',
        tags: { 'queue.step': step, 'api.kind': kind, 'api.code': code ?? 'none' },
        fingerprint: ['offline-queue', step, kind, String(code ?? '')],
      });
    },
  };
}
