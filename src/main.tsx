import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { startDebugTools } from '@/app/debug-tools';
import { createAppRouter } from '@/app/router';
import { installKeyboardFix } from '@/app/keyboard';
import { afterFirstRoute, installIntentPrefetch, installVersionCheck } from '@/app/platform';
import { installSessionExpiry } from '@/app/session-expiry';
import { config } from '@/config/env';
import { installOfflineQueue } from '@/features/offline-queue/install';
import { installErrorReporting, loadErrorReporting } from '@/lib/observability';
import { yieldToMain } from '@/lib/yield-to-main';
import { captureEntryUrl } from '@/lib/wechat/entry-url';

// Error reports: errors from the first moment on are kept, and Sentry's SDK loads after the first
// screen. Constant-folded by Vite: a build without a DSN has neither (config.errorReporting is the same
// variable, read with the others).
if (import.meta.env.VITE_SENTRY_DSN) {
  installErrorReporting(async () =>
    (await import('@/lib/observability/sentry')).startSentry(config.errorReporting),
  );
}
// iOS WeChat signs the URL the app was entered with: remember it before the router changes it.
captureEntryUrl();
startDebugTools();

async function start(): Promise<void> {
  // Constant-folded by Vite: the demo backend is absent from production and test builds.
  if (import.meta.env.MODE !== 'production' && import.meta.env.VITE_DEMO === 'true') {
    const { startDemoBackend } = await import('@/mocks/browser');
    await startDemoBackend();
  }
  // Creating the router (which starts loading the page) and the first render are tasks of their own,
  // so neither makes one long task with the modules' evaluation on a slow phone (bench: /infoEnter's
  // blocking time went down).
  await yieldToMain();
  const router = createAppRouter();
  installSessionExpiry(router);
  // A chunk of its own, fetched beside the page: only a session on a shared phone needs it.
  void import('@/app/check-idle-timeout').then(({ installIdleTimeout }) => installIdleTimeout(router));
  installVersionCheck(router, __APP_VERSION__, config.publicBase);
  installKeyboardFix();
  installIntentPrefetch(config.publicBase);
  installOfflineQueue();
  afterFirstRoute(router, loadErrorReporting);
  await yieldToMain();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();
