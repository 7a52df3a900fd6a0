import { readKeys } from '@/api/read-keys';
import { queryOptions } from '@tanstack/react-query';
import { searchRegistrations } from '@/api/registration/search-registrations';
import { pageCheckReport } from '@/api/sampling/page-check-report';
import { pageResponse } from '@/api/questionnaires/page-response';
import type { CallOptions, CheckReport, QuestionnaireResponse, Registration } from '@/types/api';

interface CheckOverview {
  /** The registrations this user may see: their own and the ones they entered (e.g. family), newest first. */
  registrations: Registration[];
  /** Their reports, newest first (check users only ever get their own). */
  reports: CheckReport[];
  /** Questionnaire answers they started and did not submit. */
  draftResponses: QuestionnaireResponse[];
}

async function loadOverview(call: CallOptions): Promise<CheckOverview> {
  const [registrations, reports, drafts] = await Promise.all([
    searchRegistrations({ pageIndex: 1, pageSize: 20 }, call),
    pageCheckReport({ pageIndex: 1, pageSize: 20, mine: true }, call),
    pageResponse({ pageIndex: 1, pageSize: 10, status: 'draft' }, call),
  ]);
  return { registrations: registrations.records, reports: reports.records, draftResponses: drafts.records };
}

/**
 * Everything the check-user home shows, in one read; the page shows a failure itself. The report search
 * reads it too. Apart from load-check-overview.ts, so that the route's preload imports a module nothing
 * else imports (the entry's import() then takes its exports as they are).
 */
export const checkOverviewQuery = () =>
  queryOptions({
    queryKey: readKeys.checkHome,
    queryFn: ({ signal }) => loadOverview({ signal, silent: true }),
    meta: { silent: true },
  });
