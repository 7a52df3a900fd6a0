export { PdfViewer, type PdfViewerProps } from './pdf-viewer';
export { PdfPageImages } from './pdf-page-images';
export { checkFirstPage, preparePdfJs, startPdfWorker } from './pdf-loader';
export { UnreadablePdfError } from './unreadable-pdf';
