import * as v from 'valibot';
import { fieldOf } from '@/lib/field-path';
import { reportContractDifference } from '@/lib/observability';
import { isSoftIssue } from '@/types/schema-kit';

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
  /**
   * Whether the page needs the field (src/types/schema-kit.ts, FieldRole): a difference in an essential
   * field refuses the answer; any other is reported and the answer is used.
   */
  essential: boolean;
}

/**
 * An answer the app can use, with what differed in fields it can do without; or a refusal, with every
 * difference (the essential ones are why).
 */
export type ContractResult<T> =
  | { ok: true; value: T; differences: ContractDifference[] }
  | { ok: false; differences: ContractDifference[] };

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

/** Checks and normalises an answer with its schema (a tolerant reader: see FieldRole). */
export function checkContract<T>(schema: v.GenericSchema<unknown, T>, data: unknown): ContractResult<T> {
  const result = v.safeParse(schema, data);
  if (result.success) return { ok: true, value: result.output, differences: [] };
  const differences = result.issues.map((issue) => ({
    path: pathOf(issue),
    expected: expectedOf(issue),
    received: jsonTypeOf(issue.input),
    essential: !isSoftIssue(issue),
  }));
  // Only display-only and optional fields differ: their places hold what the schema gives for them.
  if (result.typed && differences.every((difference) => !difference.essential)) {
    return { ok: true, value: result.output, differences };
  }
  return { ok: false, differences };
}

/**
 * One line per difference, e.g. "records[0].id: expected id (string or safe integer), received boolean
 * (essential)". Also printed by `npm run contract` (scripts/contract/).
 */
export function formatDifferences(differences: readonly ContractDifference[]): string[] {
  return differences.map(
    (difference) =>
      `${difference.path || '(answer)'}: expected ${difference.expected}, received ${difference.received}` +
      ` (${difference.essential ? 'essential' : 'display-only'})`,
  );
}

/** Endpoint and field already reported: a difference is logged once, not on every answer. */
const reported = new Set<string>();

/**
 * Reports where an answer differed (the endpoint, each field's path and types, never a value), once
 * per endpoint and field: display-only ones as a warning (the page went on), essential ones as an error;
 * in the console (and so vConsole), and to error reporting where it is configured.
 */
export function reportDifferences(endpoint: string, differences: readonly ContractDifference[]): void {
  const fresh = differences.filter((difference) => {
    const key = `${endpoint} ${fieldOf(difference.path)}`;
    if (reported.has(key)) return false;
    reported.add(key);
    return true;
  });
  if (fresh.length === 0) return;
  for (const difference of fresh) reportContractDifference({ endpoint, ...difference });
  const essential = fresh.some((difference) => difference.essential);
  const lines = formatDifferences(
    fresh.map((difference) => ({ ...difference, path: fieldOf(difference.path) })),
  );
  const log = essential ? console.error : console.warn;
  log(
    `[contract] ${endpoint} answered ${essential ? 'without a field the page needs' : 'a shape the app does not expect (the page went on)'}:\n` +
      lines.map((line) => `  ${line}`).join('\n'),
  );
}

/** Tests only: report every difference again. */
export function resetReportedDifferences(): void {
  reported.clear();
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
