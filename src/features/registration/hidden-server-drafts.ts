import * as v from 'valibot';
import { hiddenServerDraftsKey } from '@/lib/work-keys';
import { getSessionOwner } from '@/lib/session';
import { readStored, writeStored } from '@/lib/storage';
import type { Id } from '@/types/api';

/**
 * Server drafts that 待提交登记's 删除 took off this phone's list while the server has no Delete call
 * (config/assumptions.ts, deleteServerDrafts off): the record stays on the server, this account's list
 * here no longer shows it. Kept per account, with the account's other work (lib/device-data.ts).
 */
/** Enough for years of a nurse's discarded drafts; the oldest are forgotten first. */
const MAX_HIDDEN = 500;

function storageKey(): string | null {
  const owner = getSessionOwner();
  return owner ? hiddenServerDraftsKey(owner) : null;
}

export function hiddenServerDrafts(): ReadonlySet<Id> {
  const key = storageKey();
  return new Set(key === null ? [] : readStored('local', key, v.array(v.string())));
}

/** Where storage refuses it (full, unavailable), the draft is hidden until the list reloads. */
export function hideServerDraft(id: Id): void {
  const key = storageKey();
  if (key === null) return;
  const ids = [...hiddenServerDrafts()].filter((hidden) => hidden !== id);
  writeStored('local', key, [...ids, id].slice(-MAX_HIDDEN));
}
