import { Button } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { EmptyState, ErrorState, InlineLoading } from '@/components/async-view';
import { confirmExternalLink } from '@/components/external-link';
import { openPdfDocument, type PdfDocumentHandle, type PdfPageSize } from './pdf-loader';
import { UnreadablePdfError } from './unreadable-pdf';
import styles from './pdf-viewer.module.css';

export interface PdfViewerProps {
  /** The PDF bytes; left untouched (the viewer works on a copy). */
  data: ArrayBuffer;
  /** Accessible name of the viewer, e.g. '检测报告 PDF'. */
  label: string;
}

/** Zoom factors relative to "page width fits the screen". */
const PDF_ZOOM_LEVELS = [0.75, 1, 1.25, 1.5, 2, 2.5, 3] as const;
const FIT_ZOOM_INDEX = 1;
/** Width used before the frame is measured (and in jsdom, which has no layout). */
const FALLBACK_WIDTH = 343;
/** Pages start drawing this far before they scroll into view. */
const PRELOAD_MARGIN = '400px 0px';

interface Opened {
  source: ArrayBuffer;
  attempt: number;
  doc?: PdfDocumentHandle;
  firstPage?: PdfPageSize;
  error?: unknown;
}

function isRenderCancelled(error: unknown): boolean {
  return error instanceof Error && error.name === 'RenderingCancelledException';
}

/**
 * An in-page PDF viewer (WeChat on Android cannot show PDFs itself): pdf.js, loaded on first use, draws
 * each page on its own canvas when it comes near the screen, with pdf.js's annotation layer over it (a
 * note opens on a tap; a link to another site opens after 即将离开本应用). Zoom with 放大/缩小, page with
 * 上一页/下一页. A file pdf.js cannot read (locked, damaged) says why, with no 重试: opening the same
 * bytes again cannot help.
 */
