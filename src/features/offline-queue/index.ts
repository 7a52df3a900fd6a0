/**
 * Public surface of the offline bind queue. The app entry imports './install' directly instead (this
 * index brings the home card and antd-mobile with it).
 */
export { OfflineQueueCard } from './components/offline-queue-card';
export { flushQueue, type FlushOptions, type FlushSummary } from './flush-queue';
export {
  ENQUEUE_REFUSAL_MESSAGES,
  enqueueBind,
  findQueuedTube,
  QUEUE_STATUS_LABELS,
  QUEUE_STORAGE_KEY,
  type EnqueueBindInput,
  type EnqueueResult,
  type QueueEntry,
  type QueueEntryStatus,
} from './queue-store';
export { useOfflineQueue, type OfflineQueueState } from './use-offline-queue';
