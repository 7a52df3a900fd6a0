import * as v from 'valibot';
import { hiddenServerDraftsKey } from '@/lib/work-keys';
import { getSessionOwner } from '@/lib/session';
import { readStored } from '@/lib/use-persistent-state';
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
  if (key === null) return new Set();
  return new Set(readStored(localStorage, key, v.array(v.string())));
}

export function hideServerDraft(id: Id): void {
  const key = storageKey();
  if (key === null) return;
  const ids = [...hiddenServerDrafts()].filter((hidden) => hidden !== id);
  try {
    localStorage.setItem(key, JSON.stringify([...ids, id].slice(-MAX_HIDDEN)));
  } catch {
    // Storage full or unavailable: the draft is hidden until the list reloads.
  }
}
