/**
 * Public surface of the offline bind queue: the store and its sender, no UI (the work home shows the
 * queue; the entry form only adds to it). The app entry imports './install' directly instead.
 */
export { flushQueue } from './flush-queue';
export { flushQueueSoon } from './install';
export {
  discardQueueEntry,
  enqueueBind,
  findQueuedTube,
  QUEUE_STATUS_LABELS,
  removeFinishedEntries,
  retryQueueEntry,
  type QueueEntry,
} from './queue-store';
export { useOfflineQueue } from './use-offline-queue';
export { useQueueWaitLine, waitText } from './wait-text';
