import pdfWorkerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

/**
 * pdf.js's worker, as a hashed asset URL (not bundled into any chunk). The legacy build is used because
 * the modern one needs APIs older WeChat webviews lack (Promise.withResolvers and others; mozilla/pdf.js#18446).
 */
export { pdfWorkerUrl };

/**
 * Fetches the worker (the largest part of the viewer) at low priority once the browser is idle, once
 * per page load, so "查看报告" opens faster. Only the worker is prefetched: pdf.js itself loads on first
 * use. Call it after the page's own data has arrived, so that on a weak network the worker never
 * competes with what the user is waiting for. Returns a function that cancels a prefetch not yet started.
 */
export function prefetchPdfWorker(): () => void {
  if (typeof document === 'undefined') return () => {};
  const start = () => {
    if (document.head.querySelector('link[data-pdf-worker]')) return;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = pdfWorkerUrl;
    link.dataset.pdfWorker = '';
    document.head.appendChild(link);
  };
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(start, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(start, 2000);
  return () => window.clearTimeout(timer);
}
