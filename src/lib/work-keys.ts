import { readOwner, type SessionOwner } from './session';
import { persistedStorageKey } from './use-persistent-state';

/**
 * Where an account's unsent work is kept on the phone, by the names of its keys. Apart from
 * device-data.ts (which removes an account's work at its sign-out) so that the modules keeping the
 * work do not load the device's sign-in and sign-out handling.
 */

const REGISTRATION_DRAFT = 'registration';
const HIDDEN_SERVER_DRAFTS = 'hidden-server-drafts';

/** The persisted-draft key (lib/use-persistent-state) of an account's registration form draft. */
export function registrationDraftKey(owner: SessionOwner): string {
  return `${REGISTRATION_DRAFT}:${owner.audience}:${owner.account}`;
}

/** The localStorage key of the server drafts an account took off its 待提交登记 list. */
export function hiddenServerDraftsKey(owner: SessionOwner): string {
  return `${HIDDEN_SERVER_DRAFTS}:${owner.audience}:${owner.account}`;
}

/** The localStorage keys of the two above, as `<base>:<audience>:<account>`. */
const WORK_KEY_BASES = [persistedStorageKey(REGISTRATION_DRAFT), HIDDEN_SERVER_DRAFTS];

/** The account whose work a localStorage key holds (one of the keys above), or null for any other key. */
export function workKeyOwner(storageKey: string): SessionOwner | null {
  for (const base of WORK_KEY_BASES) {
    if (!storageKey.startsWith(`${base}:`)) continue;
    const [audience, ...account] = storageKey.slice(base.length + 1).split(':');
    const owner = readOwner({ audience, account: account.join(':') });
    if (owner) return owner;
  }
  return null;
}
