import { setupWorker } from 'msw/browser';
import { config } from '@/config/env';
import { keepOnSignOut } from '@/lib/device-data';
import { clearSession } from '@/lib/session';
import { corsRefusal } from './cors';
import { DEMO_DB_STORAGE_KEY, defaultDb, resetDemoDb } from './db';
import { createHandlers } from './handlers';

declare global {
  interface Window {
    /** Demo only: restores the seed data, ends the session and reloads. */
    __resetDemo?: () => void;
  }
}

const RESET_PARAM = 'resetDemo';

function resetAndForgetSession(): void {
  resetDemoDb();
  clearSession();
}

/**
 * Starts the demo backend in the browser (dev mode only), answering in the style VITE_DEMO_STYLE names.
 * `?resetDemo=1` in the URL restores the seed data once and removes itself from the address bar;
 * `window.__resetDemo()` does the same from the console.
 */
export async function startDemoBackend(): Promise<void> {
  keepOnSignOut(DEMO_DB_STORAGE_KEY); // the pretend server's data, not the signed-in account's
  const url = new URL(window.location.href);
  if (url.searchParams.get(RESET_PARAM) === '1') {
    resetAndForgetSession();
    url.searchParams.delete(RESET_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  window.__resetDemo = () => {
    resetAndForgetSession();
    window.location.reload();
  };

  const style = config.demoStyle;
  const worker = setupWorker(
    corsRefusal(style),
    ...createHandlers(defaultDb, { latencyMs: () => 150 + Math.floor(Math.random() * 350), style }),
  );
  await worker.start({
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}
