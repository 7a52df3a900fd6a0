import type { ContractDifference } from './contract';
import { DEFAULT_STATUS_MESSAGE } from './messages';

/**
 * How a request failed. Callers branch on `kind`, never on message text.
 * - business: the server answered 2xx with a statusCode other than 2000 (code = statusCode)
 * - unauthorized: HTTP 401 (code = 401); the session is gone
 * - http: any other HTTP failure status (code = HTTP status)
 * - network: no response at all
 * - timeout: no response within the timeout
 * - repeat-submit: the repeat-submit guard refused an identical request
 * - malformed: a response that is not the agreed JSON envelope
 * - contract: a success envelope whose responseData differs from the endpoint's schema (differences)
 * - canceled: the caller aborted the request (never shown)
 */
export type ApiErrorKind =
  | 'business'
  | 'unauthorized'
  | 'http'
  | 'network'
  | 'timeout'
  | 'repeat-submit'
  | 'malformed'
  | 'contract'
  | 'canceled';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** statusCode for business errors, HTTP status for http/unauthorized errors. */
  readonly code?: number;
  /** The response body, when there was one (not for contract errors: it would only hold what failed). */
  readonly body?: unknown;
  /** Contract errors: where the answer differs from the schema (paths and types, no values). */
  readonly differences?: readonly ContractDifference[];
  /** HTTP failures: how long the server's Retry-After asks to wait, in ms (when it says and CORS exposes it). */
  readonly retryAfterMs?: number;
  /**
   * A try of a read (a request with a signal: TanStack Query's, one per fetch): when the read must end,
   * the spec's timeout after its first try (epoch ms). Set by the client; its retry policy reads it.
   */
  deadline?: number;

  constructor(
    kind: ApiErrorKind,
    message: string,
    options: {
      code?: number;
      body?: unknown;
      differences?: readonly ContractDifference[];
      retryAfterMs?: number;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = options.code;
    this.body = options.body;
    this.differences = options.differences;
    this.retryAfterMs = options.retryAfterMs;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A message fit for the user, whatever was thrown. */
export function errorMessage(error: unknown, fallback = DEFAULT_STATUS_MESSAGE): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
