/** Contact fields of the registration form (spec §5): name and phone. */

export const NAME_REQUIRED_MESSAGE = '请填写姓名';
export const PHONE_INVALID_MESSAGE = '请填写正确的电话';

/**
 * (a) a mobile number: optional 86 country code, then 1 and ten more digits;
 * (b) a landline: 0 followed by 10 to 13 digits or hyphens (010-12345678, 0755-1234567).
 * The optional '+' of (a) never meets a '+' in practice, because normalizePhone strips it: '+86 138 0013 8000'
 * arrives as '8613800138000' and is accepted by the bare 86 prefix. It stays so the pattern reads as the spec does.
 */
const MOBILE_PATTERN = /^(?:\+?86)?1\d{10}$/;
const LANDLINE_PATTERN = /^0[\d-]{10,13}$/;

/**
 * Strips every character other than digits, hyphen and pipe (spec §5), so spaces, brackets, dots and '+' go.
 * The pipe is kept as the spec says; neither pattern admits it, so a value containing '|' is invalid.
 */
export function normalizePhone(raw: string): string {
  return raw.replace(/[^\d|-]/g, '');
}

export function isValidPhone(raw: string): boolean {
  const phone = normalizePhone(raw);
  return MOBILE_PATTERN.test(phone) || LANDLINE_PATTERN.test(phone);
}

/**
 * The number a person typed, as it is checked and sent: the separators people write between the digits
 * (138-0013-8000, 138 0013 8000, (010) 1234-5678) removed before the spec's check. A '|' stays, so a
 * value with one is still refused (normalizePhone keeps it).
 */
export function phoneDigits(raw: string): string {
  return normalizePhone(raw).replace(/-/g, '');
}

/**
 * The field message, or null when valid: the spec's check of the digits (phoneDigits). An empty phone is
 * invalid (the spec has no separate message).
 */
export function validatePhone(raw: string): string | null {
  return isValidPhone(phoneDigits(raw)) ? null : PHONE_INVALID_MESSAGE;
}

/**
 * The line under a phone field once what is typed has separators and makes a valid number: they are
 * taken out, and this is the number kept. Null otherwise (nothing to say, or the field's message says it).
 */
export function phoneDigitsNote(raw: string): string | null {
  const digits = phoneDigits(raw);
  return digits !== raw && validatePhone(raw) === null ? `空格和横线会自动去掉：${digits}` : null;
}

/** The field message, or null when the name has a character other than white space. */
export function validateName(raw: string): string | null {
  return raw.trim() === '' ? NAME_REQUIRED_MESSAGE : null;
}
