/**
 * Chinese resident ID-card numbers (spec §5): the strict entry check used by forms, a lifespan rule of
 * our own beyond it, loose helpers that derive birth date, gender and age, and masking for display.
 */

export const ID_CARD_EMPTY_MESSAGE = '身份证号不能为空';
export const ID_CARD_INVALID_MESSAGE = '请输入正确的身份证号';
/** Console warnings of the loose helpers. They never include the number itself (personal data). */
export const ID_CARD_FORMAT_WARNING = '身份证号格式不正确';
export const ID_CARD_BIRTH_DATE_WARNING = '身份证号中的出生日期不正确';

/** Spec §9: birth year bounds of the entry check. */
const ID_CARD_MIN_YEAR = 1900;
const ID_CARD_MAX_YEARS_AHEAD = 10;

/** The lifespan rule (not in the spec): the oldest age a number may give. */
const ID_CARD_MAX_AGE = 120;
export const ID_CARD_FUTURE_BIRTH_DATE_MESSAGE = '身份证号中的出生日期晚于今天，请核对';
export const ID_CARD_TOO_OLD_MESSAGE = `身份证号中的年龄超过 ${ID_CARD_MAX_AGE} 岁，请核对`;

const CHECK_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARACTERS = ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'] as const;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

const STRICT_FORMAT = /^\d{17}[\dX]$/;
const LOOSE_FORMAT = /^\d{17}[\dXx]$/;

export type Gender = 'male' | 'female';
type GenderLabel = '男' | '女';

export interface IdCardInfo {
  /** YYYY-MM-DD */
  birthDate: string;
  gender: Gender;
  genderLabel: GenderLabel;
  age: number;
}

interface BirthDate {
  year: number;
  month: number;
  day: number;
}

export function normalizeIdCard(raw: string): string {
  return raw.trim().toUpperCase();
}

/**
 * What a person typed or pasted into an ID-card field, as the value to keep: spaces (of any kind) and
 * dashes dropped, x made X. Nothing is cut: a number too long is kept whole, and the entry check says so.
 */
export function cleanIdCardInput(raw: string): string {
  return raw.replace(/[\s\-\u2010-\u2015\uFF0D]/g, '').toUpperCase();
}

/**
 * An ID-card number shown as it is printed on the card, in groups of 6, 8 and 4 (region, birth date,
 * sequence and check character): 110101 19900307 1234. Applied to the kept value (cleanIdCardInput)
 * while it is typed, a partial number is grouped as far as it goes; characters past the 18th stay in
 * the last group, so nothing is hidden. Display only: the value stored and sent has no spaces.
 */
export function formatIdCardGroups(idCard: string): string {
  const value = cleanIdCardInput(idCard);
  return [value.slice(0, 6), value.slice(6, 14), value.slice(14)].filter(Boolean).join(' ');
}

/** Digits 7-14 as a calendar date, or null when no such day exists (Feb 30, month 13, Feb 29 of a common year). */
function embeddedBirthDate(idCard: string): BirthDate | null {
  const year = Number(idCard.slice(6, 10));
  const month = Number(idCard.slice(10, 12));
  const day = Number(idCard.slice(12, 14));
  if (month < 1 || month > 12 || day < 1) return null;
  const leapYear = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = month === 2 && leapYear ? 29 : DAYS_IN_MONTH[month - 1];
  return day <= daysInMonth ? { year, month, day } : null;
}

function checkCharacter(first17Digits: string): string {
  let sum = 0;
  for (let i = 0; i < CHECK_WEIGHTS.length; i += 1) sum += Number(first17Digits[i]) * CHECK_WEIGHTS[i];
  return CHECK_CHARACTERS[sum % 11];
}

/**
 * The form's entry check. Returns the message to show at the field, or null when the number is valid.
 * `today` fixes "the current year" for the upper bound of the birth year.
 */
