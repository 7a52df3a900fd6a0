import { useMemo, useSyncExternalStore } from 'react';
import * as v from 'valibot';
import { externalStore } from '@/lib/external-store';
import { formatMaskedIdCard } from '@/lib/id-card';
import { parseStored, readStored, readText, removeStored, writeStored } from '@/lib/storage';
import { removePersisted } from '@/lib/use-persistent-state';
import type { CheckReportPageQuery } from '@/types/api';

/**
 * What the report list shows. The criteria hold personal data (an ID card), so they never go into a
 * URL: the search page writes them to sessionStorage (per tab, gone when the tab closes) and the list
 * reads them from there, which also keeps the list after a reload.
 */
export type ReportCriteria =
  { type: 'idCard'; value: string } | { type: 'tubeCode'; value: string } | { type: 'mine' };

const storageKey = (audience: 'work' | 'check') => `report-criteria:${audience}`;
/** The search form's draft (lib/use-persistent-state): what is typed until the search runs. */
export const reportSearchDraftKey = (audience: 'work' | 'check') => `report-search:${audience}`;

const criteriaSchema: v.GenericSchema<unknown, ReportCriteria> = v.union([
  v.object({ type: v.picklist(['idCard', 'tubeCode']), value: v.pipe(v.string(), v.minLength(1)) }),
  v.object({ type: v.literal('mine') }),
]);

/** Each audience's criteria as stored (text: the same string while they do not change). */
const stored = {
  work: externalStore(() => readText('session', storageKey('work')) ?? null),
  check: externalStore(() => readText('session', storageKey('check')) ?? null),
};

export function readReportCriteria(audience: 'work' | 'check'): ReportCriteria | null {
  return readStored('session', storageKey(audience), criteriaSchema) ?? null;
}

/** Where storage refuses them, there is nothing to keep across a reload. */
export function writeReportCriteria(audience: 'work' | 'check', criteria: ReportCriteria): void {
  writeStored('session', storageKey(audience), criteria);
  stored[audience].changed();
}

/** A check user's list then shows their own reports and their family's (PageCheckReport mine). */
export function selectMyReports(): void {
  writeReportCriteria('check', { type: 'mine' });
}

/**
 * Forgets `audience`'s report search, the criteria and what the search form holds (an ID number looked
 * up): a staff session locked when idle leaves neither on the phone (app/check-idle-timeout.ts).
 */
export function forgetReportSearch(audience: 'work' | 'check'): void {
  removeStored('session', storageKey(audience));
  removePersisted(reportSearchDraftKey(audience));
  stored[audience].changed();
}

/** The current criteria, re-read whenever the search page writes new ones. `key` is stable per criteria. */
export function useReportCriteria(audience: 'work' | 'check'): {
  criteria: ReportCriteria | null;
  key: string;
} {
  const { subscribe, get } = stored[audience];
  const raw = useSyncExternalStore(subscribe, get);
  return useMemo(() => {
    const criteria = (raw && parseStored(raw, criteriaSchema)) || null;
    return { criteria, key: criteria ? JSON.stringify(criteria) : '' };
  }, [raw]);
}

/** The PageCheckReport body for the criteria (paging added by the list). */
export function toReportQuery(
  criteria: ReportCriteria,
): Omit<CheckReportPageQuery, 'pageIndex' | 'pageSize'> {
  switch (criteria.type) {
    case 'idCard':
      return { idCard: criteria.value };
    case 'tubeCode':
      return { tubeCode: criteria.value };
    case 'mine':
      return { mine: true };
  }
}

/** How the criteria read on screen; an ID card is masked. */
export function describeCriteria(criteria: ReportCriteria): string {
  switch (criteria.type) {
    case 'idCard':
      return `身份证号 ${formatMaskedIdCard(criteria.value)}`;
    case 'tubeCode':
      return `采样管编码 ${criteria.value}`;
    case 'mine':
      return '本人和家人的报告';
  }
}
