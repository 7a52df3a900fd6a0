export { ApiError, isApiError, errorMessage, type ApiErrorKind } from './errors';
export { request, requestBinary, setUnauthorizedHandler, type ApiResponse, type BinaryFile } from './client';
export * from './messages';
export { showError } from './toast-policy';
