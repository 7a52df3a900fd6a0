export { PdfViewer, type PdfViewerProps } from './pdf-viewer';
export { PdfPageImages } from './pdf-page-images';
export { preparePdfJs, startPdfWorker } from './pdf-loader';
