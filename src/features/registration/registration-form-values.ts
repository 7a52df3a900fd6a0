import { normalizeIdCard, parseIdCard, validateIdCard } from '@/lib/id-card';
import { validatePhone } from '@/lib/phone';
import type { RegistrationDraft } from './registration-draft';

/** The person fields the entry form edits (the tube and its time live beside the form). */
export type PersonFieldName = Exclude<keyof RegistrationDraft, 'tubeCode' | 'collectedAt' | 'registrationId'>;

export const PERSON_FIELD_NAMES: readonly PersonFieldName[] = [
  'name',
  'idCard',
  'phone',
  'nation',
  'education',
  'occupation',
  'address',
  'familyHistory',
  'emergencyContactName',
  'emergencyContactPhone',
  'emergencyContactRelation',
];

/** Read-only fields the form shows, derived from the ID card (never sent: the server derives its own). */
export interface DerivedPersonFields {
  birthDate: string;
  genderLabel: string;
  age: string;
}

export type PersonFormValues = Pick<RegistrationDraft, PersonFieldName> & DerivedPersonFields;

const NO_DERIVED: DerivedPersonFields = { birthDate: '', genderLabel: '', age: '' };

/** Birth date, gender and age from a valid ID card; empty while the number is incomplete or wrong. */
export function derivedFromIdCard(raw: string | undefined, today: Date = new Date()): DerivedPersonFields {
  const idCard = normalizeIdCard(raw ?? '');
  if (validateIdCard(idCard, today) !== null) return NO_DERIVED;
  const info = parseIdCard(idCard, today);
  return info
    ? { birthDate: info.birthDate, genderLabel: info.genderLabel, age: `${info.age} 岁` }
    : NO_DERIVED;
}

export function toFormValues(draft: RegistrationDraft): PersonFormValues {
  const values = {} as Record<PersonFieldName, unknown>;
  for (const name of PERSON_FIELD_NAMES) values[name] = draft[name];
  return { ...(values as Pick<RegistrationDraft, PersonFieldName>), ...derivedFromIdCard(draft.idCard) };
}

/** The person fields of the form's values, for the draft. */
export function pickPersonFields(
  values: Partial<PersonFormValues>,
): Partial<Pick<RegistrationDraft, PersonFieldName>> {
  const picked: Partial<Record<PersonFieldName, unknown>> = {};
  for (const name of PERSON_FIELD_NAMES) if (name in values) picked[name] = values[name];
  return picked as Partial<Pick<RegistrationDraft, PersonFieldName>>;
}

/** An optional phone: empty is fine, anything typed must be a valid number. */
export function validateOptionalPhone(raw: string): string | null {
  return raw.trim() === '' ? null : validatePhone(raw);
}
