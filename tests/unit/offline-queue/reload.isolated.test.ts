import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueueBind, QUEUE_STORAGE_KEY, type QueueEntry } from '@/features/offline-queue/queue-store';
import { server } from '../../msw-server';
import { recordRequests } from '../support/request-log';
import { signInForTest } from '../support/render-route';
import { closeOverlays, COLLECTED_AT, personInput, resetQueue, spareTube, tube } from './helpers';

/**
 * A reload is a fresh module graph over the same localStorage: vi.resetModules() and import again.
 * (Own file: the fresh graph has its own HTTP layer, which the shared test setup does not reset.)
 */
async function reloadApp() {
  vi.resetModules();
  const store = await import('@/features/offline-queue/queue-store');
  const flush = await import('@/features/offline-queue/flush-queue');
  const install = await import('@/features/offline-queue/install');
  return { ...store, ...flush, ...install };
}

function stored(): QueueEntry[] {
  return JSON.parse(localStorage.getItem(QUEUE_STORAGE_KEY) ?? '[]') as QueueEntry[];
}

beforeEach(resetQueue);
afterEach(closeOverlays);

describe('offline queue across a reload', () => {
  it('keeps the entries and sends them once from the reloaded app', async () => {
    await signInForTest('work');
    for (const index of [1, 2]) {
      const result = enqueueBind({
        registrationInput: personInput(index),
        tubeCode: spareTube(index),
        collectedAt: COLLECTED_AT,
      });
      expect(result.ok).toBe(true);
    }
    const ids = stored().map((entry) => entry.id);

    const app = await reloadApp();
    expect(app.getQueueSnapshot().entries.map((entry) => entry.id)).toEqual(ids);
    expect(app.getQueueSnapshot().entries.every((entry) => entry.status === 'pending')).toBe(true);

    const log = recordRequests();
    // Inside act: a flush that sends something says so in a toast.
    expect(await act(() => app.flushQueue())).toMatchObject({ sent: 2, pending: 0 });
    expect(await act(() => app.flushQueue())).toMatchObject({ sent: 0, skipped: 'empty' });
    expect(log.count('/Sampling/BindSamplingTube')).toBe(2);
    expect(tube(spareTube(1))?.status).toBe('bound');
    expect(tube(spareTube(2))?.status).toBe('bound');
    expect(stored().map((entry) => entry.status)).toEqual(['sent', 'sent']);
  });

  it('sends an entry a closed tab left "sending"', async () => {
    await signInForTest('work');
    const result = enqueueBind({
      registrationInput: personInput(3),
      tubeCode: spareTube(3),
      collectedAt: COLLECTED_AT,
    });
    if (!result.ok) throw new Error(result.message);
    localStorage.setItem(
      QUEUE_STORAGE_KEY,
      JSON.stringify([{ ...result.entry, status: 'sending', attempts: 1 }]),
    );

    const app = await reloadApp();
    expect(app.getQueueSnapshot().entries[0].status).toBe('sending');
    expect(await act(() => app.flushQueue())).toMatchObject({ sent: 1 });
    expect(stored()[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('drops unreadable storage instead of breaking the app', async () => {
    localStorage.setItem(QUEUE_STORAGE_KEY, '{not json');
    const app = await reloadApp();
    expect(app.getQueueSnapshot().entries).toEqual([]);
    localStorage.setItem(QUEUE_STORAGE_KEY, JSON.stringify([{ id: 'x' }, 'junk']));
    app.reloadQueueFromStorage();
    expect(app.getQueueSnapshot().entries).toEqual([]);
  });

  it('sends at start when online, and again when the network comes back', async () => {
    await signInForTest('work');
    enqueueBind({ registrationInput: personInput(4), tubeCode: spareTube(4), collectedAt: COLLECTED_AT });
    let down = true;
    server.use(
      http.post('*/api/v1/ScreeningRegister/Submit', () => (down ? HttpResponse.error() : undefined)),
    );
    const log = recordRequests();

    const app = await reloadApp();
    app.installOfflineQueue();
    // Testing Library's waitFor: the flushes run on their own, and the second one shows a toast.
    await waitFor(() => expect(stored()[0]).toMatchObject({ status: 'pending', attempts: 1 }));
    expect(log.count('/ScreeningRegister/Submit')).toBe(1);

    down = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(stored()[0]).toMatchObject({ status: 'sent', attempts: 2 }));
    expect(log.count('/Sampling/BindSamplingTube')).toBe(1);
    expect(await screen.findByText('已自动提交 1 条登记')).toBeInTheDocument();
  });
});
