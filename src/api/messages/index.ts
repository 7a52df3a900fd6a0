/** The messages endpoints (spec §7), one file each. */
export * from './get-message-detail';
export * from './page-recipient-message';
export * from './read-system-message';
