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
 * What a field is to the app, read back by the contract document (docs/api-contract.md) and by
 * `npm run contract`:
 * - 'essential': the page or a rule needs it (an id it links with, a status a rule reads). Missing,
 *   null or of another form, the answer is refused: a contract error that names the call.
 * - 'display': shown, but the page does its job without it. Missing or of another form, it is held as
 *   `whenMissing` (the page shows — or leaves the line out) and the difference is reported once
 *   (console, error reporting), never shown to the user. null is "no value" and not reported.
 * - 'optional': often legitimately absent (a report id before there is a report). Missing or null is
 *   absent, silently; another form is held as absent and reported like a display field.
 */
type FieldRole = 'essential' | 'display' | 'optional';

export interface FieldTag {
  kind: keyof typeof EXPECTED | 'enum' | 'list' | 'object' | 'record';
  role: FieldRole;
  /** What the app holds when the field is missing ('required' for an essential field). */
  whenMissing: 'required' | 'absent' | "''" | '0' | 'false' | '[]' | '{}';
  known?: readonly string[];
}

/** The schema with its tag attached (a metadata action changes nothing about the value). */
function tagged<const S extends v.GenericSchema>(schema: S, field: FieldTag) {
  return v.pipe(schema, v.metadata<v.InferOutput<S>, { readonly field: FieldTag }>({ field }));
}

/**
 * Issues of display and optional fields: carried up to the answer with their full path (valibot adds
 * the path as an issue passes each object and list), reported, and never a reason to refuse it.
 */
const softIssues = new WeakSet<object>();

/** True for a difference in a field the page can do without (see FieldRole). */
export function isSoftIssue(issue: v.BaseIssue<unknown>): boolean {
  return softIssues.has(issue);
}

/** Stands for a key the answer does not have, so that an object schema still runs the field's check. */
const MISSING = Symbol('missing');

interface Dataset {
  typed: boolean;
  value: unknown;
  issues?: v.BaseIssue<unknown>[];
}

function missingIssue(expected: string): v.BaseIssue<unknown> {
  const issue = {
    kind: 'schema',
    type: 'missing',
    input: undefined,
    expected,
    received: 'missing',
    message: expected,
  } as v.BaseIssue<unknown>;
  softIssues.add(issue);
  return issue;
}

/**
 * A field the page can do without (role 'display' or 'optional'): `inner` checks and normalises a
 * value that is there; a missing, null or differing value is held as `fallback()`.
 */
function softField<TOutput>(
  inner: v.GenericSchema<unknown, TOutput>,
  fallback: () => TOutput,
  field: FieldTag,
): v.GenericSchema<unknown, TOutput> {
  const expected = field.kind in EXPECTED ? EXPECTED[field.kind as keyof typeof EXPECTED] : field.kind;
  const schema = {
    kind: 'schema',
    // 'nullish' with a default: an object schema runs the check for a missing key too (with MISSING).
    type: 'nullish',
    reference: softField,
    expects: expected,
    async: false,
    wrapped: inner,
    default: () => MISSING,
    '~run'(dataset: Dataset, config: v.Config<v.BaseIssue<unknown>>): Dataset {
      const value = dataset.value;
      if (value === MISSING || value === undefined) {
        return field.role === 'display'
          ? { typed: true, value: fallback(), issues: [missingIssue(expected)] }
          : { typed: true, value: fallback() };
      }
      if (value === null || (value === '' && field.kind !== 'text'))
        return { typed: true, value: fallback() };
      const checked = (inner as unknown as { '~run': (d: Dataset, c: typeof config) => Dataset })['~run'](
        { typed: false, value },
        config,
      );
      if (!checked.issues) return checked;
      // Differences inside a field that is itself in order (a display date of a tube shown) stay there.
      if (checked.typed && checked.issues.every(isSoftIssue)) return checked;
      for (const issue of checked.issues) softIssues.add(issue);
      return { typed: true, value: fallback(), issues: checked.issues };
    },
  };
  return tagged(schema as unknown as v.GenericSchema<unknown, TOutput>, field);
}

/**
 * A soft field held as absent when missing: typed as valibot's optional schema, so that the key is
 * optional (`field?: T`) in the types inferred from the schemas, as for any optional field.
 */
