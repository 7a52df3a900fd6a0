import { searchRegistrations } from '@/api/registration/search-registrations';
import { pageCheckReport } from '@/api/sampling/page-check-report';
import { pageResponse } from '@/api/questionnaires/page-response';
import { preloadUnreadCounts } from '@/features/messages';
import { preloadable } from '@/lib/preload';
import type { CheckReport, QuestionnaireResponse, Registration } from '@/types/api';

interface CheckOverview {
  /** The registrations this user may see: their own and the ones they entered (e.g. family), newest first. */
  registrations: Registration[];
  /** Their reports, newest first (check users only ever get their own). */
  reports: CheckReport[];
  /** Questionnaire answers they started and did not submit. */
  draftResponses: QuestionnaireResponse[];
}

/** Everything the check-user home shows, in one load; the page shows a failure itself (silent calls). */
async function loadOverview(): Promise<CheckOverview> {
  const [registrations, reports, drafts] = await Promise.all([
    searchRegistrations({ pageIndex: 1, pageSize: 20 }, { silent: true }),
    pageCheckReport({ pageIndex: 1, pageSize: 20, mine: true }, { silent: true }),
    pageResponse({ pageIndex: 1, pageSize: 10, status: 'draft' }, { silent: true }),
  ]);
  return { registrations: registrations.records, reports: reports.records, draftResponses: drafts.records };
}

const overview = preloadable(loadOverview);

/** The home's load: the one started early (preloadCheckHome), else a new one. */
export const loadCheckOverview = overview.load;

/**
 * Starts every request of the check-user home at once (its overview and the unread counts; the profile
 * is the sign-in's): the route's loader calls it as the page's code loads, and a WeChat sign-in as soon
 * as its token exists.
 */
export function preloadCheckHome(): void {
  overview.start();
  preloadUnreadCounts();
}
