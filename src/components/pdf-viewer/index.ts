export { PdfViewer, type PdfViewerProps } from './pdf-viewer';
export { PdfPageImages } from './pdf-page-images';
export { preparePdfJs } from './pdf-loader';
