import { downloadAttachment } from '@/api/announcements';
import { downloadCheckReport, pageCheckReport } from '@/api/sampling';
import type { BinaryFile } from '@/lib/http';
import type { FileSource } from '@/lib/file-download';
import { cleanFileName } from '@/lib/http/content-disposition';
import { formatDate, parseDateTime } from '@/lib/date-time';
import type { CallOptions } from '@/types/api';

/** What a person is told when a report's file is not a PDF (a broken or wrong file from the server). */
const DAMAGED_REPORT_MESSAGE = '报告文件已损坏，无法打开。请稍后重试；仍打不开时请联系筛查点。';
/** A PDF starts with this header, within its first 1024 bytes (ISO 32000-1, 7.5.2, as readers accept it). */
const PDF_HEADER = '%PDF-';
const PDF_HEADER_WINDOW = 1024;

function looksLikePdf(data: ArrayBuffer): boolean {
  const head = new Uint8Array(data, 0, Math.min(data.byteLength, PDF_HEADER_WINDOW));
  return String.fromCharCode(...head).includes(PDF_HEADER);
}

/**
 * The fetched file, or an Error with DAMAGED_REPORT_MESSAGE when a report's bytes are not a PDF: such a
 * file is never saved or reported as saved.
 */
export function checkFetchedFile<T extends BinaryFile>(source: FileSource, file: T): T {
  if (source.kind === 'report' && file.data instanceof ArrayBuffer && !looksLikePdf(file.data))
    throw new Error(DAMAGED_REPORT_MESSAGE);
  return file;
}

/** Fetches the file a source names: DownloadCheckReport (arraybuffer) or Attachement/Download (blob). */
export async function fetchFileSource(source: FileSource, options?: CallOptions): Promise<BinaryFile> {
  return checkFetchedFile(
    source,
    source.kind === 'report'
      ? await downloadCheckReport({ reportId: source.id }, options)
      : await downloadAttachment({ attachmentId: source.id }, options),
  );
}

/**
 * The query of /downSuccess and /downErr: `?report=<id>` or `?attachment=<id>`. An id is not personal
 * data; with it a reload, or the same address opened in a system browser (在浏览器打开), can fetch the
 * file again.
 */
export function fileSourceQuery(source: FileSource): Record<string, string> {
  return { [source.kind]: source.id };
}

export function fileSourceFromSearch(search: URLSearchParams): FileSource | null {
  const report = search.get('report');
  if (report) return { kind: 'report', id: report };
  const attachment = search.get('attachment');
  if (attachment) return { kind: 'attachment', id: attachment };
  return null;
}

/**
 * The name used when the server sends none in Content-Disposition: readable, dated with the report's
 * (or announcement's) own date when it is known, never today's, and without the person's name or ID
 * number (a saved file's name shows in the phone's file list and in chats).
 */
export function fallbackFileName(source: FileSource, date?: string): string {
  const parsed = parseDateTime(date);
  const day = parsed ? `-${formatDate(parsed)}` : '';
  return source.kind === 'report' ? `肠道筛查报告${day}.pdf` : `公告附件${day}`;
}

/**
 * The date of report `id` for its file's name, when no page has said it (/downErr opened on its own);
 * undefined when the report cannot be found.
 */
export async function reportDateOf(id: string): Promise<string | undefined> {
  const page = await pageCheckReport({ id, pageIndex: 1, pageSize: 1 }, { silent: true });
  return page.records.find((report) => report.id === id)?.reportedAt;
}

/**
 * A file's name as every page shows it (a list, a button's label, /downErr) and the phone saves it:
 * the server's name made display-safe (cleanFileName: no bidirectional overrides or invisible
 * fillers), else the fallback.
 */
export function displayFileName(name: string | null | undefined, source: FileSource): string {
  return cleanFileName(name ?? '') ?? fallbackFileName(source);
}
