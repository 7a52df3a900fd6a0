import * as v from 'valibot';

/**
 * The building blocks of the response schemas (src/types/api.ts). Each accepts the ways real servers
 * vary on a value and outputs the one form the app uses, so nothing past the API boundary sees the
 * difference. Every check carries its own message: a default valibot message would quote the value,
 * and diagnostics must never carry personal data.
 */

/** What a field must look like, as diagnostics print it ("expected"). */
const EXPECTED = {
  id: 'id (string or safe integer)',
  dateTime: "date-time ('YYYY-MM-DD HH:mm:ss' or ISO 8601)",
  date: "date ('YYYY-MM-DD')",
  number: 'number (or numeric string)',
  integer: 'integer (or integer string)',
  boolean: 'boolean (true/false, 1/0)',
  text: 'string',
} as const;

/**
 * What a building block is and what a missing value becomes, read back by the contract document
 * (docs/api-contract.md): 'required' means a missing or null value is a contract mismatch.
 */
export interface FieldTag {
  kind: keyof typeof EXPECTED | 'enum' | 'list';
  whenMissing: 'required' | 'absent' | "''" | '0' | 'false' | '[]';
  known?: readonly string[];
}

/** The schema with its tag attached (a metadata action changes nothing about the value). */
function tagged<const S extends v.GenericSchema>(schema: S, field: FieldTag) {
  return v.pipe(schema, v.metadata<v.InferOutput<S>, { readonly field: FieldTag }>({ field }));
}

/** An id, sent as a string or a number; always a string inside the app (ids are compared with ===). */
export const id = tagged(
  v.pipe(
    v.union(
      [v.pipe(v.string(), v.minLength(1, EXPECTED.id)), v.pipe(v.number(), v.safeInteger(EXPECTED.id))],
      EXPECTED.id,
    ),
    v.transform((value): string => String(value)),
  ),
  { kind: 'id', whenMissing: 'required' },
);

/** An optional id: null, '' or missing is absent. */
export const optionalId = tagged(
  v.pipe(
    v.nullish(v.union([v.string(), v.pipe(v.number(), v.safeInteger(EXPECTED.id))], EXPECTED.id)),
    v.transform((value): string | undefined =>
      value === null || value === undefined || value === '' ? undefined : String(value),
    ),
  ),
  { kind: 'id', whenMissing: 'absent' },
);

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
/** 'YYYY-MM-DD HH:mm[:ss[.sss]]' with 'T' or a space, and an optional zone ('Z', '+08:00', '+0800'). */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The instant as ISO 8601 in China Standard Time, e.g. '2026-11-03T09:30:00+08:00' (the app's form). */
export function toChinaIso(epochMs: number): string {
  const china = new Date(epochMs + CHINA_OFFSET_MS);
  return (
    `${china.getUTCFullYear()}-${pad(china.getUTCMonth() + 1)}-${pad(china.getUTCDate())}` +
    `T${pad(china.getUTCHours())}:${pad(china.getUTCMinutes())}:${pad(china.getUTCSeconds())}+08:00`
  );
}

/**
 * A date-time as servers send it, or undefined when it is not one: 'YYYY-MM-DD HH:mm:ss' without a
 * zone is China time (+08:00), as is ISO 8601 without a zone; an ISO 8601 value with 'Z' or an offset
 * is that instant. Out-of-range parts (month 13, 25 o'clock) are not a date-time.
 */
function normalizeDateTime(text: string): string | undefined {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = '00', zone] = match;
  const parts = [year, month, day, hour, minute, second].map(Number);
  const wallMs = Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5]);
  const wall = new Date(wallMs);
  if (
    wall.getUTCMonth() !== parts[1] - 1 ||
    wall.getUTCDate() !== parts[2] ||
    wall.getUTCHours() !== parts[3] ||
    parts[4] > 59 ||
    parts[5] > 59
  ) {
    return undefined;
  }
  let offsetMs = CHINA_OFFSET_MS;
  if (zone === 'Z') offsetMs = 0;
  else if (zone) {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMs = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60 * 1000;
  }
  return toChinaIso(wallMs - offsetMs);
}

const dateTimeText = v.pipe(
  v.string(EXPECTED.dateTime),
  v.check((text) => normalizeDateTime(text) !== undefined, EXPECTED.dateTime),
  v.transform((text) => normalizeDateTime(text) as string),
);

/** A date-time; always ISO 8601 in China time inside the app ('2026-11-03T09:30:00+08:00'), which dayjs reads on every webview. */
export const dateTime = tagged(dateTimeText, { kind: 'dateTime', whenMissing: 'required' });

/** An optional date-time: null, '' or missing is absent. */
export const optionalDateTime = tagged(
  v.pipe(
    v.nullish(v.union([v.literal(''), dateTimeText], EXPECTED.dateTime)),
    v.transform((value): string | undefined => value || undefined),
  ),
  { kind: 'dateTime', whenMissing: 'absent' },
);

