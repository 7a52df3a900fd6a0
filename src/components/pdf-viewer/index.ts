export { PdfViewer, PDF_ZOOM_LEVELS, type PdfViewerProps } from './pdf-viewer';
export { preparePdfJs } from './pdf-loader';
