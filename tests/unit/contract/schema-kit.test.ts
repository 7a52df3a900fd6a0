import * as v from 'valibot';
import {
  boolean,
  date,
  dateTime,
  id,
  integer,
  labelOf,
  openEnum,
  optionalDateTime,
  optionalId,
  text,
  textOrEmpty,
} from '@/types/schema-kit';

const accepts = (schema: v.GenericSchema, input: unknown) => v.parse(schema, input);
const refuses = (schema: v.GenericSchema, input: unknown) =>
  expect(v.safeParse(schema, input).success).toBe(false);

describe('the contract building blocks', () => {
  it('hold every id as a string', () => {
    expect(accepts(id, 11)).toBe('11');
    expect(accepts(id, '11')).toBe('11');
    expect(accepts(id, 'a1b2')).toBe('a1b2');
    expect(accepts(optionalId, null)).toBeUndefined();
    expect(accepts(optionalId, '')).toBeUndefined();
    refuses(id, '');
    refuses(id, 1.5);
    // Beyond 2^53 JSON.parse has already changed the digits: refused, not shown as another record.
    refuses(id, 2 ** 53 + 2);
  });

  it.each([
    ['2026-11-03 09:30:00', '2026-11-03T09:30:00+08:00'],
    ['2026-11-03 09:30', '2026-11-03T09:30:00+08:00'],
    ['2026-11-03T09:30:00', '2026-11-03T09:30:00+08:00'],
    ['2026-11-03T09:30:00+08:00', '2026-11-03T09:30:00+08:00'],
    ['2026-11-03T01:30:00.000Z', '2026-11-03T09:30:00+08:00'],
    ['2026-11-03T01:30:00Z', '2026-11-03T09:30:00+08:00'],
    ['2026-11-03T02:30:00+0900', '2026-11-03T01:30:00+08:00'],
    ['2026-12-31 23:59:59', '2026-12-31T23:59:59+08:00'],
  ])('reads the date-time %s as China time %s', (input, held) => {
    expect(accepts(dateTime, input)).toBe(held);
  });

  it.each([
    '2026/11/03 09:30:00',
    '2026-02-30 10:00:00',
    '2026-11-03 24:00:00',
    '03-11-2026',
    '',
    1767225600,
  ])('refuses %s as a date-time', (input) => refuses(dateTime, input));

  it('takes a missing or empty optional date-time as absent', () => {
    expect(accepts(optionalDateTime, null)).toBeUndefined();
    expect(accepts(optionalDateTime, '')).toBeUndefined();
    expect(accepts(optionalDateTime, '2026-11-03 09:30:00')).toBe('2026-11-03T09:30:00+08:00');
  });

  it('keeps the calendar date of a date with a time', () => {
    expect(accepts(date, '1956-03-15')).toBe('1956-03-15');
    expect(accepts(date, '1956-03-15 00:00:00')).toBe('1956-03-15');
    refuses(date, '15/03/1956');
  });

  it('reads numbers and yes/no the ways servers send them', () => {
    expect(accepts(integer, '12')).toBe(12);
    expect(accepts(integer, 12)).toBe(12);
    refuses(integer, '12.5');
    refuses(integer, 'twelve');
    expect([1, '1', 'true', true].map((value) => accepts(boolean, value))).toEqual([true, true, true, true]);
    expect([0, '0', 'false', false].map((value) => accepts(boolean, value))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    refuses(boolean, 'yes');
  });

  it('takes a number as its digits, but refuses one JSON has already rounded', () => {
    expect(accepts(text, 13800001111)).toBe('13800001111');
    expect(accepts(textOrEmpty, null)).toBe('');
    refuses(text, Number('110101195603150028'));
  });

  it('keeps a value of a known list the app does not know, and shows it as the server wrote it', () => {
    const status = openEnum(['draft', 'submitted']);
    expect(accepts(status, '已作废')).toBe('已作废');
    expect(accepts(status, 2)).toBe('2');
    const labels: Record<'draft' | 'submitted', string> = { draft: '待提交', submitted: '已提交' };
    expect(labelOf(labels, accepts(status, '已作废') as string)).toBe('已作废');
    expect(labelOf(labels, 'draft')).toBe('待提交');
  });
});
