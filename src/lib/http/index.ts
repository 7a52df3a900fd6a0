export { ApiError, isApiError, errorMessage, type ApiErrorKind } from './errors';
export { request, requestBinary, type ApiResponse, type BinaryFile } from './client';
export { setUnauthorizedHandler } from './unauthorized';
export * from './messages';
export { showError } from './toast-policy';
