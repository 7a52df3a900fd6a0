import { readKeys } from '@/api/read-keys';
import { searchRegistrations } from '@/api/registration';
import { queryOptions } from '@tanstack/react-query';
import type { CallOptions, Registration } from '@/types/api';
import { hiddenServerDrafts } from './hidden-server-drafts';

/** How many of this account's unfinished registrations are listed (the newest). */
const PENDING_REGISTRATIONS_SHOWN = 20;

export interface PendingRegistrations {
  records: Registration[];
  /** How many there are in all; undefined when the server does not say. */
  total: number | undefined;
}

/**
 * 待提交登记: this account's registrations saved on the server and not yet submitted (typed on this
 * phone or another), newest first as the server lists them, less those this phone was told to hide.
 */
async function loadPendingRegistrations(call: CallOptions): Promise<PendingRegistrations> {
  const page = await searchRegistrations(
    { status: 'draft', pageIndex: 1, pageSize: PENDING_REGISTRATIONS_SHOWN },
    call,
  );
  // The status filter is our assumption: a server that ignores it must not list submitted ones.
  const filterIgnored = page.records.some((record) => record.status !== 'draft');
  const hidden = hiddenServerDrafts();
  const drafts = page.records.filter((record) => record.status === 'draft');
  const records = drafts.filter((record) => !hidden.has(record.id));
  const total =
    page.total === undefined || filterIgnored ? undefined : page.total - (drafts.length - records.length);
  return { records, total };
}

/** The work home's line and the list page share it; each shows a failure itself. */
export const pendingRegistrationsQuery = () =>
  queryOptions({
    queryKey: [...readKeys.registrations, 'pending'],
    queryFn: ({ signal }) => loadPendingRegistrations({ signal, silent: true }),
    meta: { silent: true },
  });
