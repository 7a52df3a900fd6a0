import { toChinaIso as chinaIsoOf } from '@/types/schema-kit';

/** Date-times in the contract's shape: ISO 8601 in China Standard Time, e.g. '2026-11-03T09:30:00+08:00'. */
export function toChinaIso(date: Date): string {
  return chinaIsoOf(date.getTime());
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
