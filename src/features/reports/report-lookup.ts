import { pageCheckReport } from '@/features/sampling/api';
import type { CallOptions, CheckReport } from '@/types/api';

/**
 * One report by id. The contract has no report-detail endpoint (spec §7 lists PageCheckReport and
 * DownloadCheckReport only), so the detail page finds the report in PageCheckReport: first narrowed by
 * the tube code the list remembered for that id (one small request), otherwise page by page through
 * what the user may see (e.g. a report opened from a message notice).
 */
const HINT_KEY = 'report-tube-hints';
const SCAN_PAGE_SIZE = 50;
/** Stop scanning after this many reports; beyond that the report is treated as not found. */
const SCAN_LIMIT = 2000;

export class ReportNotFoundError extends Error {
  constructor() {
    super('未找到该检测报告，可能已被删除或您无权查看');
    this.name = 'ReportNotFoundError';
  }
}

function readHints(): Record<string, string> {
  try {
    const raw = sessionStorage.getItem(HINT_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The list remembers which tube a report belongs to (a tube code is not personal data). */
export function rememberReportTube(report: Pick<CheckReport, 'id' | 'tubeCode'>): void {
  try {
    const hints = readHints();
    hints[report.id] = report.tubeCode;
    sessionStorage.setItem(HINT_KEY, JSON.stringify(hints));
  } catch {
    // storage unavailable: the detail page scans instead
  }
}

export async function fetchCheckReport(id: string, options?: CallOptions): Promise<CheckReport> {
  const tubeCode = readHints()[id];
  if (tubeCode) {
    const page = await pageCheckReport({ tubeCode, pageIndex: 1, pageSize: SCAN_PAGE_SIZE }, options);
    const found = page.records.find((report) => report.id === id);
    if (found) return found;
  }
  for (let pageIndex = 1; (pageIndex - 1) * SCAN_PAGE_SIZE < SCAN_LIMIT; pageIndex += 1) {
    const page = await pageCheckReport({ pageIndex, pageSize: SCAN_PAGE_SIZE }, options);
    const found = page.records.find((report) => report.id === id);
    if (found) return found;
    if (page.records.length === 0 || pageIndex * SCAN_PAGE_SIZE >= page.total) break;
  }
  throw new ReportNotFoundError();
}
