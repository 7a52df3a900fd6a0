/** Public surface of the messages feature for other features (the home pages' unread badges). */
export { useUnreadCounts } from './unread-messages';
