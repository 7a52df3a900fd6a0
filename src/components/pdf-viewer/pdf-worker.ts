import pdfWorkerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

/**
 * pdf.js's worker, as a hashed asset URL (not bundled into any chunk). The legacy build is used because
 * the modern one needs APIs older WeChat webviews lack (Promise.withResolvers and others; mozilla/pdf.js#18446).
 */
export { pdfWorkerUrl };

/**
 * Starts fetching the worker (the largest part of the viewer, about 390 kB) at once, once per page
 * load, so that it downloads alongside pdf.js and the PDF instead of after them.
 */
export function prefetchPdfWorker(): void {
  if (typeof document === 'undefined') return;
  if (document.head.querySelector('link[data-pdf-worker]')) return;
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = pdfWorkerUrl;
  link.dataset.pdfWorker = '';
  document.head.appendChild(link);
}
