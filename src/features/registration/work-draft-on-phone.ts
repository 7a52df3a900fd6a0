import { addRegistration, savedRegistrationId } from '@/api/registration';
import { readPersisted, removePersisted, writePersisted } from '@/lib/use-persistent-state';
import type { Id } from '@/types/api';
import {
  EMPTY_REGISTRATION_DRAFT,
  registrationDraftKey,
  serverDraftSignature,
  unsavedServerDraft,
  type RegistrationDraft,
} from './registration-draft';

const WORK_DRAFT_KEY = registrationDraftKey('work');

/**
 * The staff entry form's draft on this phone (the form itself keeps it with usePersistentState under
 * the same key), with the fields an older version did not write filled in.
 */
export function readWorkDraft(): RegistrationDraft | undefined {
  const stored = readPersisted<Partial<RegistrationDraft>>(WORK_DRAFT_KEY);
  return stored && { ...EMPTY_REGISTRATION_DRAFT, ...stored };
}

export function writeWorkDraft(draft: RegistrationDraft): void {
  writePersisted<RegistrationDraft>(WORK_DRAFT_KEY, draft);
}

/** Removes that draft; with `registrationId`, only when it is that registration's. */
export function forgetWorkDraft(registrationId?: Id): void {
  if (registrationId !== undefined && readWorkDraft()?.registrationId !== registrationId) return;
  removePersisted(WORK_DRAFT_KEY);
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
