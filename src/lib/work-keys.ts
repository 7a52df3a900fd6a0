import type { SessionOwner } from './session';

/**
 * Where an account's unsent work is kept on the phone, by the names of its keys. Apart from
 * device-data.ts (which removes an account's work at its sign-out) so that the modules keeping the
 * work do not load the device's sign-in and sign-out handling.
 */

/** The persisted-draft key (lib/use-persistent-state) of an account's registration form draft. */
export function registrationDraftKey(owner: SessionOwner): string {
  return `registration:${owner.audience}:${owner.account}`;
}

/** The localStorage key of the server drafts an account took off its 待提交登记 list. */
export function hiddenServerDraftsKey(owner: SessionOwner): string {
  return `hidden-server-drafts:${owner.audience}:${owner.account}`;
}
