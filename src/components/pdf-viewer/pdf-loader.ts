import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PDF_ASSET_FOLDERS } from '@/config/pdf-assets';
import { blobToDataUrl, type UnreadableFile } from '@/lib/file-download';
import { releaseCanvas } from './release-canvas';
import { UnreadablePdfError } from './unreadable-pdf';
import pdfWorkerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

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

interface DrawnPage {
  /** The page, drawn. Whoever shows it frees it (releaseCanvas) once the picture is shown. */
  canvas: HTMLCanvasElement;
  /** The canvas as a PNG data: URL, the kind of picture WeChat saves or forwards on a long press. */
  picture: () => Promise<PdfPageImage>;
}

interface PdfRenderTask {
  /** Settles when the page is drawn; rejects when cancelled or when drawing fails. */
  promise: Promise<void>;
  cancel: () => void;
}

/** Where a page's annotations (a doctor's note, a link) go over its canvas, and where a link inside the PDF leads. */
interface PdfAnnotationTarget {
  layer: HTMLDivElement;
  goToPage: (pageNumber: number) => void;
}

export interface PdfDocumentHandle {
  numPages: number;
  pageSize: (pageNumber: number) => Promise<PdfPageSize>;
  /**
   * Draws a page at `scale` CSS pixels per PDF point, sharp on high-density screens; then, once the
   * task has settled, pdf.js's annotation layer into `annotations.layer` (notes that open on a tap,
   * links; the form fields stay drawn on the canvas, not editable).
   */
  renderPage: (
    pageNumber: number,
    canvas: HTMLCanvasElement,
    scale: number,
    annotations?: PdfAnnotationTarget,
  ) => PdfRenderTask;
  /**
   * Draws a page with its shorter side `shortSidePixels` device pixels long (fewer when that would
   * exceed the canvas limit) into a new canvas, to be shown at once; its picture follows (encoding it
   * takes a moment on a slow phone). A landscape page so gets the pixels per point a portrait one does.
   */
  drawPagePicture: (pageNumber: number, shortSidePixels: number) => Promise<DrawnPage>;
  /** The page's text, for screen readers. */
  pageText: (pageNumber: number) => Promise<string>;
  destroy: () => Promise<void>;
}

/**
 * Fetched with pdf.js, before a PDF asks for them: a Chinese PDF with a non-embedded font (STSong-Light,
 * as Java report generators and the demo reports write it) needs both, one after the other, after the
 * worker has parsed it. The other CMaps of pdfjs-dist are fetched when a PDF names one.
 */
const EARLY_CMAPS = ['UniGB-UCS2-H.bcmap', 'Adobe-GB1-UCS2.bcmap'];
/** Canvas backing stores above ~16.7 M pixels fail on iOS; stay well below. */
const MAX_CANVAS_PIXELS = 8_000_000;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type LayerParameters = Parameters<InstanceType<PdfJs['AnnotationLayer']>['render']>[0];
type PdfWorker = InstanceType<PdfJs['PDFWorker']>;
let pdfJsPromise: Promise<{ pdfjs: PdfJs; worker: PdfWorker }> | null = null;

/**
 * Whether this engine runs module workers (pdf.js's worker is one): Chrome 80+, iOS 15+. Reads the
 * option the way the engine would, then stops at the invalid URL, so no worker is ever created here.
 */
function runsModuleWorkers(): boolean {
  let reads = false;
  try {
    new Worker('http://[', {
      get type() {
        reads = true;
        return 'module' as const;
      },
    });
  } catch {
    // the invalid URL, as intended
  }
  return reads;
}

/**
 * pdf.js's worker, started beside pdf.js's own chunk through pdf.js's `port` option: pdf.js starts it
 * only once its chunk has arrived and run, and on a slow network the worker's script (the largest
 * file a PDF needs) was then still arriving when the person tapped 查看报告. (A fetch of the
 * script beforehand does not help: Chromium fetched it again for the worker.) Resolves once the worker
 * runs (its first message is pdf.js's "ready"), or with null where module workers are missing or the
 * script failed: then pdf.js starts its own, with its fallback of running on the page.
 */
