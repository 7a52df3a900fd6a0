export { PdfViewer, type PdfViewerProps } from './pdf-viewer';
export { preparePdfJs } from './pdf-loader';
