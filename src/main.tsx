import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { startDebugTools } from '@/app/debug-tools';
import { createAppRouter } from '@/app/router';
import { installKeyboardFix, installVersionCheck } from '@/app/platform';
import { installSessionExpiry } from '@/app/session-expiry';
import { config } from '@/config/env';
import { installOfflineQueue } from '@/features/offline-queue/install';
import { installAntdReact19Renderer } from '@/lib/antd-react19';
import { captureEntryUrl } from '@/lib/wechat/entry-url';
import { yieldToMain } from '@/lib/yield-to-main';
import '@/styles/global.css';

// iOS WeChat signs the URL the app was entered with: remember it before the router changes it.
captureEntryUrl();
installAntdReact19Renderer();
startDebugTools();

async function start(): Promise<void> {
  // Constant-folded by Vite: the demo backend is absent from production and test builds.
  if (import.meta.env.MODE !== 'production' && import.meta.env.VITE_DEMO === 'true') {
    const { startDemoBackend } = await import('@/mocks/browser');
    await startDemoBackend();
  }
  // Evaluating the modules and starting the app are tasks of their own, so neither is a long task on a
  // slow phone.
  await yieldToMain();
  const router = createAppRouter();
  installSessionExpiry(router);
  installVersionCheck(router, __APP_VERSION__, config.publicBase);
  installKeyboardFix();
  installOfflineQueue();
  // Committed at once, before the router can have loaded the first page's chunk (an import() settles
  // only after this synchronous code): RouterProvider renders the boot screen and subscribes to the
  // router now. The page then arrives as a router update, which react-router renders as a transition,
  // in slices that yield to the browser, instead of one long task. (Rendering the root itself as a
  // transition is not safe: RouterProvider reads the router's state while rendering and subscribes
  // only on commit, so an update in a yield between the two would be lost.)
  const root = createRoot(document.getElementById('root')!);
  flushSync(() => {
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}

void start();
