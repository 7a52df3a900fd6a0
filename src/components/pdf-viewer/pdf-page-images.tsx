import { useEffect, useRef, useState } from 'react';
import { ErrorState, InlineLoading } from '@/components/async-view';
import { yieldToMain } from '@/lib/yield-to-main';
import { openPdfDocument, type PdfPageImage } from './pdf-loader';
import styles from './pdf-viewer.module.css';

export interface PdfPageImagesProps {
  /** The PDF bytes; left untouched. */
  data: ArrayBuffer;
  /** What the pictures show, e.g. the file name; part of each picture's text alternative. */
  label: string;
}

/** Width used before the frame is measured (and in jsdom, which has no layout). */
const FALLBACK_WIDTH = 343;
/** Pictures are at least twice the width they are shown at, so the text stays sharp when zoomed. */
const MIN_DENSITY = 2;

interface Progress {
  source: ArrayBuffer;
  attempt: number;
  numPages?: number;
  /** Page 1's height / width, for the placeholders of pages still being drawn. */
  aspect?: number;
  images: PdfPageImage[];
  error?: unknown;
}

/**
 * Every page of a PDF as a picture (`<img>` with a PNG data: URL), the way WeChat users keep things:
 * a long press saves a picture to the phone or sends it to a friend, which WeChat does not allow for a
 * file. Pages are drawn one after another, yielding between them, so the first shows at once and the
 * page stays scrollable while the rest are drawn.
 */
export function PdfPageImages({ data, label }: PdfPageImagesProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [progress, setProgress] = useState<Progress | null>(null);

  useEffect(() => {
    let active = true;
    let destroy: (() => Promise<void>) | null = null;
    const update = (next: Omit<Progress, 'source' | 'attempt'>) => {
      if (active) setProgress({ ...next, source: data, attempt });
    };
    void (async () => {
      const images: PdfPageImage[] = [];
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
        update({ numPages, aspect, images: [] });
        const cssWidth = frameRef.current?.clientWidth || FALLBACK_WIDTH;
        const density = Math.max(MIN_DENSITY, window.devicePixelRatio || 1);
        for (let pageNumber = 1; pageNumber <= numPages && active; pageNumber += 1) {
          images.push(await doc.renderPageImage(pageNumber, Math.round(cssWidth * density)));
          update({ numPages, aspect, images: [...images] });
          await yieldToMain();
        }
      } catch (error) {
        update({ numPages, aspect, images: [...images], error });
      }
    })();
    return () => {
      active = false;
      void destroy?.();
    };
  }, [data, attempt]);

  const current = progress && progress.source === data && progress.attempt === attempt ? progress : null;
  const numPages = current?.numPages;
  const images = current?.images ?? [];
  const drawing = numPages !== undefined && images.length < numPages && !current?.error;

  return (
    <div className={styles.images} ref={frameRef} aria-busy={drawing || numPages === undefined}>
      {numPages === undefined && !current?.error && <InlineLoading label="正在打开文件" />}
      {numPages === 0 && <p className={styles.imagesNote}>文件没有内容</p>}
      {images.map((image, index) => (
        <figure key={index} className={styles.figure}>
          <img
            className={styles.image}
            src={image.src}
            width={image.width}
            height={image.height}
            alt={`${label} 第 ${index + 1} 页`}
          />
          <figcaption className={styles.caption}>
            第 {index + 1} / {numPages} 页
          </figcaption>
        </figure>
      ))}
      {drawing && (
        <div
          className={styles.imagePlaceholder}
          style={{ aspectRatio: current?.aspect ? `1 / ${current.aspect}` : undefined }}
        >
          <InlineLoading label={`正在生成第 ${images.length + 1} / ${numPages} 页`} />
        </div>
      )}
      {current?.error !== undefined && (
        <ErrorState
          title={numPages ? `第 ${images.length + 1} 页生成失败` : '文件打开失败'}
          error={current.error}
          onRetry={() => setAttempt((value) => value + 1)}
        />
      )}
    </div>
  );
}