/** A calendar date: 'YYYY-MM-DD', also accepted with a time after it (which is dropped). */
export const date = tagged(
  v.pipe(
    v.string(EXPECTED.date),
    v.regex(/^\d{4}-\d{2}-\d{2}(?:[T ].*)?$/, EXPECTED.date),
    v.transform((text) => text.slice(0, 10)),
  ),
  { kind: 'date', whenMissing: 'required' },
);

const DECIMAL = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)\s*$/;

const numberValue = v.pipe(
  v.union(
    [v.number(), v.pipe(v.string(), v.regex(DECIMAL, EXPECTED.number), v.transform(Number))],
    EXPECTED.number,
  ),
  v.finite(EXPECTED.number),
);
const integerValue = v.pipe(numberValue, v.integer(EXPECTED.integer));

/** An integer (a count, a size, a page number), also as a string ('12'). */
export const integer = tagged(integerValue, { kind: 'integer', whenMissing: 'required' });

/** A count the page can do without: null or missing is 0. */
export const countOrZero = tagged(
  v.pipe(
    v.nullish(integerValue, 0),
    v.transform((value): number => value ?? 0),
  ),
  { kind: 'integer', whenMissing: '0' },
);

const booleanValue = v.pipe(
  v.union([v.boolean(), v.picklist([1, 0, '1', '0', 'true', 'false'])], EXPECTED.boolean),
  v.transform((value): boolean => value === true || value === 1 || value === '1' || value === 'true'),
);

/** A yes/no, also as 1/0 or 'true'/'false'. */
export const boolean = tagged(booleanValue, { kind: 'boolean', whenMissing: 'required' });

/** A yes/no that is false when null or missing. */
export const booleanOrFalse = tagged(
  v.pipe(
    v.nullish(booleanValue, false),
    v.transform((value): boolean => value ?? false),
  ),
  { kind: 'boolean', whenMissing: 'false' },
);

/**
 * A string, or a number taken as its digits. Not an integer beyond 2^53: JSON.parse has already changed
 * its digits (an 18-digit ID card sent as a number), so it is refused rather than shown wrong.
 */
const textValue = v.union(
  [
    v.string(),
    v.pipe(
      v.number(),
      v.check((n) => !Number.isInteger(n) || Number.isSafeInteger(n), EXPECTED.text),
    ),
  ],
  EXPECTED.text,
);

/** Text a page must have (a name, a title). A number is taken as its digits. */
export const text = tagged(
  v.pipe(
    textValue,
    v.transform((value): string => String(value)),
  ),
  { kind: 'text', whenMissing: 'required' },
);

/** Text a page can show as blank: null or missing is ''. */
export const textOrEmpty = tagged(
  v.pipe(
    v.nullish(textValue, ''),
    v.transform((value): string => (value === null ? '' : String(value))),
  ),
  { kind: 'text', whenMissing: "''" },
);

/** Optional text: null, '' or missing is absent. */
export const optionalText = tagged(
  v.pipe(
    v.nullish(textValue),
    v.transform((value): string | undefined =>
      value === null || value === undefined || value === '' ? undefined : String(value),
    ),
  ),
  { kind: 'text', whenMissing: 'absent' },
);

/**
 * A value the app knows a list of, but the server may add to. A known value keeps its literal type;
 * an unknown one is kept as the server's text (pages show it as is) rather than failing the answer.
 * Numbers are taken as their digits ('1' and 1 are the same code).
 */
export type Open<T extends string> = T | (string & {});

export function openEnum<const T extends string>(known: readonly T[]) {
  return tagged(
    v.pipe(
      v.union([v.pipe(v.string(), v.minLength(1, EXPECTED.text)), v.number()], EXPECTED.text),
      v.transform((value): Open<T> => String(value)),
    ),
    { kind: 'enum', whenMissing: 'required', known },
  );
}

/** An optional open enum: null, '' or missing is absent. */
export function optionalOpenEnum<const T extends string>(known: readonly T[]) {
  return tagged(
    v.pipe(
      v.nullish(textValue),
      v.transform((value): Open<T> | undefined =>
        value === null || value === undefined || value === '' ? undefined : String(value),
      ),
    ),
    { kind: 'enum', whenMissing: 'absent', known },
  );
}

/** The label of a known value, or the server's own text for a value the app does not know. */
export function labelOf<T extends string>(labels: Readonly<Record<T, string>>, value: Open<T>): string {
  return Object.prototype.hasOwnProperty.call(labels, value) ? labels[value as T] : value;
}

/** A list; null or missing is empty (servers often send null for "none"). */
export function listOrEmpty<const S extends v.GenericSchema>(item: S) {
  return tagged(
    v.pipe(
      v.nullish(v.array(item), () => []),
      v.transform((value): v.InferOutput<S>[] => value ?? []),
    ),
    { kind: 'list', whenMissing: '[]' },
  );
}

/** A page of results (spec §3 shows `records`; total, pageIndex and pageSize are our assumption). */
export function page<const S extends v.GenericSchema>(item: S) {
  return v.object({
    records: listOrEmpty(item),
    total: integer,
    pageIndex: countOrZero,
    pageSize: countOrZero,
  });
}
