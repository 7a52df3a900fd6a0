/** Decimal notation only: '0x10', '0b1', 'Infinity' and '1_000' are not numbers to a person reading them. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * Spec §5 number conversion (used for dictionary values): a non-blank numeric string becomes a number,
 * anything else is returned unchanged. Surrounding white space is ignored. An integer string beyond
 * Number.MAX_SAFE_INTEGER (a long id) stays a string, because as a number it would silently change value.
 */
export function toNumberIfNumeric<T>(value: T): T | number {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!DECIMAL.test(text)) return value;
  const number = Number(text);
  if (!Number.isFinite(number)) return value;
  if (/^[+-]?\d+$/.test(text) && !Number.isSafeInteger(number)) return value;
  return number;
}
