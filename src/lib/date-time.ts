/**
 * Every date and time the app shows or writes, in the phone's own time zone. One rule for a value that
 * is absent or cannot be read: it shows as NO_DATE_TEXT.
 *
 * Values inside the app are ISO 8601 with an offset (the contract's form after the API layer), epoch
 * milliseconds, a Date, or a datetime-local input's 'YYYY-MM-DDTHH:mm', all of which every engine's
 * Date reads the same way; so no date library is needed (one would add to what the entry form loads).
 */

export const NO_DATE_TEXT = '—';

export type DateInput = string | number | Date | null | undefined;

/** The moment `value` names, or null when it is absent or unreadable. */
export function parseDateTime(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function pad(value: number): string {
  return String(Math.abs(value)).padStart(2, '0');
}

function formatWith(value: DateInput, format: (date: Date) => string): string {
  const date = parseDateTime(value);
  return date ? format(date) : NO_DATE_TEXT;
}

/** 'YYYY-MM-DD'. */
export function formatDate(value: DateInput): string {
  return formatWith(value, (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`);
}

/** 'HH:mm'. */
export function formatClock(value: DateInput): string {
  return formatWith(value, (d) => `${pad(d.getHours())}:${pad(d.getMinutes())}`);
}

/** 'YYYY-MM-DD HH:mm'. */
export function formatDateTime(value: DateInput): string {
  return formatWith(value, (d) => `${formatDate(d)} ${formatClock(d)}`);
}

/** 'YYYY年M月D日'. */
export function formatChineseDate(value: DateInput): string {
  return formatWith(value, (d) => `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日`);
}

/** 'YYYY年M月'. */
export function formatChineseMonth(value: DateInput): string {
  return formatWith(value, (d) => `${d.getFullYear()}年${d.getMonth() + 1}月`);
}

/** The same day and time `years` later (or earlier); 29 February becomes 28 February, not 1 March. */
export function addYears(date: Date, years: number): Date {
  const moved = new Date(date.getTime());
  moved.setFullYear(date.getFullYear() + years);
  if (moved.getMonth() !== date.getMonth()) moved.setDate(0);
  return moved;
}

/** Local date and time to the minute, 'YYYY-MM-DDTHH:mm' (what a datetime-local input holds). */
export function toLocalMinute(date: Date): string {
  return `${formatDate(date)}T${formatClock(date)}`;
}

/** ISO 8601 with the device's offset, to the minute (the contract's DateTimeString). */
export function toDateTimeString(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const zone = `${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  return `${toLocalMinute(date)}:00${zone}`;
}