function startWorker(): Promise<Worker | null> {
  if (typeof Worker === 'undefined' || !runsModuleWorkers()) return Promise.resolve(null);
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL(pdfWorkerUrl, document.baseURI), { type: 'module' });
    } catch {
      // e.g. the assets served from another origin (a CDN): pdf.js has a way round that for its own
      resolve(null);
      return;
    }
    // Both listeners go at the first answer: an error event later (an exception inside the running
    // worker) is pdf.js's to handle, not a reason to stop a worker that pdf.js is using.
    const settle = (running: boolean) => {
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      if (!running) worker.terminate();
      resolve(running ? worker : null);
    };
    const onMessage = () => settle(true);
    const onError = () => settle(false);
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
  });
}

/**
 * pdf.js and one worker that every document of the page load shares. The worker is pdf.js's legacy
 * build as a hashed asset (not bundled into a chunk; the modern build needs APIs older WeChat webviews
 * lack, mozilla/pdf.js#18446), compiled on its own thread before the first PDF needs it.
 * Settles once pdf.js has run and the worker is running.
 */
function loadPdfJs(): Promise<{ pdfjs: PdfJs; worker: PdfWorker }> {
  if (!pdfJsPromise) {
    pdfJsPromise = Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), earlyWorker()]).then(
      ([pdfjs, port]) => {
        pdfjs.GlobalWorkerOptions.workerSrc = pdfWorkerUrl;
        return { pdfjs, worker: port ? pdfjs.PDFWorker.create({ port }) : new pdfjs.PDFWorker() };
      },
      (error: unknown) => {
        pdfJsPromise = null; // a failed chunk load may succeed on retry; the running worker waits for it
        throw error;
      },
    );
  }
  return pdfJsPromise;
}

let workerPromise: Promise<Worker | null> | null = null;

/**
 * startWorker's worker, once per page load. One that failed to start is not tried again: pdf.js then
 * starts its own, with its fallback of running on the page.
 */
function earlyWorker(): Promise<Worker | null> {
  workerPromise ??= startWorker();
  return workerPromise;
}

/**
 * Starts pdf.js's worker alone: its script (most of what a PDF needs) downloads and compiles
 * off the main thread, so a page can start it while its own data is still on the way without making
 * the page slower to use. pdf.js's chunk, which runs on the main thread, comes with preparePdfJs.
 */
export function startPdfWorker(): void {
  void earlyWorker();
}

/**
 * Starts loading pdf.js, its worker and then the CMaps; settles (never rejects) once the worker runs.
 * Pages that show a PDF call it while the person reads them (when the browser is idle) and again on
 * the tap that opens the PDF, so that the first page is drawn soon after the PDF's own bytes arrive.
 * Pages that never show a PDF never load any of it.
 */
export function preparePdfJs(): Promise<void> {
  // The CMaps once the worker is running: on a slow network they would share the bandwidth with the
  // worker's script, which is needed first and was still arriving at the tap.
  return loadPdfJs()
    .then(({ worker }) => worker.promise)
    .then(() =>
      EARLY_CMAPS.forEach((name) => void fetchAsset(PDF_ASSET_FOLDERS.cMaps.to, name).catch(() => undefined)),
    )
    .catch(() => undefined); // openPdfDocument tries again and reports the failure
}

function assetUrl(path: string): string {
  return new URL(`${import.meta.env.BASE_URL}${path}`, document.baseURI).href;
}

const fetched = new Map<string, Promise<Uint8Array>>();

/** A data file's bytes, fetched once per page load (a failed fetch is tried again on the next call). */
function fetchAsset(folder: string, filename: string): Promise<Uint8Array> {
  const path = `${folder}${filename}`;
  let bytes = fetched.get(path);
  if (!bytes) {
    bytes = fetch(assetUrl(path)).then(async (response) => {
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    });
    bytes.catch(() => fetched.delete(path));
    fetched.set(path, bytes);
  }
  return bytes;
}

