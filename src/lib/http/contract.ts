import * as v from 'valibot';

/**
 * Where an answer differs from its schema (src/types/api.ts): the field's path, what the schema expects
 * and the type that arrived. Never the value itself: answers carry names, ID cards and phone numbers.
 */
export interface ContractDifference {
  /** e.g. 'records[3].tube.status'; '' for the whole answer. */
  path: string;
  expected: string;
  /** The JSON type that arrived: string, number, boolean, null, array, object, or missing. */
  received: string;
}

export type ContractResult<T> = { ok: true; value: T } | { ok: false; differences: ContractDifference[] };

/** The JSON type of a value, for diagnostics. */
function jsonTypeOf(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function pathOf(issue: v.BaseIssue<unknown>): string {
  let path = '';
  for (const item of issue.path ?? []) {
    const key = item.key;
    if (typeof key === 'number') path += `[${key}]`;
    else path += path ? `.${String(key)}` : String(key);
  }
  return path;
}

/**
 * What the schema wanted. The schema kit gives every check a message that names the expected form;
 * valibot's own default messages quote the value, so they are never used.
 */
function expectedOf(issue: v.BaseIssue<unknown>): string {
  if (!issue.message.startsWith('Invalid ')) return issue.message;
  return issue.kind === 'schema' ? (issue.expected ?? issue.type) : issue.type;
}

/** Checks and normalises an answer with its schema. */
export function checkContract<T>(schema: v.GenericSchema<unknown, T>, data: unknown): ContractResult<T> {
  const result = v.safeParse(schema, data);
  if (result.success) return { ok: true, value: result.output };
  return {
    ok: false,
    differences: result.issues.map((issue) => ({
      path: pathOf(issue),
      expected: expectedOf(issue),
      received: jsonTypeOf(issue.input),
    })),
  };
}

/** One line per difference, e.g. "records[0].id: expected id (string or safe integer), received boolean". */
export function formatDifferences(differences: readonly ContractDifference[]): string[] {
  return differences.map(
    (difference) =>
      `${difference.path || '(answer)'}: expected ${difference.expected}, received ${difference.received}`,
  );
}

/**
 * The responseData of a refused call's body (ApiError.body), checked and normalised by `schema`;
 * undefined when there is none or it differs (the refusal itself is already shown).
 */
export function failureData<T>(body: unknown, schema: v.GenericSchema<unknown, T>): T | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const checked = checkContract(schema, (body as { responseData?: unknown }).responseData);
  return checked.ok ? checked.value : undefined;
}
