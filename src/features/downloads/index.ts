/** Public surface of the downloads feature: reports and announcements start downloads with it. */
export { startDownload } from './start-download';
export { fallbackFileName } from './file-source';
