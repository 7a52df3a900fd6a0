import { useMemo, useSyncExternalStore } from 'react';
import type { FlushSummary } from './flush-queue';
import { getQueueSnapshot, sessionEntries, subscribeQueue, type QueueEntry } from './queue-store';

export interface OfflineQueueState {
  /** The signed-in account's entries (never another account's), oldest first. */
  entries: readonly QueueEntry[];
  /** Waiting or being sent. */
  pendingCount: number;
  failedCount: number;
  sentCount: number;
  /** Waited too long unsent: its owner resends or deletes it (lib/stored-queue.ts settleQueue). */
  staleCount: number;
  /** Waited longer still: removed from the phone, kept only to say so. */
  removedCount: number;
  /** A flush runs in this tab. */
  flushing: boolean;
  /** Sends what is waiting now and reports the outcome, also when nothing could be sent (立即发送). */
  flush: () => Promise<FlushSummary>;
}

// Loaded on demand: the entry form shows the queue's count without carrying its sender.
const flushNow = () => import('./flush-queue').then(({ flushQueue }) => flushQueue({ manual: true }));

export function useOfflineQueue(): OfflineQueueState {
  const { entries: stored, flushing } = useSyncExternalStore(
    subscribeQueue,
    getQueueSnapshot,
    getQueueSnapshot,
  );
  return useMemo(() => {
    // The session is read with each change of the list: a page shows only what its account queued.
    const entries = sessionEntries(stored);
    const count = (status: QueueEntry['status']) => entries.filter((entry) => entry.status === status).length;
    return {
      entries,
      pendingCount: count('pending') + count('sending'),
      failedCount: count('failed'),
      sentCount: count('sent'),
      staleCount: count('stale'),
      removedCount: count('removed'),
      flushing,
      flush: flushNow,
    };
  }, [stored, flushing]);
}
