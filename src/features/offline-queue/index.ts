/**
 * Public surface of the offline bind queue. The app entry imports './install' directly instead (this
 * index brings the home card and antd-mobile with it).
 */
export { OfflineQueueCard } from './components/offline-queue-card';
export { enqueueBind, findQueuedTube } from './queue-store';
export { useOfflineQueue } from './use-offline-queue';
