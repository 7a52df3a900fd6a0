import { config } from '@/config/env';

/**
 * The sampling-tube code. The spec shows no format. By default only what is clearly not a code is
 * refused, so that a QR code of something else (a web address, a sentence, a control character) never
 * reaches the field or the server, while real labels of any style pass; the tube labels' own pattern
 * (4 to 32 capital letters and digits, hyphens only between them: CT2026110001, TB-2024-001) is a switch
 * (config/assumptions.ts, strictTubeCode).
 */
const TUBE_CODE_PATTERN = /^[A-Z0-9](?:[A-Z0-9-]{2,30})[A-Z0-9]$/;
/** Longer than any label's code: a scan this long is a sentence or a document, not a tube. */
export const TUBE_CODE_MAX_LENGTH = 64;
/** Whitespace or a control character inside, or a scheme such as https: (a web address). */
const NOT_A_CODE = /[\s\p{Cc}]|^[a-z][a-z0-9+.-]*:/iu;

/**
 * A tube code as typed or scanned, without the surrounding spaces. Never upper-cased: the server may
 * tell cases apart, and the code is sent as the label has it.
 */
export function normalizeTubeCode(value: string): string {
  return value.trim();
}

/** Whether a normalised code can be a tube code (see the module comment for the two policies). */
export function isTubeCode(code: string, strict = config.assumptions.strictTubeCode): boolean {
  if (strict) return TUBE_CODE_PATTERN.test(code) && !code.includes('--');
  return code.length > 0 && code.length <= TUBE_CODE_MAX_LENGTH && !NOT_A_CODE.test(code);
}
