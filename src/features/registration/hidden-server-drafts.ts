import type { Id } from '@/types/api';

/**
 * Server drafts that 待提交登记's 删除 took off this phone's list while the server has no Delete call
 * (config/assumptions.ts, deleteServerDrafts off): the record stays on the server, this account's list
 * here no longer shows it. Personal to the account that signed in (lib/device-data.ts removes it with
 * the rest of that account's data).
 */
const HIDDEN_SERVER_DRAFTS_KEY = 'hidden-server-drafts';
/** Enough for years of a nurse's discarded drafts; the oldest are forgotten first. */
const MAX_HIDDEN = 500;

export function hiddenServerDrafts(): ReadonlySet<Id> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(HIDDEN_SERVER_DRAFTS_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((id): id is Id => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

export function hideServerDraft(id: Id): void {
  const ids = [...hiddenServerDrafts()].filter((hidden) => hidden !== id);
  try {
    localStorage.setItem(HIDDEN_SERVER_DRAFTS_KEY, JSON.stringify([...ids, id].slice(-MAX_HIDDEN)));
  } catch {
    // Storage full or unavailable: the draft is hidden until the list reloads.
  }
}
