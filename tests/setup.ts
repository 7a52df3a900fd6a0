import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { notifyManager } from '@tanstack/react-query';
import { Dialog, reduceMotion, Toast, unstableSetRender } from 'antd-mobile';
import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { format } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { resetReportedDifferences } from '@/lib/http/contract';
import { queryClient } from '@/lib/query-client';
import { resetIdempotencyKeys } from '@/lib/http/idempotency';
import { resetRepeatSubmitGuard } from '@/lib/http/repeat-submit';
import { resetDemoState } from '@/mocks/db';
import { server } from './msw-server';
import { assertTitleLength } from './title-length';

/**
 * React's "An update to X inside a test was not wrapped in act(...)" (and its siblings for suspended
 * resources) means a test let the UI change behind its back: it asserted before the update, or the
 * update runs after the test. Each one fails the test that printed it (see afterEach), still printed
 * as usual so its component stack is there to read.
 */
const actWarnings: string[] = [];
// This file runs again for every test file in a worker (vite.config.ts): wrap the console's own once.
const consoleScope = globalThis as { __consoleErrorBeforeSetup?: typeof console.error };
consoleScope.__consoleErrorBeforeSetup ??= console.error.bind(console);
const originalConsoleError = consoleScope.__consoleErrorBeforeSetup;
console.error = (...args: unknown[]) => {
  const message = format(...args);
  if (/not wrapped in act\(/.test(message)) actWarnings.push(message.split('\n')[0]);
  originalConsoleError(...args);
};

function expectNoActWarnings(): void {
  const found = actWarnings.splice(0);
  if (found.length > 0) {
    throw new Error(
      `React printed ${found.length} "not wrapped in act" warning(s); wait for the update (findBy*, waitFor) ` +
        `or trigger it inside act:\n${found.map((line) => `  - ${line}`).join('\n')}`,
    );
  }
}

function isReactActEnvironment(): boolean {
  return (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT === true;
}

type ContainerWithRoot = (Element | DocumentFragment) & { __antdRoot?: Root };

/** The roots antd-mobile's Toast and Dialog are showing, with the element each renders into. */
const antdRoots = new Map<Root, Element | DocumentFragment>();

/**
 * The test twin of src/lib/antd-setup.ts. antd-mobile's Toast and Dialog render into React roots
 * of their own, from wherever the app calls them (a request's answer, a timer), so a test cannot
 * always wrap those calls. Where a test would have to (IS_REACT_ACT_ENVIRONMENT is true: not inside
 * findBy* or waitFor, which turn it off while they poll), the root is rendered and unmounted inside
 * act, as render() and cleanup() do for the test's own root.
 */
function installAntdTestRenderer(): void {
  const inAct = (work: () => void) => {
    if (isReactActEnvironment()) act(work);
    else work();
  };
  unstableSetRender((node: ReactElement, container: ContainerWithRoot) => {
    container.__antdRoot ??= createRoot(container);
    const root = container.__antdRoot;
    antdRoots.set(root, container);
    inAct(() => root.render(node));
    return async () => {
      await Promise.resolve();
      inAct(() => root.unmount());
      antdRoots.delete(root);
      delete container.__antdRoot;
    };
  });
}

/**
 * Closes the toasts and dialogs a test left open and unmounts their roots (call inside act). Closing
 * alone is not enough: antd-mobile's Mask plays a closing animation and updates its state from
 * animation frames, which would land in whatever the next test is doing (or never come: a toast
 * closed before its first frame never unmounts).
 */
function closeAntdOverlays(): void {
  Toast.clear();
  Dialog.clear();
  for (const [root, container] of antdRoots) {
    root.unmount();
    if (container instanceof Element) container.remove();
  }
  antdRoots.clear();
}

installAntdTestRenderer();
// antd-mobile's own switch for tests and reduced-motion users (react-spring's skipAnimation): dialogs,
// toasts and popups open and close at once, so none waits for animation frames or is left half-closed
// (a dialog closed before its opening's first frame never unmounted). The browser tests keep the motion.
reduceMotion();
/**
 * The same for the query cache (lib/query-client.ts): it tells components of an answer on a timer of
 * its own, after the request's promise, so a test cannot wrap those updates either.
 */
notifyManager.setNotifyFunction((notify) => {
  if (isReactActEnvironment()) act(notify);
  else notify();
});
// The app installs its own renderer when lib/feedback or the root layout loads: the twin stays in charge.
vi.mock('@/lib/antd-setup', () => ({ setUpAntdMobile: () => undefined }));
// Lazy pages and msw round trips take longer than Testing Library's 1 s default on a busy two-core CI
// machine, and a CI run at half this machine's speed took longer than 5 s for a file's first page.
// Waiting longer changes nothing when the UI is right and only delays a real failure; one limit for
// every test (a file's own shorter one was the first to fail under load).
const ASYNC_TIMEOUT_MS = 15_000;
configure({ asyncUtilTimeout: ASYNC_TIMEOUT_MS });
// vi.waitFor's own default is 1 s as well, and Vitest has no setting for it: the same limit, unless a
// test names its own. Once per worker: the files of a worker share `vi` (vite.config.ts).
const WAIT_FOR_LIMITED = Symbol.for('tests/setup.ts: vi.waitFor limit');
if (!(WAIT_FOR_LIMITED in vi.waitFor)) {
  const waitFor = vi.waitFor.bind(vi);
  vi.waitFor = Object.assign(
    ((callback, options) =>
      waitFor(
        callback,
        typeof options === 'number' ? options : { timeout: ASYNC_TIMEOUT_MS, ...options },
      )) as typeof vi.waitFor,
    { [WAIT_FOR_LIMITED]: true },
  );
}
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
    closeAntdOverlays();
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => assertTitleLength(expect.getState().currentTestName ?? ''));
afterEach(() => {
  // Toasts and dialogs render in React roots of their own, which cleanup() does not know.
  act(closeAntdOverlays);
  cleanup();
  server.resetHandlers();
  resetRepeatSubmitGuard();
  resetIdempotencyKeys();
  resetReportedDifferences();
  resetDemoState();
  queryClient.clear();
  sessionStorage.clear();
  localStorage.clear();
  // Last, so a failure here still leaves the next test a clean start.
  expectNoActWarnings();
});
afterAll(async () => {
  await settle(3000);
  server.events.removeAllListeners();
  server.close();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // The next test file in this worker imports the app's modules afresh (their state: the offline
  // queue, caches, timers' owners), as an isolated run would; the libraries stay loaded (vite.config.ts).
  vi.resetModules();
  expectNoActWarnings();
});
