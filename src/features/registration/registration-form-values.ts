import { normalizeIdCard, parseIdCard, validateIdCard } from '@/lib/id-card';
import { validatePhone } from '@/lib/phone';
import type { RegistrationDraft } from './registration-draft';

/** The person fields the entry form edits (the tube and its time live beside the form). */
export type PersonFieldName = Exclude<keyof RegistrationDraft, 'tubeCode' | 'collectedAt' | 'registrationId'>;

/** Read-only fields the form shows, derived from the ID card (never sent: the server derives its own). */
export interface DerivedPersonFields {
  birthDate: string;
  genderLabel: string;
  age: string;
}

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

/** An optional phone: empty is fine, anything typed must be a valid number. */
export function validateOptionalPhone(raw: string): string | null {
  return raw.trim() === '' ? null : validatePhone(raw);
}
