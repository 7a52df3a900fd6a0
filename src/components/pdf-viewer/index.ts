export { PdfViewer, PDF_ZOOM_LEVELS, type PdfViewerProps } from './pdf-viewer';
export { prefetchPdfWorker } from './pdf-worker';
