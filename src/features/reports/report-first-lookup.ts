import type { CheckReportPageQuery } from '@/types/api';

/**
 * How the report detail finds its report (see report-lookup.ts), the part index.html's boot script
 * needs too: it starts the first request before the app has loaded (src/app/boot/early-requests.ts).
 * No imports beyond types, so the boot script bundles it without the API client.
 */
const HINT_KEY = 'report-tube-hints';
export const SCAN_PAGE_SIZE = 50;

function readHints(): Record<string, string> {
  try {
    const raw = sessionStorage.getItem(HINT_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The tube the report list remembered for this report id, if any. */
export function rememberedTube(id: string): string | undefined {
  return readHints()[id];
}

/** The list remembers which tube a report belongs to (a tube code is not personal data). */
export function rememberReportTube(report: { id: string; tubeCode: string }): void {
  try {
    const hints = readHints();
    hints[report.id] = report.tubeCode;
    sessionStorage.setItem(HINT_KEY, JSON.stringify(hints));
  } catch {
    // storage unavailable: the detail page scans instead
  }
}

/** The first PageCheckReport body the detail page sends for this report id. */
export function firstReportLookup(id: string): CheckReportPageQuery {
  const tubeCode = rememberedTube(id);
  return tubeCode ? tubeLookup(tubeCode) : scanPage(1);
}

/** The one small request narrowed to the tube the list remembered. */
export function tubeLookup(tubeCode: string): CheckReportPageQuery {
  return { tubeCode, pageIndex: 1, pageSize: SCAN_PAGE_SIZE };
}

/** One page of the scan through every report the user may see. */
export function scanPage(pageIndex: number): CheckReportPageQuery {
  return { pageIndex, pageSize: SCAN_PAGE_SIZE };
}
