import { downloadAttachment } from '@/api/announcements';
import { downloadCheckReport } from '@/api/sampling';
import type { BinaryFile } from '@/lib/http';
import type { FileSource } from '@/lib/file-download';
import { cleanFileName } from '@/lib/http/content-disposition';
import { formatDate, parseDateTime } from '@/lib/date-time';
import type { CallOptions } from '@/types/api';

/** Fetches the file a source names: DownloadCheckReport (arraybuffer) or Attachement/Download (blob). */
export function fetchFileSource(source: FileSource, options?: CallOptions): Promise<BinaryFile> {
  return source.kind === 'report'
    ? downloadCheckReport({ reportId: source.id }, options)
    : downloadAttachment({ attachmentId: source.id }, options);
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
 * The name used when the server sends none in Content-Disposition: readable, dated, and without the
 * person's name or ID number (a saved file's name shows in the phone's file list and in chats).
 */
export function fallbackFileName(source: FileSource, date?: string): string {
  const day = formatDate(parseDateTime(date) ?? new Date());
  return source.kind === 'report' ? `肠道筛查报告-${day}.pdf` : `公告附件-${day}`;
}

/**
 * A file's name as every page shows it (a list, a button's label, /downErr) and the phone saves it:
 * the server's name made display-safe (cleanFileName: no bidirectional overrides or invisible
 * fillers), else the fallback.
 */
export function displayFileName(name: string | null | undefined, source: FileSource): string {
  return cleanFileName(name ?? '') ?? fallbackFileName(source);
}
