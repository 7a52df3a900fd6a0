import { KEPT_LOCAL_KEYS, OFFLINE_QUEUE_KEY } from '@/config/storage-keys';

/** Storage keys of the offline queue, apart so that the app entry can look without loading the queue. */
export const QUEUE_STORAGE_KEY = OFFLINE_QUEUE_KEY;
export const QUEUE_LOCK_KEY = KEPT_LOCAL_KEYS.queueLock;
