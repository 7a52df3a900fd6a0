import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { clearDictionaryCache } from '@/features/dictionary/dictionary-cache';
import { installAntdReact19Renderer } from '@/lib/antd-react19';
import { resetRepeatSubmitGuard } from '@/lib/http/repeat-submit';
import { resetDemoState } from '@/mocks/db';
import { server } from './msw-server';

installAntdReact19Renderer();
// Lazy pages and msw round trips take longer than Testing Library's 1 s default on a busy two-core CI
// machine; waiting longer changes nothing when the UI is right and only delays a real failure.
configure({ asyncUtilTimeout: 5000 });
// jsdom does not implement scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => {};
// jsdom's Blob has no stream(); msw's XHR interceptor needs it to observe a blob response.
if (typeof Blob.prototype.stream !== 'function') {
  Object.defineProperty(Blob.prototype, 'stream', {
    configurable: true,
    value(this: Blob) {
      return new ReadableStream<Uint8Array>({
        start: async (controller) => {
          controller.enqueue(new Uint8Array(await this.arrayBuffer()));
          controller.close();
        },
      });
    },
  });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  // Toasts and dialogs render in React roots of their own, which cleanup() does not know: close them
  // inside act, so none of their rendering is left to run after the file's environment is gone.
  act(() => {
    Toast.clear();
    Dialog.clear();
  });
  cleanup();
  server.resetHandlers();
  resetRepeatSubmitGuard();
  resetDemoState();
  clearDictionaryCache();
  sessionStorage.clear();
  localStorage.clear();
});
afterAll(async () => {
  server.close();
  // A commit near the end of a file (the last cleanup's unmount, a request settling) leaves React's
  // delayed passive-effect flush queued on the scheduler (setImmediate), which reads `window`; run it
  // and what it queues in turn before the file's environment is torn down. One CI run failed on an
  // uncaught "window is not defined" from it after all of info-search.test.tsx had passed.
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
});
