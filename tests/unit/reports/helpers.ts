import { onTestFinished, vi } from 'vitest';
import type { PdfDocumentHandle } from '@/components/pdf-viewer/pdf-loader';
import { clearDownloadState } from '@/lib/file-download';
import { defaultDb } from '@/mocks/db';
import type { CheckReport } from '@/types/api';

/** A pdf.js stand-in for jsdom (no canvas): records what it was asked to draw. */
export interface FakePdf {
  doc: PdfDocumentHandle;
  renders: { pageNumber: number; scale: number }[];
  /** drawPagePicture calls: page and the pixels asked for its shorter side (a portrait page's width). */
  images: { pageNumber: number; pixelWidth: number }[];
  destroy: ReturnType<typeof vi.fn>;
}

export function fakePdf(numPages = 2): FakePdf {
  const renders: FakePdf['renders'] = [];
  const images: FakePdf['images'] = [];
  const destroy = vi.fn(() => Promise.resolve());
  const doc: PdfDocumentHandle = {
    numPages,
    pageSize: () => Promise.resolve({ width: 595, height: 842 }),
    renderPage: (pageNumber, canvas, scale) => {
      renders.push({ pageNumber, scale });
      canvas.dataset.drawnScale = scale.toFixed(3);
      return { promise: Promise.resolve(), cancel: () => {} };
    },
    drawPagePicture: (pageNumber, pixelWidth) => {
      images.push({ pageNumber, pixelWidth });
      const canvas = document.createElement('canvas');
      canvas.width = pixelWidth;
      canvas.height = Math.round((pixelWidth * 842) / 595);
      const picture = {
        src: `data:image/png;base64,cGFnZS0${pageNumber}`,
        width: canvas.width,
        height: canvas.height,
      };
      return Promise.resolve({ canvas, picture: () => Promise.resolve(picture) });
    },
    pageText: (pageNumber) => Promise.resolve(`第${pageNumber}页 检测结果：阴性`),
    destroy,
  };
  return { doc, renders, images, destroy };
}

/** Per-file reset of module state the shared setup does not know about. */
export function resetReportState(): void {
  clearDownloadState();
}

export function seededReport(result: 'positive' | 'negative'): CheckReport {
  const report = defaultDb.state.reports.find((candidate) => candidate.result === result);
  if (!report) throw new Error(`no ${result} report in the demo seed`);
  return report;
}

export function checkUserReport(): CheckReport {
  const user = defaultDb.state.users.find((candidate) => candidate.role === 'check');
  const report = defaultDb.state.reports.find((candidate) => candidate.idCard === user?.idCard);
  if (!report) throw new Error('the demo check user has no report');
  return report;
}

export function pageOf<T>(records: T[]) {
  return { statusCode: 2000, responseData: { records, total: records.length, pageIndex: 1, pageSize: 10 } };
}

/** jsdom has no layout: give elements an offsetParent so antd-mobile's InfiniteScroll measures at all. */
export function enableInfiniteScrollInJsdom(): void {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentElement;
    },
  });
  onTestFinished(() => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'offsetParent', original);
  });
}
