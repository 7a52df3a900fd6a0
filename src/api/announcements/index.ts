/** The announcements endpoints (spec §7), one file each. */
export * from './download-attachment';
export * from './get-announcement-detail';
export * from './page-announcement';
