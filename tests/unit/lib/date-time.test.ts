import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  addYears,
  formatChineseDate,
  formatChineseMonth,
  formatClock,
  formatDate,
  formatDateTime,
  NO_DATE_TEXT,
  toDateTimeString,
} from '@/lib/date-time';

const SERVER_TIME = '2026-11-03T09:30:00+08:00';
const FORMATS = { formatDateTime, formatDate, formatClock, formatChineseDate, formatChineseMonth };
const PATTERNS: Record<keyof typeof FORMATS, string> = {
  formatDateTime: 'YYYY-MM-DD HH:mm',
  formatDate: 'YYYY-MM-DD',
  formatClock: 'HH:mm',
  formatChineseDate: 'YYYY年M月D日',
  formatChineseMonth: 'YYYY年M月',
};

describe('date and time formats', () => {
  it.each(Object.entries(PATTERNS))(
    '%s shows a server time in the phone’s own time zone, as dayjs’s %s would',
    (name, pattern) => {
      const format = FORMATS[name as keyof typeof FORMATS];
      expect(format(SERVER_TIME)).toBe(dayjs(SERVER_TIME).format(pattern));
      expect(format(dayjs(SERVER_TIME).valueOf())).toBe(dayjs(SERVER_TIME).format(pattern));
      expect(format(new Date(SERVER_TIME))).toBe(dayjs(SERVER_TIME).format(pattern));
    },
  );

  it.each([
    ['absent', undefined],
    ['null', null],
    ['empty', ''],
    ['unreadable', 'garbage'],
  ])('every format shows — for a value that is %s', (_, value) => {
    expect(NO_DATE_TEXT).toBe('—');
    for (const format of Object.values(FORMATS)) {
      expect(format(value)).toBe(NO_DATE_TEXT);
    }
  });

  it('pads single digits', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 7, 3))).toBe('2026-01-05 07:03');
    expect(formatChineseDate(new Date(2026, 0, 5))).toBe('2026年1月5日');
  });
});

describe('toDateTimeString', () => {
  it('writes the contract’s ISO date-time with the device offset, to the minute', () => {
    const written = toDateTimeString(new Date(2026, 10, 23, 9, 5, 42, 7));
    expect(written).toMatch(/^2026-11-23T09:05:00[+-]\d\d:\d\d$/);
    expect(formatDateTime(written)).toBe('2026-11-23 09:05');
  });

  it.each([
    ['winter', new Date(2026, 0, 5, 23, 59, 59)],
    ['summer', new Date(2026, 6, 5, 0, 0, 1)],
  ])('writes the same instant and offset as dayjs would (%s)', (_, date) => {
    expect(toDateTimeString(date)).toBe(dayjs(date).second(0).millisecond(0).format('YYYY-MM-DDTHH:mm:ssZ'));
  });
});

describe('addYears', () => {
  it('moves the date by whole years, 29 February to 28 February', () => {
    expect(formatDateTime(addYears(new Date(2026, 10, 3, 9, 30), 1))).toBe('2027-11-03 09:30');
    expect(formatDate(addYears(new Date(2028, 1, 29), -1))).toBe('2027-02-28');
    expect(formatDate(addYears(new Date(2028, 1, 29), 1))).toBe('2029-02-28');
  });
});