export function PdfViewer({ data, label }: PdfViewerProps) {
  const [attempt, setAttempt] = useState(0);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [zoomIndex, setZoomIndex] = useState(FIT_ZOOM_INDEX);
  const [currentPage, setCurrentPage] = useState(1);
  const [fitWidth, setFitWidth] = useState(FALLBACK_WIDTH);
  const frameRef = useRef<HTMLDivElement>(null);
  const pageElements = useRef(new Map<number, HTMLElement>());

  useEffect(() => {
    let active = true;
    let handle: PdfDocumentHandle | null = null;
    openPdfDocument(data)
      .then(async (doc) => {
        handle = doc;
        if (!active) return;
        const firstPage = doc.numPages > 0 ? await doc.pageSize(1) : undefined;
        if (active) setOpened({ source: data, attempt, doc, firstPage });
      })
      .catch((error: unknown) => {
        if (active) setOpened({ source: data, attempt, error });
      });
    return () => {
      active = false;
      void handle?.destroy();
    };
  }, [data, attempt]);

  const measure = useCallback(() => {
    const width = frameRef.current?.clientWidth ?? 0;
    if (width > 0) setFitWidth(width);
  }, []);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    if (typeof ResizeObserver !== 'undefined') {
      const observer = new ResizeObserver(measure);
      observer.observe(frame);
      return () => observer.disconnect();
    }
    const frameId = window.requestAnimationFrame(measure);
    window.addEventListener('resize', measure);
    return () => {
      window.cancelAnimationFrame(frameId);
      window.removeEventListener('resize', measure);
    };
  }, [measure]);

  const current = opened && opened.source === data && opened.attempt === attempt ? opened : null;
  const doc = current?.doc;
  const numPages = doc?.numPages ?? 0;

  // The page whose top has passed the middle of the screen is the one being read.
  useEffect(() => {
    if (!doc) return;
    let frameId = 0;
    const onScroll = () => {
      window.cancelAnimationFrame(frameId);
      frameId = window.requestAnimationFrame(() => {
        let reading = 1;
        for (const [pageNumber, element] of pageElements.current) {
          if (element.getBoundingClientRect().top <= window.innerHeight / 2 && pageNumber > reading)
            reading = pageNumber;
        }
        setCurrentPage(reading);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.cancelAnimationFrame(frameId);
      window.removeEventListener('scroll', onScroll);
    };
  }, [doc]);

  const goToPage = useCallback(
    (pageNumber: number) => {
      const target = Math.min(Math.max(pageNumber, 1), numPages);
      setCurrentPage(target);
      pageElements.current.get(target)?.scrollIntoView({ block: 'start' });
    },
    [numPages],
  );

  const registerPage = useCallback((pageNumber: number, element: HTMLElement | null) => {
    if (element) pageElements.current.set(pageNumber, element);
    else pageElements.current.delete(pageNumber);
  }, []);

  const zoom = PDF_ZOOM_LEVELS[zoomIndex];
  const firstPage = current?.firstPage;
  const scale = firstPage ? (Math.max(fitWidth - 16, 120) / firstPage.width) * zoom : 1;

  let body;
  if (!current) {
    body = <InlineLoading label="正在打开报告" />;
  } else if (current.error || !doc) {
    body = (
      <ErrorState
        title="报告打开失败"
        error={current.error}
        onRetry={
          current.error instanceof UnreadablePdfError ? undefined : () => setAttempt((value) => value + 1)
        }
      />
    );
  } else if (numPages === 0 || !firstPage) {
    body = <EmptyState text="报告没有内容" />;
  } else {
    body = (
      <>
        <div className={styles.toolbar} role="toolbar" aria-label="报告查看工具">
          <div className={styles.group}>
            <Button
              className={styles.tool}
              aria-label="缩小"
              disabled={zoomIndex === 0}
              onClick={() => setZoomIndex((index) => Math.max(index - 1, 0))}
            >
              －
            </Button>
            <span className={styles.status} aria-live="polite">
              <span className="visually-hidden">缩放比例</span>
              {Math.round(zoom * 100)}%
            </span>
            <Button
              className={styles.tool}
              aria-label="放大"
              disabled={zoomIndex === PDF_ZOOM_LEVELS.length - 1}
              onClick={() => setZoomIndex((index) => Math.min(index + 1, PDF_ZOOM_LEVELS.length - 1))}
            >
              ＋
            </Button>
          </div>
          {/* A one-page report has nowhere to go: no page buttons, and the tools fit one row on any phone. */}
          {numPages > 1 && (
            <div className={styles.group}>
              <Button
                className={styles.tool}
                disabled={currentPage <= 1}
                onClick={() => goToPage(currentPage - 1)}
              >
                上一页
              </Button>
              <span className={styles.status}>
                <span className="visually-hidden">当前第</span>
                {currentPage} / {numPages}
                <span className="visually-hidden">页</span>
              </span>
              <Button
                className={styles.tool}
                disabled={currentPage >= numPages}
                onClick={() => goToPage(currentPage + 1)}
              >
                下一页
              </Button>
            </div>
          )}
        </div>
        {/* Focusable so a zoomed page can be scrolled sideways from the keyboard too. */}
        <div className={styles.pages} tabIndex={0} role="group" aria-label="报告页面，放大后可左右滑动">
          {Array.from({ length: numPages }, (_, index) => (
            <PdfPage
              key={index + 1}
              doc={doc}
              pageNumber={index + 1}
              numPages={numPages}
              scale={scale}
              estimate={firstPage}
              register={registerPage}
              goToPage={goToPage}
            />
          ))}
        </div>
      </>
    );
  }

  return (
    <section className={styles.viewer} aria-label={label} ref={frameRef}>
      {body}
    </section>
  );
}

interface PdfPageProps {
  doc: PdfDocumentHandle;
  pageNumber: number;
  numPages: number;
  scale: number;
  /** Page 1's size, used for the placeholder until this page is drawn. */
  estimate: PdfPageSize;
  register: (pageNumber: number, element: HTMLElement | null) => void;
  /** Where a link inside the PDF leads. */
  goToPage: (pageNumber: number) => void;
}

interface Drawn {
  scale: number;
  attempt: number;
  error?: unknown;
}

function PdfPage({ doc, pageNumber, numPages, scale, estimate, register, goToPage }: PdfPageProps) {
  const sheetRef = useRef<HTMLElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [attempt, setAttempt] = useState(0);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const [everDrawn, setEverDrawn] = useState(false);
  const [text, setText] = useState('');

  useEffect(() => {
    register(pageNumber, sheetRef.current);
    return () => register(pageNumber, null);
  }, [pageNumber, register]);

  useEffect(() => {
    const sheet = sheetRef.current;
    if (near || !sheet) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(sheet);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const layer = layerRef.current;
    if (!near || !canvas || !layer) return;
    let active = true;
    const task = doc.renderPage(pageNumber, canvas, scale, { layer, goToPage });
    task.promise.then(
      () => {
        if (!active) return;
        setDrawn({ scale, attempt });
        setEverDrawn(true);
      },
      (error: unknown) => {
        if (active && !isRenderCancelled(error)) setDrawn({ scale, attempt, error });
      },
    );
    return () => {
      active = false;
      task.cancel();
    };
  }, [doc, pageNumber, scale, near, attempt, goToPage]);

  useEffect(() => {
    if (!everDrawn) return;
    let active = true;
    doc.pageText(pageNumber).then(
      (value) => {
        if (active) setText(value);
      },
      () => undefined, // the picture is there; only the spoken text is missing
    );
    return () => {
      active = false;
    };
  }, [doc, pageNumber, everDrawn]);

  const settled = drawn && drawn.scale === scale && drawn.attempt === attempt ? drawn : null;
  const failed = settled?.error !== undefined && settled !== null;
  const placeholder = everDrawn
    ? undefined
    : { width: estimate.width * scale, height: estimate.height * scale };

  return (
    <section
      ref={sheetRef}
      className={styles.sheet}
      style={placeholder}
      aria-label={`第 ${pageNumber} 页，共 ${numPages} 页`}
      aria-busy={!settled}
    >
      <canvas ref={canvasRef} className={styles.canvas} aria-hidden="true" data-page={pageNumber} />
      {/* pdf.js fills it; a tap on a link in it is checked first (the PDF is not ours). */}
      <div ref={layerRef} className={styles.annotations} onClick={confirmExternalLink} />
      {text && <div className="visually-hidden">{text}</div>}
      {near && !settled && !everDrawn && (
        <div className={styles.overlay}>
          <InlineLoading label={`正在显示第 ${pageNumber} 页`} />
        </div>
      )}
      {failed && (
        <div className={styles.overlay}>
          <ErrorState
            title={`第 ${pageNumber} 页显示失败`}
            error={settled.error}
            onRetry={() => setAttempt((value) => value + 1)}
          />
        </div>
      )}
    </section>
  );
}
