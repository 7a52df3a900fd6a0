/** Public surface of the messages feature for other features (the home pages' unread badges). */
export { unreadMessagesQuery, useUnreadCounts } from './unread-messages';
