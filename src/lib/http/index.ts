export { ApiError, isApiError, errorMessage, type ApiErrorKind } from './errors';
export { request, requestBinary, type BinaryFile } from './client';
export { failureData } from './contract';
export { setUnauthorizedHandler } from './unauthorized';
export * from './messages';
export { showError } from './toast-policy';
export {
  failureDisposition,
  parseRetryAfter,
  readRetryDelayMs,
  READ_MAX_TRIES,
  retryDelayMs,
  retryUntil,
  shouldRetryRead,
  RETRY_BASE_MS,
  RETRY_CAP_MS,
  RETRY_MIN_ANSWER_MS,
  RETRY_GIVE_UP_MS,
  TRANSIENT_HTTP_STATUSES,
  type FailureDisposition,
} from './retry-policy';
