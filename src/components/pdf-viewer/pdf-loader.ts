import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { blobToDataUrl } from '@/lib/file-download';
import { prefetchPdfWorker, pdfWorkerUrl } from './pdf-worker';

/**
 * The only module that touches pdf.js and canvas drawing (tests replace it with vi.mock: jsdom has no
 * canvas). pdf.js is loaded with a dynamic import on first use, so it lands in its own chunk and never
 * in a page chunk.
 */

/** A page's size at scale 1, in CSS pixels (PDF points). */
export interface PdfPageSize {
  width: number;
  height: number;
}

export interface PdfPageImage {
  /** data:image/png;base64,… */
  src: string;
  /** Pixels of the picture. */
  width: number;
  height: number;
}

interface PdfRenderTask {
  /** Settles when the page is drawn; rejects when cancelled or when drawing fails. */
  promise: Promise<void>;
  cancel: () => void;
}

export interface PdfDocumentHandle {
  numPages: number;
  pageSize: (pageNumber: number) => Promise<PdfPageSize>;
  /** Draws a page at `scale` CSS pixels per PDF point, sharp on high-density screens. */
  renderPage: (pageNumber: number, canvas: HTMLCanvasElement, scale: number) => PdfRenderTask;
  /**
   * Draws a page `pixelWidth` device pixels wide (fewer when that would exceed the canvas limit) and
   * returns it as a PNG data: URL, the kind of picture WeChat saves or forwards on a long press.
   */
  renderPageImage: (pageNumber: number, pixelWidth: number) => Promise<PdfPageImage>;
  /** The page's text, for screen readers. */
  pageText: (pageNumber: number) => Promise<string>;
  destroy: () => Promise<void>;
}

/** The Adobe CMaps this app ships (public/pdfjs/cmaps): the demo reports use STSong-Light with UniGB-UCS2-H. */
const CMAP_PATH = 'pdfjs/cmaps/';
/** Canvas backing stores above ~16.7 M pixels fail on iOS; stay well below. */
const MAX_CANVAS_PIXELS = 8_000_000;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfJsPromise: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  pdfJsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs').then(
    (pdfjs) => {
      pdfjs.GlobalWorkerOptions.workerSrc = pdfWorkerUrl;
      return pdfjs;
    },
    (error: unknown) => {
      pdfJsPromise = null; // a failed chunk load may succeed on retry
      throw error;
    },
  );
  return pdfJsPromise;
}

/**
 * Starts loading pdf.js and its worker without waiting for them: called when the user asks to see a
 * PDF, so that both download while the PDF itself does. Nothing of pdf.js loads before that moment.
 */
export function preparePdfJs(): void {
  prefetchPdfWorker();
  void loadPdfJs().catch(() => undefined); // openPdfDocument tries again and reports the failure
}

function assetUrl(path: string): string {
  return new URL(`${import.meta.env.BASE_URL}${path}`, document.baseURI).href;
}

class RenderCancelledError extends Error {
  constructor() {
    super('rendering cancelled');
    this.name = 'RenderingCancelledException';
  }
}

function wrap(doc: PDFDocumentProxy): PdfDocumentHandle {
  return {
    numPages: doc.numPages,
    async pageSize(pageNumber) {
      const page = await doc.getPage(pageNumber);
      const viewport = page.getViewport({ scale: 1 });
      return { width: viewport.width, height: viewport.height };
    },
    renderPage(pageNumber, canvas, scale) {
      let cancelled = false;
      let inner: RenderTask | null = null;
      const promise = (async () => {
        const page = await doc.getPage(pageNumber);
        if (cancelled) throw new RenderCancelledError();
        const viewport = page.getViewport({ scale });
        const area = viewport.width * viewport.height;
        const density = Math.min(
          window.devicePixelRatio || 1,
          3,
          Math.sqrt(MAX_CANVAS_PIXELS / Math.max(area, 1)),
        );
        canvas.width = Math.floor(viewport.width * density);
        canvas.height = Math.floor(viewport.height * density);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        inner = page.render({
          canvas,
          viewport,
          transform: density === 1 ? undefined : [density, 0, 0, density, 0, 0],
        });
        await inner.promise;
      })();
      return {
        promise,
        cancel: () => {
          cancelled = true;
          inner?.cancel();
        },
      };
    },
    async renderPageImage(pageNumber, pixelWidth) {
      const page = await doc.getPage(pageNumber);
      const unscaled = page.getViewport({ scale: 1 });
      const wanted = pixelWidth / unscaled.width;
      const limit = Math.sqrt(MAX_CANVAS_PIXELS / Math.max(unscaled.width * unscaled.height, 1));
      const viewport = page.getViewport({ scale: Math.min(wanted, limit) });
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      try {
        await page.render({ canvas, viewport }).promise;
        const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
        if (!blob) throw new Error('页面图片生成失败');
        return { src: await blobToDataUrl(blob), width: canvas.width, height: canvas.height };
      } finally {
        // Frees the backing store at once; iOS counts canvas memory until garbage collection otherwise.
        canvas.width = 0;
        canvas.height = 0;
        page.cleanup();
      }
    },
    async pageText(pageNumber) {
      const page = await doc.getPage(pageNumber);
      const content = await page.getTextContent();
      return content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('')
        .trim();
    },
    destroy: () => doc.destroy(),
  };
}

/** Opens a PDF from its bytes. The bytes are copied: pdf.js hands what it gets to its worker (detaching it). */
export async function openPdfDocument(data: ArrayBuffer): Promise<PdfDocumentHandle> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(data.slice(0)),
    cMapUrl: assetUrl(CMAP_PATH),
    cMapPacked: true,
    // The CSP has no 'unsafe-eval'; pdf.js would otherwise probe `new Function` and log a violation.
    isEvalSupported: false,
    useWasm: false,
  });
  return wrap(await task.promise);
}
