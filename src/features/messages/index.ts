/** Public surface of the messages feature for other features (the home pages' unread badges). */
export { preloadUnreadCounts, useUnreadCounts } from './unread-messages';
