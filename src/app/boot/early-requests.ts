import { readConfig } from '@/config/env';
import { paths } from '@/config/paths';
import { firstReportLookup } from '@/features/reports/report-first-lookup';
import { pageCheckReportUrl } from '@/api/sampling/urls';
import { startEarlyPost } from '@/lib/http/early-request';
import { REQUEST_TIMEOUT_MS } from '@/lib/http/messages';
import { getToken } from '@/lib/token';
import { uuidV4 } from '@/lib/uuid';

/*
 * Runs first in index.html's boot script (bundled on its own by vite.config.ts, as a classic script
 * without the app's modules): starts the request the opened page will send first, so it travels while
 * the app's scripts download; the API client adopts it (src/lib/http/early-request.ts).
 *
 * Only the report detail has one. Its content (the result and the doctor's advice) needs
 * PageCheckReport, and it is the page people open cold, from a message's link.
 */
/** The two values it needs, read one by one: `import.meta.env` whole would inline every variable. */
const config = readConfig({
  MODE: import.meta.env.MODE,
  VITE_API_BASE_URL: import.meta.env.VITE_API_BASE_URL,
  VITE_PUBLIC_BASE: import.meta.env.VITE_PUBLIC_BASE,
});
const REPORT_DETAIL_PATHS: readonly string[] = [paths.repoetDetail, paths.checkUserRepoetDetail];

function appPath(pathname: string): string {
  const base = config.publicBase;
  return pathname.indexOf(base) === 0 ? `/${pathname.slice(base.length)}` : pathname;
}

function startEarlyRequests(): void {
  if (!REPORT_DETAIL_PATHS.includes(appPath(location.pathname))) return;
  const id = new URLSearchParams(location.search).get('id');
  if (!id) return;
  // Only now: the first sessionStorage read of a page waits for the browser to load the storage
  // (measured 3 to 50 ms here), which other pages need not pay before their first screen.
  const token = getToken();
  if (!token) return;
  startEarlyPost({
    url: `${config.apiBaseUrl}${pageCheckReportUrl}`,
    body: JSON.stringify(firstReportLookup(id)),
    authorization: token,
    requestId: uuidV4(),
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
}

try {
  startEarlyRequests();
} catch {
  // An early request is only a head start: the page sends its own when it loads.
}
