import * as v from 'valibot';
import { checkContract } from '@/lib/http/contract';
import {
  boolean,
  booleanOrFalse,
  countOrZero,
  dateTime,
  displayDate,
  displayDateTime,
  displayEnum,
  displayInteger,
  list,
  listOrEmpty,
  optionalInteger,
  optionalObject,
  optionalOpenEnum,
  optionalText,
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
    expect(accepts(displayDate, '1956-03-15')).toBe('1956-03-15');
    expect(accepts(displayDate, '1956-03-15 00:00:00')).toBe('1956-03-15');
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

/** A record with one field of each role, as the schemas in src/types/api.ts combine them. */
const record = v.object({
  id,
  status: openEnum(['draft', 'submitted']),
  name: textOrEmpty,
  sentAt: displayDateTime,
  reportId: optionalId,
});

describe('the tolerant reader: what a page needs refuses an answer, what it shows does not', () => {
  it.each([
    ['a display field of another form', { id: 1, status: 'draft', name: { a: 1 } }, { name: '' }, ['name']],
    [
      'a display field missing',
      { id: 1, status: 'draft' },
      { name: '', sentAt: undefined },
      ['name', 'sentAt'],
    ],
    [
      'an unreadable display date',
      { id: 1, status: 'draft', name: 'x', sentAt: '03/11' },
      { sentAt: undefined },
      ['sentAt'],
    ],
    [
      'an optional field of another form',
      { id: 1, status: 'draft', name: 'x', reportId: true },
      { reportId: undefined },
      ['reportId'],
    ],
  ])('keeps the answer with %s, and reports it', (_case, input, held, paths) => {
    const result = checkContract(record, input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({ id: '1', ...held });
    expect(result.differences.map((difference) => difference.path)).toEqual(expect.arrayContaining(paths));
    expect(result.differences.every((difference) => !difference.essential)).toBe(true);
  });

  it.each([
    ['null', null],
    ['missing', undefined],
  ])('says nothing of an optional field that is %s, nor of a display field that is null', (_case, value) => {
    const result = checkContract(record, {
      id: 1,
      status: 'draft',
      name: null,
      sentAt: null,
      reportId: value,
    });
    expect(result).toEqual({
      ok: true,
      value: { id: '1', status: 'draft', name: '', sentAt: undefined, reportId: undefined },
      differences: [],
    });
  });

  it.each([
    ['the id missing', { status: 'draft', name: 'x' }, 'id'],
    ['the status of another form', { id: 1, status: { code: 1 }, name: 'x' }, 'status'],
  ])('refuses the answer with %s, and marks that difference essential', (_case, input, path) => {
    const result = checkContract(record, input);
    expect(result.ok).toBe(false);
    expect(result.differences).toContainEqual(expect.objectContaining({ path, essential: true }));
  });

  it('drops a display list whose item lacks what it needs, and refuses a needed list that is missing', () => {
    const attachments = listOrEmpty(v.object({ id }));
    expect(checkContract(attachments, [{ id: 1 }, { name: 'a.pdf' }])).toMatchObject({ ok: true, value: [] });
    expect(checkContract(v.object({ records: list(v.object({ id })) }), {}).ok).toBe(false);
    expect(checkContract(v.object({ records: list(v.object({ id })) }), { records: null })).toMatchObject({
      ok: true,
      value: { records: [] },
    });
  });

  it.each([
    [displayInteger, '12', 12],
    [optionalInteger, null, undefined],
    [countOrZero, undefined, 0],
    [booleanOrFalse, 1, true],
    [displayEnum(['a']), 'b', 'b'],
    [optionalOpenEnum(['a']), '', undefined],
    [optionalText, '', undefined],
    [optionalObject(v.object({ code: text })), { code: 7 }, { code: '7' }],
  ] as const)('reads a value each building block accepts (%#)', (schema, input, held) => {
    expect(checkContract(schema as v.GenericSchema, input)).toMatchObject({ ok: true, value: held });
  });
});
