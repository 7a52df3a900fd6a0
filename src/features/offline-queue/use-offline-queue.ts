import { useMemo, useSyncExternalStore } from 'react';
import { flushQueue, type FlushSummary } from './flush-queue';
import { getQueueSnapshot, subscribeQueue, type QueueEntry } from './queue-store';

export interface OfflineQueueState {
  /** Oldest first. */
  entries: readonly QueueEntry[];
  /** Waiting or being sent. */
  pendingCount: number;
  failedCount: number;
  sentCount: number;
  /** A flush runs in this tab. */
  flushing: boolean;
  /** Sends what is waiting now and reports the outcome, also when nothing could be sent (立即发送). */
  flush: () => Promise<FlushSummary>;
}

const flushNow = () => flushQueue({ manual: true });

export function useOfflineQueue(): OfflineQueueState {
  const { entries, flushing } = useSyncExternalStore(subscribeQueue, getQueueSnapshot, getQueueSnapshot);
  return useMemo(() => {
    const count = (status: QueueEntry['status']) => entries.filter((entry) => entry.status === status).length;
    return {
      entries,
      pendingCount: count('pending') + count('sending'),
      failedCount: count('failed'),
      sentCount: count('sent'),
      flushing,
      flush: flushNow,
    };
  }, [entries, flushing]);
}
