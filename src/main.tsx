import { StrictMode } from 'react';
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
  // Evaluating the modules, starting the router (which starts loading the page), the app-wide
  // listeners and the first render are each a task of their own, so none of them is a long task on a
  // slow phone (creating the router alone took 13–59 ms unthrottled in the bench's traces).
  await yieldToMain();
  const router = createAppRouter();
  await yieldToMain();
  installSessionExpiry(router);
  installVersionCheck(router, __APP_VERSION__, config.publicBase);
  installKeyboardFix();
  installOfflineQueue();
  await yieldToMain();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();
