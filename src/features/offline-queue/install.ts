import { readText } from '@/lib/storage';
import { QUEUE_STORAGE_KEY } from './queue-keys';

let installed = false;

/**
 * Whether anything is stored at all. A cheap look that needs no queue code: the entry chunk carries
 * only this file, and the store and the sender load when there is something to send.
 */
function hasStoredEntries(): boolean {
  return !!readText('local', QUEUE_STORAGE_KEY);
}

/** An automatic flush, the sender loaded on demand (e.g. to set the timer for an entry just queued). */
export function flushQueueSoon(networkBack = false): void {
  void import('./flush-queue').then(({ flushQueue }) => flushQueue({ networkBack })).catch(() => undefined);
}

function flushIfWaiting(networkBack = false): void {
  if (navigator.onLine === false || !hasStoredEntries()) return;
  void import('./flush-queue').then(({ flushQueue }) => flushQueue({ networkBack })).catch(() => undefined);
}

/**
 * Starts the offline queue once, at app start: sends what is waiting now (when online) and when the
 * network returns; follows changes other tabs make. Between those, the flush keeps its own one timer
 * for the first waiting entry's next attempt (its backoff, flush-queue.ts), so a weak signal that never
 * reports going offline is retried too. The flush itself decides whether there is anything to send and
 * whether this session may send it.
 */
export function installOfflineQueue(): void {
  if (installed) return;
  installed = true;
  // Entries that waited for the network go at once; those a busy server asked to wait keep waiting.
  window.addEventListener('online', () => flushIfWaiting(true));
  window.addEventListener('storage', (event) => {
    if (event.key !== QUEUE_STORAGE_KEY && event.key !== null) return;
    void import('./queue-store')
      .then(({ reloadQueueFromStorage }) => reloadQueueFromStorage())
      .catch(() => undefined);
  });
  flushIfWaiting();
}
