import { searchRegistrations } from '@/api/registration/search-registrations';
import { pageCheckReport } from '@/api/sampling/page-check-report';
import { pageResponse } from '@/api/questionnaires/page-response';
import type { CheckReport, QuestionnaireResponse, Registration } from '@/types/api';

export interface CheckOverview {
  /** The registrations this user may see: their own and the ones they entered (e.g. family), newest first. */
  registrations: Registration[];
  /** Their reports, newest first (check users only ever get their own). */
  reports: CheckReport[];
  /** Questionnaire answers they started and did not submit. */
  draftResponses: QuestionnaireResponse[];
}

/** Everything the check-user home shows, in one load; the page shows a failure itself (silent calls). */
export async function loadCheckOverview(): Promise<CheckOverview> {
  const [registrations, reports, drafts] = await Promise.all([
    searchRegistrations({ pageIndex: 1, pageSize: 20 }, { silent: true }),
    pageCheckReport({ pageIndex: 1, pageSize: 20, mine: true }, { silent: true }),
    pageResponse({ pageIndex: 1, pageSize: 10, status: 'draft' }, { silent: true }),
  ]);
  return { registrations: registrations.records, reports: reports.records, draftResponses: drafts.records };
}
