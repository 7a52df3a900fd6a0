export { ApiError, isApiError, errorMessage, type ApiErrorKind } from './errors';
export { request, requestBinary, type BinaryFile } from './client';
export { failureData } from './contract';
export { setUnauthorizedHandler } from './unauthorized';
export * from './messages';
export { showError } from './toast-policy';
