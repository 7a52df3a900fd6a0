import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { clearDictionaryCache } from '@/api/dictionary/dictionary-cache';
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

/** Requests the demo backend has started and not finished answering (see settle()). */
let requestsInFlight = 0;
server.events.on('request:start', () => {
  requestsInFlight += 1;
});
server.events.on('request:end', () => {
  requestsInFlight -= 1;
});

/**
 * Lets what a file's last test started finish while its environment still exists. A test may end
 * while the page it left is still working (a request in flight, its answer rendered, a toast about
 * it); that work, finishing after jsdom is torn down, runs React's scheduler on a missing `window`
 * ("window is not defined", twice on CI, both from info-search.test.tsx, whose last test ends on a
 * navigation). Inside act, React queues the work to act instead of the scheduler and act flushes it
 * before it returns. Waits for the demo backend's answers (at most `maxMs`), closes what they opened,
 * then lets the scheduler's queued turns run.
 */
async function settle(maxMs: number): Promise<void> {
  const deadline = Date.now() + maxMs;
  await act(async () => {
    do {
      await new Promise((resolve) => setTimeout(resolve, 10));
    } while (requestsInFlight > 0 && Date.now() < deadline);
    Toast.clear();
    Dialog.clear();
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
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
  await settle(3000);
  server.close();
});
