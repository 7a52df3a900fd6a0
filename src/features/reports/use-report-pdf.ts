import { useCallback, useEffect, useRef, useState } from 'react';
import { downloadCheckReport } from '@/api/sampling';
import { preparePdfJs, startPdfWorker } from '@/components/pdf-viewer';
import type { BinaryFile } from '@/lib/http';
import { whenIdle } from '@/lib/when-idle';

/**
 * Whether the person asked the browser to save data (Chrome's Data Saver, Android's data saver): then
 * nothing is fetched before they ask for it. Not known in WebKit and older webviews: taken as no.
 */
function savesData(): boolean {
  return (navigator as { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

type PdfFile = BinaryFile<ArrayBuffer>;

export interface ReportPdf {
  /** The PDF of this report (DownloadCheckReport), once fetched. */
  file: PdfFile | undefined;
  /** Why the last fetch failed, while no other is on its way. */
  error: Error | undefined;
  /** Nothing is fetched before the person asks (Save-Data): the page offers to show the PDF. */
  waitsToBeAsked: boolean;
  /** The PDF: the fetch on its way or done, else a new one (重试, 保存报告图片 / 下载报告). */
  get: () => Promise<PdfFile>;
}

/**
 * A report's PDF for its detail page, one request shared by the PDF in the page and the page's action. From the page's first
 * idle moment pdf.js's worker loads (while the report itself is still being asked for); once the
 * report is there, pdf.js at the next idle moment, and once the worker runs, the PDF: a person on this
 * page came to see the report, and on a slow phone the request alone is a large part of the time
 * the PDF takes to appear. The PDF not with Save-Data on. A failed fetch is shown in the page with 重试,
 * and the action that needs the file fetches again.
 */
export function useReportPdf(reportId: string | undefined): ReportPdf {
  // A manual fetch (started at an idle moment or by a tap), not a read of the query client: the bytes
  // belong to this page, and the action that needs them awaits the very request the page shows.
  /** The latest fetch, for one report; `failed` once it has. */
  const latest = useRef<{ id: string; file: Promise<PdfFile>; failed: boolean } | null>(null);
  /** How the latest fetch ended (nothing while it runs). */
  const [settled, setSettled] = useState<{ id: string; file?: PdfFile; error?: Error } | null>(null);
  const current = settled?.id === reportId ? settled : undefined;

  const start = useCallback((id: string): Promise<PdfFile> => {
    const entry = { id, file: downloadCheckReport({ reportId: id }, { silent: true }), failed: false };
    latest.current = entry;
    setSettled(null);
    entry.file.then(
      (file) => {
        if (latest.current === entry) setSettled({ id, file });
      },
      (error: unknown) => {
        entry.failed = true;
        if (latest.current === entry)
          setSettled({ id, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return entry.file;
  }, []);

  // The report call mostly waits for the server, and the worker's script (the largest) is what a slow
  // network delivers last. Only the worker this early: it loads and compiles on a thread of its own,
  // while pdf.js's chunk would run on the main thread just when the report arrives to be shown.
  useEffect(() => whenIdle(startPdfWorker), []);

  useEffect(() => {
    if (!reportId) return undefined;
    let left = false;
    const cancelIdle = whenIdle(() => {
      // The PDF after pdf.js's worker, so that the two do not share the bandwidth.
      void preparePdfJs().then(() => {
        if (left || latest.current?.id === reportId || savesData()) return;
        start(reportId).catch(() => undefined); // the tap that needs it tries again
      });
    });
    return () => {
      left = true;
      cancelIdle();
    };
  }, [reportId, start]);

  return {
    file: current?.file,
    error: current?.error,
    waitsToBeAsked: savesData(),
    get: () => {
      void preparePdfJs(); // at once if the idle time has not come yet
      if (!reportId) return Promise.reject(new Error('报告还没有加载，请稍后再试'));
      const entry = latest.current;
      return entry && entry.id === reportId && !entry.failed ? entry.file : start(reportId);
    },
  };
}