/** The data files pdf.js asks for by kind (getDocument's `cMapUrl`, `wasmUrl`), in the folders the app serves. */
const FOLDER_OF_KIND: Record<string, string> = {
  cMapUrl: PDF_ASSET_FOLDERS.cMaps.to,
  wasmUrl: PDF_ASSET_FOLDERS.wasm.to,
};

/**
 * getDocument's `BinaryDataFactory`: pdf.js's worker asks the page for the CMaps and wasm decoders a PDF
 * needs, and the page fetches them from the app's own origin (the CMaps that preparePdfJs fetched early
 * are there already). Standard fonts are not shipped: pdf.js draws those with the phone's own fonts.
 */
class ShippedData {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const folder = FOLDER_OF_KIND[kind];
    if (!folder) throw new Error(`pdf.js asked for ${kind} data, which this app does not ship`);
    return (await fetchAsset(folder, filename)).slice(); // a copy: the cached bytes stay usable
  }
}

class RenderCancelledError extends Error {
  constructor() {
    super('rendering cancelled');
    this.name = 'RenderingCancelledException';
  }
}

async function canvasPicture(canvas: HTMLCanvasElement): Promise<PdfPageImage> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('页面图片生成失败');
  return { src: await blobToDataUrl(blob), width: canvas.width, height: canvas.height };
}

/**
 * The link service pdf.js's annotation layer calls (its web/interfaces.js IPDFLinkService, of which the
 * layer uses these members): a web link opens in a new window, once the viewer's click handler has
 * asked (confirmExternalLink); a link to a page of the PDF scrolls there; named actions and optional
 * content do nothing.
 */
function linkService(doc: PDFDocumentProxy, goToPage: (pageNumber: number) => void) {
  return {
    externalLinkEnabled: true,
    addLinkAttributes(link: HTMLAnchorElement, url: string) {
      link.href = url;
      link.title = url;
      link.target = '_blank';
      link.rel = 'noopener noreferrer nofollow';
    },
    getDestinationHash: () => '#',
    getAnchorUrl: () => '#',
    async goToDestination(destination: string | unknown[]) {
      const explicit: unknown[] | null =
        typeof destination === 'string' ? await doc.getDestination(destination) : destination;
      const target = explicit?.[0];
      if (typeof target === 'number') goToPage(target + 1);
      else if (target && typeof target === 'object')
        goToPage((await doc.getPageIndex(target as Parameters<PDFDocumentProxy['getPageIndex']>[0])) + 1);
    },
    goToPage,
    executeNamedAction: () => undefined,
    executeSetOCGState: () => undefined,
  };
}

/** pdf.js's annotation layer of a drawn page: notes (their text opens on a tap) and links; forms stay on the canvas. */
async function drawAnnotations(
  pdfjs: PdfJs,
  doc: PDFDocumentProxy,
  page: PDFPageProxy,
  scale: number,
  { layer, goToPage }: PdfAnnotationTarget,
): Promise<void> {
  const annotations = await page.getAnnotations({ intent: 'display' });
  layer.replaceChildren();
  if (annotations.length === 0) return;
  // The page's scale, and the rounding of the layer's size pdf.js's viewer stylesheet would set.
  layer.style.setProperty('--total-scale-factor', String(scale * page.userUnit));
  layer.style.setProperty('--scale-round-x', '1px');
  layer.style.setProperty('--scale-round-y', '1px');
  const viewport = page.getViewport({ scale }).clone({ dontFlip: true });
  // Ours has what the layer calls of pdf.js's viewer link service, not the rest of that class.
  const links = linkService(doc, goToPage) as unknown as LayerParameters['linkService'];
  const parameters = { div: layer, page, viewport, linkService: links };
  await new pdfjs.AnnotationLayer({
    ...parameters,
    accessibilityManager: null,
    annotationCanvasMap: null,
    annotationEditorUIManager: null,
    structTreeLayer: null,
    commentManager: null,
    annotationStorage: null,
  }).render({
    ...parameters,
    annotations,
    imageResourcesPath: assetUrl(PDF_ASSET_FOLDERS.images.to),
    renderForms: false,
    enableScripting: false,
  });
}

