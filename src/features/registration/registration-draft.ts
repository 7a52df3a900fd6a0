import { normalizeIdCard } from '@/lib/id-card';
import { normalizePhone, validatePhone } from '@/lib/phone';
import type { Id, Registration, RegistrationInput } from '@/types/api';
import { validateRegistrationIdCard } from './registration-form-values';

/**
 * Everything the entry form holds, kept as a draft until the registration and its tube are saved.
 * `registrationId` is set once the registration itself is saved but the tube is not yet bound, so a retry
 * binds (and updates) that registration instead of creating a second one.
 */
export interface RegistrationDraft {
  name: string;
  idCard: string;
  phone: string;
  address: string;
  nation: string;
  education: string;
  occupation: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
  emergencyContactRelation: string;
  /** Undefined until the user answers. */
  familyHistory?: boolean;
  tubeCode: string;
  /** ISO date-time of the sample collection; null until chosen (the form fills in "now"). */
  collectedAt: string | null;
  registrationId?: Id;
  /**
   * What `registrationId` is on the server: an unfinished registration saved with ScreeningRegister/Add
   * ('draft', the form keeps saving it) or a submitted one ('submitted', or absent in drafts written
   * before server drafts existed).
   */
  serverStatus?: 'draft' | 'submitted';
  /** The person fields as the server last accepted them (serverDraftSignature), to save only changes. */
  serverSaved?: string;
}

export const EMPTY_REGISTRATION_DRAFT: RegistrationDraft = {
  name: '',
  idCard: '',
  phone: '',
  address: '',
  nation: '',
  education: '',
  occupation: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  emergencyContactRelation: '',
  familyHistory: undefined,
  tubeCode: '',
  collectedAt: null,
};

/** The person fields the user has typed something into (a draft worth restoring). */
export function draftHasContent(draft: RegistrationDraft): boolean {
  return (Object.keys(EMPTY_REGISTRATION_DRAFT) as (keyof RegistrationDraft)[]).some((key) => {
    if (key === 'collectedAt') return false;
    const value = draft[key];
    return typeof value === 'string' ? value.trim() !== '' : value !== undefined;
  });
}

function optional(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The request body for ScreeningRegister/Submit; the server derives gender, age and birth date from the ID card. */
export function toRegistrationInput(draft: RegistrationDraft): RegistrationInput {
  const emergencyPhone = optional(draft.emergencyContactPhone);
  return {
    ...(draft.registrationId ? { id: draft.registrationId } : {}),
    name: draft.name.trim(),
    idCard: normalizeIdCard(draft.idCard),
    phone: normalizePhone(draft.phone),
    address: optional(draft.address),
    nation: optional(draft.nation),
    education: optional(draft.education),
    occupation: optional(draft.occupation),
    emergencyContactName: optional(draft.emergencyContactName),
    emergencyContactPhone: emergencyPhone === undefined ? undefined : normalizePhone(emergencyPhone),
    emergencyContactRelation: optional(draft.emergencyContactRelation),
    familyHistory: draft.familyHistory,
  };
}

const MAX_NAME_LENGTH = 30;

/**
 * The ScreeningRegister/Add body for an unfinished registration, or null while it cannot be saved yet:
 * the server needs a name and a valid ID card (RegistrationInput's contract). A phone number that is
 * not valid yet is left out rather than refused; a registration submitted already is never saved as a
 * draft again.
 */
export function serverDraftInput(draft: RegistrationDraft): RegistrationInput | null {
  if (draft.registrationId && draft.serverStatus !== 'draft') return null;
  const name = draft.name.trim();
  if (!name || name.length > MAX_NAME_LENGTH) return null;
  if (validateRegistrationIdCard(normalizeIdCard(draft.idCard)) !== null) return null;
  const input = toRegistrationInput(draft);
  return {
    ...input,
    phone: validatePhone(draft.phone) === null ? input.phone : '',
    emergencyContactPhone:
      validatePhone(draft.emergencyContactPhone) === null ? input.emergencyContactPhone : undefined,
  };
}

/** What the server's copy is compared by: the person fields, not the id they are saved under. */
export function serverDraftSignature(input: RegistrationInput): string {
  const { id: _id, ...fields } = input;
  return JSON.stringify(fields);
}

/** The Add body when the draft has changes the server does not have yet; otherwise null. */
export function unsavedServerDraft(draft: RegistrationDraft): RegistrationInput | null {
  const input = serverDraftInput(draft);
  return input && serverDraftSignature(input) !== draft.serverSaved ? input : null;
}

/** A saved registration as the form's draft (to correct it, or to submit a server draft as it is). */
export function draftFromRegistration(registration: Registration): RegistrationDraft {
  return {
    ...EMPTY_REGISTRATION_DRAFT,
    name: registration.name,
    idCard: registration.idCard,
    phone: registration.phone,
    address: registration.address ?? '',
    nation: registration.nation ?? '',
    education: registration.education ?? '',
    occupation: registration.occupation ?? '',
    emergencyContactName: registration.emergencyContactName ?? '',
    emergencyContactPhone: registration.emergencyContactPhone ?? '',
    emergencyContactRelation: registration.emergencyContactRelation ?? '',
    familyHistory: registration.familyHistory,
    registrationId: registration.id,
  };
}

/** A server draft (待提交登记) as the form's draft, known to be saved as it is. */
export function draftFromServerDraft(registration: Registration): RegistrationDraft {
  const draft: RegistrationDraft = { ...draftFromRegistration(registration), serverStatus: 'draft' };
  const input = serverDraftInput(draft);
  return input ? { ...draft, serverSaved: serverDraftSignature(input) } : draft;
}
