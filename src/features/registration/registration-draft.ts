import type { UserAudience } from '@/config/audience';
import { normalizeIdCard } from '@/lib/id-card';
import { normalizePhone } from '@/lib/phone';
import type { Id, Registration, RegistrationInput } from '@/types/api';

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

/** The usePersistentState key of an audience's entry draft (work users and check users keep separate drafts). */
export function registrationDraftKey(audience: UserAudience): string {
  return `registration:${audience}`;
}

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
