import { addRegistration, savedRegistrationId } from '@/api/registration';
import { registrationDraftKey } from '@/lib/device-data';
import { getSessionOwner } from '@/lib/session';
import { readPersisted, removePersisted, writePersisted } from '@/lib/use-persistent-state';
import type { Id } from '@/types/api';
import {
  EMPTY_REGISTRATION_DRAFT,
  serverDraftSignature,
  unsavedServerDraft,
  type RegistrationDraft,
} from './registration-draft';

/** The signed-in staff member's draft key, or null without a staff session. */
function workDraftKey(): string | null {
  const owner = getSessionOwner();
  return owner?.audience === 'work' ? registrationDraftKey(owner) : null;
}

/**
 * The signed-in staff member's entry form draft on this phone (the form itself keeps it with
 * usePersistentState under the same key), with the fields an older version did not write filled in.
 */
export function readWorkDraft(): RegistrationDraft | undefined {
  const key = workDraftKey();
  const stored = key === null ? undefined : readPersisted<Partial<RegistrationDraft>>(key);
  return stored && { ...EMPTY_REGISTRATION_DRAFT, ...stored };
}

export function writeWorkDraft(draft: RegistrationDraft): void {
  const key = workDraftKey();
  if (key !== null) writePersisted<RegistrationDraft>(key, draft);
}

/** Removes that draft; with `registrationId`, only when it is that registration's. */
export function forgetWorkDraft(registrationId?: Id): void {
  const key = workDraftKey();
  if (key === null) return;
  if (registrationId !== undefined && readWorkDraft()?.registrationId !== registrationId) return;
  removePersisted(key);
}

/**
 * True when the staff entry form on this phone holds a registration the server can keep and does not
 * have yet (changes made since the last automatic save): 退出登录 then offers 保存到服务器后退出.
 */
export function hasUnsavedWorkRegistration(): boolean {
  const draft = readWorkDraft();
  return draft !== undefined && unsavedServerDraft(draft) !== null;
}

/**
 * Saves that registration with ScreeningRegister/Add, so it is in 待提交登记 after signing in on any
 * phone. Silent: a failure rejects and the caller says why.
 */
export async function saveWorkRegistrationToServer(): Promise<void> {
  const draft = readWorkDraft();
  const input = draft && unsavedServerDraft(draft);
  if (!draft || !input) return;
  const saved = await savedRegistrationId(await addRegistration(input, { silent: true }), input, 'draft');
  writeWorkDraft({
    ...draft,
    registrationId: saved,
    serverStatus: 'draft',
    serverSaved: serverDraftSignature(input),
  });
}