function absentWhenMissing<TOutput>(
  inner: v.GenericSchema<unknown, TOutput>,
  field: FieldTag,
): v.OptionalSchema<v.GenericSchema<unknown, TOutput>, undefined> {
  return softField<TOutput | undefined>(inner, () => undefined, field) as unknown as v.OptionalSchema<
    v.GenericSchema<unknown, TOutput>,
    undefined
  >;
}

/** An id, sent as a string or a number; always a string inside the app (ids are compared with ===). */
const idValue = v.pipe(
  v.union(
    [v.pipe(v.string(), v.minLength(1, EXPECTED.id)), v.pipe(v.number(), v.safeInteger(EXPECTED.id))],
    EXPECTED.id,
  ),
  v.transform((value): string => String(value)),
);

/** An id the page links with or a rule reads. */
export const id = tagged(idValue, { kind: 'id', role: 'essential', whenMissing: 'required' });

/** An id that is often absent (a report before there is one): null, '' or missing is absent. */
export const optionalId = absentWhenMissing<string>(idValue, {
  kind: 'id',
  role: 'optional',
  whenMissing: 'absent',
});

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
export const dateTime = tagged(dateTimeText, {
  kind: 'dateTime',
  role: 'essential',
  whenMissing: 'required',
});

/** A date-time the page shows (a publish time): when missing or unreadable, the page shows — or leaves it out. */
export const displayDateTime = absentWhenMissing<string>(dateTimeText, {
  kind: 'dateTime',
  role: 'display',
  whenMissing: 'absent',
});

/** A date-time that is often absent (read at, submitted at): null, '' or missing is absent. */
export const optionalDateTime = absentWhenMissing<string>(dateTimeText, {
  kind: 'dateTime',
  role: 'optional',
  whenMissing: 'absent',
});

/** A calendar date: 'YYYY-MM-DD', also accepted with a time after it (which is dropped). */
const dateText = v.pipe(
  v.string(EXPECTED.date),
  v.regex(/^\d{4}-\d{2}-\d{2}(?:[T ].*)?$/, EXPECTED.date),
  v.transform((text) => text.slice(0, 10)),
);

/** A calendar date the page shows (a birth date). */
export const displayDate = absentWhenMissing<string>(dateText, {
  kind: 'date',
  role: 'display',
  whenMissing: 'absent',
});

const DECIMAL = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)\s*$/;

const numberValue = v.pipe(
  v.union(
    [v.number(), v.pipe(v.string(), v.regex(DECIMAL, EXPECTED.number), v.transform(Number))],
    EXPECTED.number,
  ),
  v.finite(EXPECTED.number),
);
const integerValue = v.pipe(numberValue, v.integer(EXPECTED.integer));

/** An integer a rule reads, also as a string ('12'). */
export const integer = tagged(integerValue, { kind: 'integer', role: 'essential', whenMissing: 'required' });

/** An integer the page shows (an age). */
export const displayInteger = absentWhenMissing<number>(integerValue, {
  kind: 'integer',
  role: 'display',
  whenMissing: 'absent',
});

/** An integer that is often absent (a page's total, a text answer's length limit). */
export const optionalInteger = absentWhenMissing<number>(integerValue, {
  kind: 'integer',
  role: 'optional',
  whenMissing: 'absent',
});

/** A count the page can do without (a file size, a number of questions): missing or null is 0. */
export const countOrZero = softField<number>(integerValue, () => 0, {
  kind: 'integer',
  role: 'optional',
  whenMissing: '0',
});

const booleanValue = v.pipe(
  v.union([v.boolean(), v.picklist([1, 0, '1', '0', 'true', 'false'])], EXPECTED.boolean),
  v.transform((value): boolean => value === true || value === 1 || value === '1' || value === 'true'),
);

/** A yes/no a rule reads, also as 1/0 or 'true'/'false'. */
export const boolean = tagged(booleanValue, { kind: 'boolean', role: 'essential', whenMissing: 'required' });

/** A yes/no the page shows (read, family history): false when missing. */
export const booleanOrFalse = softField<boolean>(booleanValue, () => false, {
  kind: 'boolean',
  role: 'display',
  whenMissing: 'false',
});

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

const textString = v.pipe(
  textValue,
  v.transform((value): string => String(value)),
);