function wrap(pdfjs: PdfJs, doc: PDFDocumentProxy): PdfDocumentHandle {
  return {
    numPages: doc.numPages,
    async pageSize(pageNumber) {
      const page = await doc.getPage(pageNumber);
      const viewport = page.getViewport({ scale: 1 });
      return { width: viewport.width, height: viewport.height };
    },
    renderPage(pageNumber, canvas, scale, annotations) {
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
        // After the page counts as drawn: the notes and links follow it, and do not delay it.
        if (annotations && !cancelled)
          drawAnnotations(pdfjs, doc, page, scale, annotations).catch((error: unknown) =>
            console.warn('报告中的批注和链接未能显示', error),
          );
      })();
      return {
        promise,
        cancel: () => {
          cancelled = true;
          inner?.cancel();
        },
      };
    },
    async drawPagePicture(pageNumber, shortSidePixels) {
      const page = await doc.getPage(pageNumber);
      const unscaled = page.getViewport({ scale: 1 });
      const wanted = shortSidePixels / Math.min(unscaled.width, unscaled.height);
      const limit = Math.sqrt(MAX_CANVAS_PIXELS / Math.max(unscaled.width * unscaled.height, 1));
      const viewport = page.getViewport({ scale: Math.min(wanted, limit) });
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      try {
        await page.render({ canvas, viewport }).promise;
      } catch (error) {
        releaseCanvas(canvas);
        throw error;
      } finally {
        page.cleanup();
      }
      return { canvas, picture: () => canvasPicture(canvas) };
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
  const { pdfjs, worker } = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(data.slice(0)),
    worker,
    cMapUrl: assetUrl(PDF_ASSET_FOLDERS.cMaps.to),
    cMapPacked: true,
    // The decoders of JPEG 2000, JBIG2 and CCITT scans, and JPEG 2000's JS fallback, which pdf.js's
    // worker imports from here itself where wasm is refused.
    wasmUrl: assetUrl(PDF_ASSET_FOLDERS.wasm.to),
    BinaryDataFactory: ShippedData,
    // The CSP has no 'unsafe-eval'; pdf.js would otherwise probe `new Function` and log a violation.
    isEvalSupported: false,
  });
  try {
    return wrap(pdfjs, await task.promise);
  } catch (error) {
    throw readableOpenError(error);
  }
}

/** How wide page 1 is drawn to check that it draws: small, as nobody sees it. */
const CHECK_WIDTH_PIXELS = 120;

/**
 * Whether this file can be read here, as a person would find out: it opens and its page 1 draws.
 * Resolves once it has; rejects with an UnreadablePdfError (or why pdf.js did not load).
 */
export async function checkFirstPage(data: ArrayBuffer): Promise<void> {
  const doc = await openPdfDocument(data);
  try {
    if (doc.numPages === 0) throw new UnreadablePdfError('damaged');
    releaseCanvas((await doc.drawPagePicture(1, CHECK_WIDTH_PIXELS)).canvas);
  } finally {
    void doc.destroy();
  }
}

/** pdf.js's reasons for not opening a document (its exception names), whose messages are English. */
const PROBLEM_OF_ERROR: Record<string, UnreadableFile> = {
  PasswordException: 'locked',
  InvalidPDFException: 'damaged',
  FormatError: 'damaged',
};

function readableOpenError(error: unknown): unknown {
  const problem = error instanceof Error ? PROBLEM_OF_ERROR[error.name] : undefined;
  return problem ? new UnreadablePdfError(problem) : error;
}
