import { pageCheckReport } from '@/api/sampling';
import type { CallOptions, CheckReport } from '@/types/api';
import { SCAN_PAGE_SIZE, rememberedTube, scanPage, tubeLookup } from './report-first-lookup';

export { rememberReportTube } from './report-first-lookup';

/** Stop scanning after this many reports; beyond that the report is treated as not found. */
const SCAN_LIMIT = 2000;

class ReportNotFoundError extends Error {
  constructor() {
    super('未找到该检测报告，可能已被删除或您无权查看');
    this.name = 'ReportNotFoundError';
  }
}

/**
 * One report by id. The contract has no report-detail endpoint (spec §7 lists PageCheckReport and
 * DownloadCheckReport only), so the detail page finds the report in PageCheckReport: first narrowed by
 * the tube code the list remembered for that id (one small request), otherwise page by page through
 * what the user may see (e.g. a report opened from a message notice).
 */
export async function fetchCheckReport(id: string, options?: CallOptions): Promise<CheckReport> {
  const tubeCode = rememberedTube(id);
  if (tubeCode) {
    const page = await pageCheckReport(tubeLookup(tubeCode), options);
    const found = page.records.find((report) => report.id === id);
    if (found) return found;
  }
  for (let pageIndex = 1; (pageIndex - 1) * SCAN_PAGE_SIZE < SCAN_LIMIT; pageIndex += 1) {
    const page = await pageCheckReport(scanPage(pageIndex), options);
    const found = page.records.find((report) => report.id === id);
    if (found) return found;
    if (page.records.length === 0 || pageIndex * SCAN_PAGE_SIZE >= page.total) break;
  }
  throw new ReportNotFoundError();
}
