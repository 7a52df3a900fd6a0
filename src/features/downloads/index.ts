/** Public surface of the downloads feature: reports and announcements start downloads with it. */
export { startDownload } from './start-download';
export { displayFileName, fallbackFileName } from './file-source';
export { reportAction } from './action-words';
