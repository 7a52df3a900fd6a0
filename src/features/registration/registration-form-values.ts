import { SCREENING_AGE } from '@/config/screening';
import { parseDateTime } from '@/lib/date-time';
import { normalizeIdCard, parseIdCard, validateIdCard, validateIdCardLifespan } from '@/lib/id-card';
import { validatePhone } from '@/lib/phone';

/** Shown at the ID-card field for an age outside SCREENING_AGE: a notice, not an error. */
export const SCREENING_AGE_RANGE_TEXT = `${SCREENING_AGE.min}–${SCREENING_AGE.max} 岁`;
export const OUTSIDE_SCREENING_AGE_NOTICE = `不在本次筛查年龄范围（${SCREENING_AGE_RANGE_TEXT}），请核对`;

/** Read-only fields the form shows, derived from the ID card (never sent: the server derives its own). */
export interface DerivedPersonFields {
  birthDate: string;
  genderLabel: string;
  age: string;
  /** The age is outside SCREENING_AGE: the form notes it and asks once before registering. */
  outsideScreeningAge: boolean;
}

const NO_DERIVED: DerivedPersonFields = {
  birthDate: '',
  genderLabel: '',
  age: '',
  outsideScreeningAge: false,
};

/**
 * The entry form's ID-card rule: the spec's entry check (§5), then the lifespan rule (no birth date after
 * today, no age over 120), so the form never shows an impossible age.
 */
export function validateRegistrationIdCard(raw: string, today: Date = new Date()): string | null {
  return validateIdCard(raw, today) ?? validateIdCardLifespan(raw, today);
}

/** Birth date, gender and age from a valid ID card; empty while the number is incomplete or wrong. */
export function derivedFromIdCard(raw: string | undefined, today: Date = new Date()): DerivedPersonFields {
  const idCard = normalizeIdCard(raw ?? '');
  if (validateRegistrationIdCard(idCard, today) !== null) return NO_DERIVED;
  const info = parseIdCard(idCard, today);
  return info
    ? {
        birthDate: info.birthDate,
        genderLabel: info.genderLabel,
        age: `${info.age} 岁`,
        outsideScreeningAge: info.age < SCREENING_AGE.min || info.age > SCREENING_AGE.max,
      }
    : NO_DERIVED;
}

/** An optional phone: empty is fine, anything typed must be a valid number. */
export function validateOptionalPhone(raw: string): string | null {
  return raw.trim() === '' ? null : validatePhone(raw);
}

export const COLLECTED_AT_REQUIRED_MESSAGE = '请选择采集时间';
export const COLLECTED_AT_FUTURE_MESSAGE = '采集时间不能晚于现在';
/** A minute of slack, so "now" picked a moment ago is not in the future by the time it is checked. */
const FUTURE_TOLERANCE_MS = 60 * 1000;

/**
 * The field message for a collection time, or null when it is valid (set, and not in the future;
 * `optional`: empty is valid too, the sample not taken yet).
 */
export function validateCollectedAt(
  value: string | null | undefined,
  now: Date = new Date(),
  optional = false,
): string | null {
  if (optional && !value) return null;
  const at = parseDateTime(value);
  if (!at) return COLLECTED_AT_REQUIRED_MESSAGE;
  if (at.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) return COLLECTED_AT_FUTURE_MESSAGE;
  return null;
}
