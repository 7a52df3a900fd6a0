import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ErrorState, InlineLoading } from '@/components/async-view';
import { useLatest } from '@/lib/use-latest';
import { yieldToMain } from '@/lib/yield-to-main';
import { openPdfDocument, type PdfPageImage } from './pdf-loader';
import { UnreadablePdfError } from './unreadable-pdf';
import { releaseCanvas } from './release-canvas';
import styles from './pdf-viewer.module.css';

export interface PdfPageImagesProps {
  /** The PDF bytes; left untouched. */
  data: ArrayBuffer;
  /** What the pictures show, e.g. the file name; part of each picture's text alternative. */
  label: string;
  /** Page 1 is drawn: what the page around may call a success. */
  onFirstPage?: () => void;
  /** The file could not be opened, or page 1 not drawn (then no picture is shown, nor 重试 offered). */
  onUnreadable?: (error: unknown) => void;
}

/** Width used before the frame is measured (and in jsdom, which has no layout). */
const FALLBACK_WIDTH = 343;
/**
 * A portrait page's picture is at least twice the width it is shown at, so the text stays sharp when
 * zoomed; a landscape page's is as many pixels high, so its text is as large as a portrait page's.
 */
const MIN_DENSITY = 2;

/** A page drawn: its canvas at once, its picture once encoded. */
interface PageDrawn {
  canvas: HTMLCanvasElement;
  image?: PdfPageImage;
}

interface Progress {
  source: ArrayBuffer;
  attempt: number;
  numPages?: number;
  /** Page 1's height / width, for the placeholders of pages still being drawn. */
  aspect?: number;
  pages: PageDrawn[];
  error?: unknown;
}

/**
 * A drawn canvas in the page (React cannot render a given element), freed when it goes. Once the page's
 * picture is there, hidden from screen readers: the picture is the page then.
 */
function DrawnCanvas({
  canvas,
  label,
  replaced,
}: {
  canvas: HTMLCanvasElement;
  label: string;
  replaced: boolean;
}) {
  const slot = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    slot.current?.append(canvas);
    return () => {
      canvas.remove();
      // Freed once it stays out: StrictMode (development) runs this cleanup and puts it back at once.
      void Promise.resolve().then(() => {
        if (!canvas.isConnected) releaseCanvas(canvas);
      });
    };
  }, [canvas]);
  return replaced ? (
    <span ref={slot} className={styles.drawn} aria-hidden="true" />
  ) : (
    <span ref={slot} className={styles.drawn} role="img" aria-label={label} />
  );
}

/**
 * One page: the drawn canvas until its picture (what a long press saves) has loaded, then the picture.
 * The picture loads unseen on top of the canvas and takes its place in one commit, so nothing flickers
 * (older engines give a picture still loading no height, so the canvas keeps the space).
 */
function PagePicture({ page, label }: { page: PageDrawn; label: string }) {
  const [loaded, setLoaded] = useState(false);
  const { canvas, image } = page;
  return (
    <span className={styles.picture}>
      {!loaded && <DrawnCanvas canvas={canvas} label={label} replaced={!!image} />}
      {image && (
        <img
          className={loaded ? styles.image : `${styles.image} ${styles.loading}`}
          src={image.src}
          width={image.width}
          height={image.height}
          alt={label}
          onLoad={() => setLoaded(true)}
        />
      )}
    </span>
  );
}

/**
 * Every page of a PDF as a picture (`<img>` with a PNG data: URL), the way WeChat users keep things:
 * a long press saves a picture to the phone or sends it to a friend, which WeChat does not allow for a
 * file. Pages are drawn one after another, yielding between them, so the first shows at once and the
 * page stays scrollable while the rest are drawn. A page is shown as soon as it is drawn, before its
 * picture is encoded (on the bench's slow phone, a sizeable part of page 1's budget).
 */
export function PdfPageImages({ data, label, onFirstPage, onUnreadable }: PdfPageImagesProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const callbacks = useLatest({ onFirstPage, onUnreadable });
  const [attempt, setAttempt] = useState(0);
  const [progress, setProgress] = useState<Progress | null>(null);

  useEffect(() => {
    let active = true;
    let destroy: (() => Promise<void>) | null = null;
    const update = (next: Omit<Progress, 'source' | 'attempt'>) => {
      if (active) setProgress({ ...next, source: data, attempt });
    };
    void (async () => {
      const pages: PageDrawn[] = [];
      let numPages: number | undefined;
      let aspect: number | undefined;
      try {
        const doc = await openPdfDocument(data);
        destroy = doc.destroy;
        if (!active) return;
        numPages = doc.numPages;
        if (numPages > 0) {
          const size = await doc.pageSize(1);
          aspect = size.height / size.width;
        }
        update({ numPages, aspect, pages: [] });
        if (numPages === 0) callbacks.current.onUnreadable?.(new UnreadablePdfError('damaged'));
        const cssWidth = frameRef.current?.clientWidth || FALLBACK_WIDTH;
        const density = Math.max(MIN_DENSITY, window.devicePixelRatio || 1);
        for (let pageNumber = 1; pageNumber <= numPages && active; pageNumber += 1) {
          const drawn = await doc.drawPagePicture(pageNumber, Math.round(cssWidth * density));
          if (!active) {
            releaseCanvas(drawn.canvas);
            break;
          }
          pages.push({ canvas: drawn.canvas });
          update({ numPages, aspect, pages: [...pages] });
          if (pageNumber === 1) callbacks.current.onFirstPage?.();
          pages[pages.length - 1] = { canvas: drawn.canvas, image: await drawn.picture() };
          update({ numPages, aspect, pages: [...pages] });
          await yieldToMain();
        }
      } catch (error) {
        // A page without its picture is not offered: a long press would not save it.
        update({ numPages, aspect, pages: pages.filter((page) => page.image), error });
        if (active && pages.length === 0) callbacks.current.onUnreadable?.(error);
      }
    })();
    return () => {
      active = false;
      void destroy?.();
    };
  }, [data, attempt, callbacks]);

  const current = progress && progress.source === data && progress.attempt === attempt ? progress : null;
  const numPages = current?.numPages;
  const pages = current?.pages ?? [];
  const pictures = pages.filter((page) => page.image).length;
  const drawing = numPages !== undefined && pictures < numPages && !current?.error;

  return (
    <div className={styles.images} ref={frameRef} aria-busy={drawing || numPages === undefined}>
      {numPages === undefined && !current?.error && <InlineLoading label="正在打开文件" />}
      {numPages === 0 && <p className={styles.imagesNote}>文件没有内容</p>}
      {pages.map((page, index) => (
        <figure key={index} className={styles.figure}>
          <PagePicture page={page} label={`${label} 第 ${index + 1} 页`} />
          <figcaption className={styles.caption}>
            第 {index + 1} / {numPages} 页
          </figcaption>
        </figure>
      ))}
      {drawing && pages.length === pictures && (
        <div
          className={styles.imagePlaceholder}
          style={{ aspectRatio: current?.aspect ? `1 / ${current.aspect}` : undefined }}
        >
          <InlineLoading label={`正在生成第 ${pages.length + 1} / ${numPages} 页`} />
        </div>
      )}
      {current?.error !== undefined && (
        <ErrorState
          title={numPages ? `第 ${pictures + 1} 页生成失败` : '文件打开失败'}
          error={current.error}
          onRetry={
            current.error instanceof UnreadablePdfError ? undefined : () => setAttempt((value) => value + 1)
          }
        />
      )}
    </div>
  );
}