export function validateIdCard(raw: string, today: Date = new Date()): string | null {
  const idCard = normalizeIdCard(raw);
  if (idCard === '') return ID_CARD_EMPTY_MESSAGE;
  if (!STRICT_FORMAT.test(idCard)) return ID_CARD_INVALID_MESSAGE;
  const birth = embeddedBirthDate(idCard);
  if (!birth || birth.year < ID_CARD_MIN_YEAR || birth.year > today.getFullYear() + ID_CARD_MAX_YEARS_AHEAD) {
    return ID_CARD_INVALID_MESSAGE;
  }
  if (checkCharacter(idCard.slice(0, 17)) !== idCard[17]) return ID_CARD_INVALID_MESSAGE;
  return null;
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** Whole years on `today`; negative exactly when the birth date is after `today`. */
function ageOn(birth: BirthDate, today: Date): number {
  const month = today.getMonth() + 1;
  const day = today.getDate();
  const birthdayPassed = month > birth.month || (month === birth.month && day >= birth.day);
  return today.getFullYear() - birth.year - (birthdayPassed ? 0 : 1);
}

/**
 * The lifespan rule, ours beyond the spec (§5 lets the birth year run to this year + 10): the person a
 * number describes must be born on or before `today` and be at most 120 years old on it. Returns the
 * message to show at the field, or null. A number validateIdCard rejects gets null here: that check's
 * message comes first, so a form runs both, `validateIdCard(...) ?? validateIdCardLifespan(...)`.
 */
export function validateIdCardLifespan(raw: string, today: Date = new Date()): string | null {
  if (validateIdCard(raw, today) !== null) return null;
  const birth = embeddedBirthDate(normalizeIdCard(raw));
  if (!birth) return null;
  const age = ageOn(birth, today);
  if (age < 0) return ID_CARD_FUTURE_BIRTH_DATE_MESSAGE;
  if (age > ID_CARD_MAX_AGE) return ID_CARD_TOO_OLD_MESSAGE;
  return null;
}

/**
 * Loose helper: reads birth date, gender and age from a number that only has the right shape
 * (17 digits then a digit, X or x; no trimming, no check-character test, no year bounds).
 * Returns null with a console warning when the shape or the embedded date is wrong.
 * A birth date after `today` gives age 0, never a negative one; validateIdCardLifespan is what rejects
 * such numbers.
 */
export function parseIdCard(raw: string, today: Date = new Date()): IdCardInfo | null {
  if (!LOOSE_FORMAT.test(raw)) {
    console.warn(ID_CARD_FORMAT_WARNING);
    return null;
  }
  const birth = embeddedBirthDate(raw);
  if (!birth) {
    console.warn(ID_CARD_BIRTH_DATE_WARNING);
    return null;
  }
  const gender: Gender = Number(raw[16]) % 2 === 1 ? 'male' : 'female';
  return {
    birthDate: `${birth.year}-${pad2(birth.month)}-${pad2(birth.day)}`,
    gender,
    genderLabel: gender === 'male' ? '男' : '女',
    age: Math.max(0, ageOn(birth, today)),
  };
}

/** YYYY-MM-DD, or null (with a warning) for a malformed number. */
export function birthDateFromIdCard(raw: string): string | null {
  return parseIdCard(raw)?.birthDate ?? null;
}

/** 17th digit odd: male; even: female. Null (with a warning) for a malformed number. */
export function genderFromIdCard(raw: string): Gender | null {
  return parseIdCard(raw)?.gender ?? null;
}

/** Whole years on `today` (0 for a birth date after it); null (with a warning) for a malformed number. */
export function ageFromIdCard(raw: string, today: Date = new Date()): number | null {
  return parseIdCard(raw, today)?.age ?? null;
}

/**
 * Replaces each character in [start, end) with `mask`. Out-of-range bounds are clamped; an empty
 * range returns the value unchanged. Counts code points, so a character outside the BMP is one character.
 */
export function maskText(value: string, start: number, end: number, mask = '*'): string {
  const characters = Array.from(value);
  const from = Math.max(0, Math.min(start, characters.length));
  const to = Math.max(from, Math.min(end, characters.length));
  return characters.slice(0, from).join('') + mask.repeat(to - from) + characters.slice(to).join('');
}

/**
 * How every page shows an ID number it does not edit: masked, in the card's 6-8-4 groups
 * (110105 ******** 1234).
 */
export function formatMaskedIdCard(idCard: string | null | undefined): string {
  return formatIdCardGroups(maskIdCard(idCard));
}

/** Shows the first 6 and last 4 characters (110105********1234). Ten characters or fewer are returned as they are. */
export function maskIdCard(idCard: string | null | undefined): string {
  const value = idCard ?? '';
  return maskText(value, 6, Array.from(value).length - 4);
}
