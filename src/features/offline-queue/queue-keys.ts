/** Storage keys of the offline queue, apart so that the app entry can look without loading the queue. */
export const QUEUE_STORAGE_KEY = 'offline-bind-queue:v1';
export const QUEUE_LOCK_KEY = 'offline-bind-queue:lock';
