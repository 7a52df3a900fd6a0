import { screen } from '@testing-library/react';
import { config } from '@/config/env';
import { ApiError, setUnauthorizedHandler } from '@/lib/http';

/** An absolute URL on the configured API host, as msw sees the request. */
export function api(path: string): string {
  return `${config.apiBaseUrl}${path}`;
}

/** The ApiError a promise rejected with; fails the test if it resolved or rejected with anything else. */
export async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to reject');
}

/** The failure toast: the text with antd-mobile's fail icon beside it. */
export async function expectFailToast(text: string): Promise<void> {
  const content = await screen.findByText(text);
  expect(content.closest('.adm-toast-main')?.querySelector('.adm-toast-icon-fail')).not.toBeNull();
}

/** The warning toast (9001): marked with ⚠ and without the fail icon. */
export async function expectWarningToast(text: string): Promise<void> {
  const content = await screen.findByText(`⚠ ${text}`);
  expect(content.closest('.adm-toast-main')?.querySelector('.adm-toast-icon-fail')).toBeNull();
}

/**
 * No toast at all. Toasts render asynchronously, so give one the time it would need to appear
 * (the positive tests find theirs well within this) before looking.
 */
export async function expectNoToast(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(document.querySelector('.adm-toast-mask')).toBeNull();
}

/** Per-file set-up: toasts and the unauthorized handler must not leak from one test into the next. */
export function isolateRequestTests(): void {
  beforeAll(() => {
    // The toasts render through antd-mobile's own React root, outside act(); they are awaited with findBy*.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  });
  // The toasts themselves are closed and unmounted after every test by tests/setup.ts.
  afterEach(() => {
    setUnauthorizedHandler(() => {});
  });
}
