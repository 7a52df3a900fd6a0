/**
 * The sampling-tube code. The spec shows no format; ours (an assumption, like the other "not shown"
 * fields) is what the tube labels and the backend use: 4 to 32 capital letters and digits, with hyphens
 * only between them (CT2026110001, TB-2024-001). A scan is checked against it before use, so that a QR
 * code of something else (a web address, a sentence, a control character) never reaches the field or
 * the server.
 */
const TUBE_CODE_FORMAT = /^[A-Z0-9](?:[A-Z0-9-]{2,30})[A-Z0-9]$/;

/** A tube code as the backend expects it: no surrounding spaces, upper case. */
export function normalizeTubeCode(value: string): string {
  return value.trim().toUpperCase();
}

/** Whether a normalised code has the tube-code format. */
export function isTubeCode(code: string): boolean {
  return TUBE_CODE_FORMAT.test(code) && !code.includes('--');
}
