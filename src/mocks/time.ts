/** Date-times in the contract's shape: ISO 8601 in China Standard Time, e.g. '2026-11-03T09:30:00+08:00'. */
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

export function toChinaIso(date: Date): string {
  const shifted = new Date(date.getTime() + CHINA_OFFSET_MS);
  return (
    `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}` +
    `T${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}+08:00`
  );
}

/** 'YYYY-MM-DD HH:mm' in China Standard Time, for printed documents. */
export function formatChinaDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return toChinaIso(date).slice(0, 16).replace('T', ' ');
}

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
