/** Public surface of the messages feature for other features (the home pages' unread badges). */
export { markRead, refreshUnreadCounts, useUnreadCounts, type UnreadCounts, type UnreadSnapshot } from './unread-store';