/** Text the page or a rule needs (a token, a dictionary label). A number is taken as its digits. */
export const text = tagged(textString, { kind: 'text', role: 'essential', whenMissing: 'required' });

/** Text the page shows (a name, a title): missing is '' and the page shows — or leaves it out. */
export const textOrEmpty = softField<string>(textString, () => '', {
  kind: 'text',
  role: 'display',
  whenMissing: "''",
});

/** Text that is often absent (a doctor's name, an account name): null, '' or missing is absent. */
export const optionalText = absentWhenMissing<string | undefined>(
  v.pipe(
    textString,
    v.transform((value): string | undefined => value || undefined),
  ),
  { kind: 'text', role: 'optional', whenMissing: 'absent' },
);

/**
 * A value the app knows a list of, but the server may add to. A known value keeps its literal type;
 * an unknown one is kept as the server's text (pages show it as is) rather than failing the answer.
 * Numbers are taken as their digits ('1' and 1 are the same code).
 */
export type Open<T extends string> = T | (string & {});

const enumText = v.pipe(
  v.union([v.pipe(v.string(), v.minLength(1, EXPECTED.text)), v.number()], EXPECTED.text),
  v.transform((value): string => String(value)),
);

/** A value of a known list that a rule reads (a status). */
export function openEnum<const T extends string>(known: readonly T[]) {
  return tagged(
    v.pipe(
      enumText,
      v.transform((value): Open<T> => value),
    ),
    {
      kind: 'enum',
      role: 'essential',
      whenMissing: 'required',
      known,
    },
  );
}

/** A value of a known list the page shows (a message's type): missing is absent. */
export function displayEnum<const T extends string>(known: readonly T[]) {
  return absentWhenMissing<Open<T>>(enumText, {
    kind: 'enum',
    role: 'display',
    whenMissing: 'absent',
    known,
  });
}

/** A value of a known list that is often absent: null, '' or missing is absent. */
export function optionalOpenEnum<const T extends string>(known: readonly T[]) {
  return absentWhenMissing<Open<T>>(enumText, {
    kind: 'enum',
    role: 'optional',
    whenMissing: 'absent',
    known,
  });
}

/**
 * The label of a known value, the server's own text for a value the app does not know, or '' when a
 * display-only value is missing (the page shows —).
 */
export function labelOf<T extends string>(
  labels: Readonly<Record<T, string>>,
  value: Open<T> | undefined,
): string {
  if (value === undefined) return '';
  return Object.prototype.hasOwnProperty.call(labels, value) ? labels[value as T] : value;
}

/** A list the page needs; null is empty (servers often send null for "none"), missing refuses the answer. */
export function list<const S extends v.GenericSchema>(item: S) {
  return tagged(
    v.nullable(v.array(item), () => []),
    { kind: 'list', role: 'essential', whenMissing: 'required' },
  );
}

/**
 * A list the page can do without (a tube's timeline, an announcement's attachments): missing, null or
 * differing (an item without its id) is empty, and the difference is reported.
 */
export function listOrEmpty<const S extends v.GenericSchema>(item: S) {
  return softField<v.InferOutput<S>[]>(v.array(item), () => [], {
    kind: 'list',
    role: 'display',
    whenMissing: '[]',
  });
}

/** An object of values the page shows (a response's answers): missing, null or differing is `{}`. */
export function displayRecord<TOutput extends Record<string, unknown>>(
  schema: v.GenericSchema<unknown, TOutput>,
) {
  return softField<TOutput>(schema, () => ({}) as TOutput, {
    kind: 'record',
    role: 'display',
    whenMissing: '{}',
  });
}

/** An object that is often absent (the tube bound to a registration): null or missing is absent. */
export function optionalObject<const S extends v.GenericSchema>(schema: S) {
  return absentWhenMissing<v.InferOutput<S>>(schema, {
    kind: 'object',
    role: 'optional',
    whenMissing: 'absent',
  });
}

/**
 * A page of results. The spec shows `records` only, so it is what the app requires; `total` is kept
 * when the server sends it (more pages are then known exactly), else a full page means there may be
 * more. pageIndex and pageSize are not read.
 */
export function page<const S extends v.GenericSchema>(item: S) {
  return v.object({ records: list(item), total: optionalInteger });
}
