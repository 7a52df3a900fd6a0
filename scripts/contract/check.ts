// One call and its verdict: OK, DIFF (each field: what the app does, what to change) or FAIL.
import { checkContract, formatDifferences, type ContractDifference } from '@/lib/http/contract';
import { fieldOf } from '@/lib/field-path';
import type { Answer, Call, EnvelopeSeen, Payload } from './client';
import { advice, isObject, isPageSchema, shapeOf, unreadFields } from './diff';
import { stepName, type JsonStep, type Step } from './plan';

/**
 * ok: the answer matches; display-only: only fields the page can do without differ; refused: the app
 * refuses the answer; failed: no usable answer (HTTP, envelope, network, a refusal by the server);
 * skipped: not called (the list before it had no record to open).
 */
type Verdict = 'ok' | 'display-only' | 'refused' | 'failed' | 'skipped';

/** What a dictionary call answered, for the dictionary path's switch. */
export interface DictionaryAnswer {
  code: string;
  records: boolean;
  empty: boolean;
  /** False when the server did not answer at all (the switch is then not judged). */
  answered: boolean;
}

export interface CallOutcome {
  name: string;
  verdict: Verdict;
  /** What to print, in order. */
  lines: string[];
  /** The envelope of a JSON answer. */
  envelope?: EnvelopeSeen;
  /** A page answer's paging: whether it carried total. */
  page?: { total: boolean };
  dictionary?: DictionaryAnswer;
  /** The answer as the app reads it, when it can (checked and normalised by the step's schema). */
  value?: unknown;
  /** The answer's responseData as it came (a write's saved id is read from it). */
  data?: unknown;
  /** A call whose answer carries personal data (Step.personal), answered: its Cache-Control (null: none). */
  personal?: { cacheControl: string | null };
}

/** The envelope and responseData's shape of a JSON answer (never a value). */
export function answerLine(envelope: EnvelopeSeen, data: unknown): string {
  return (
    `     answer: statusCode ${envelope.statusCode}, responseMessage ${envelope.responseMessage ? 'present' : 'absent'}, ` +
    `responseData ${envelope.responseData ? shapeOf(data) : 'absent'}`
  );
}

function dictionaryAnswer(step: JsonStep, answer: Answer): DictionaryAnswer | undefined {
  if (!step.dictionary) return undefined;
  const records =
    answer.ok && answer.kind === 'json' && isObject(answer.data) ? answer.data.records : undefined;
  return {
    code: step.dictionary,
    records: Array.isArray(records),
    empty: Array.isArray(records) && records.length === 0,
    answered: answer.ok || !answer.problem.startsWith('no answer'),
  };
}

/** Each differing field once (a list's records differ alike), with what to change. */
function differenceLines(
  step: JsonStep,
  differences: readonly ContractDifference[],
  data: unknown,
): string[] {
  const byField = new Map<string, ContractDifference>();
  for (const difference of differences) {
    const field = fieldOf(difference.path);
    if (!byField.has(field)) byField.set(field, difference);
  }
  const lines = [...byField].flatMap(([field, difference]) => [
    `     ${formatDifferences([{ ...difference, path: field }])[0]}`,
    `       ${advice(difference, step)}`,
  ]);
  const unread = unreadFields(step.schema, data);
  if (unread.size > 0) lines.push(`     fields sent but not read by the app: ${[...unread].join(', ')}`);
  return lines;
}

/** Calls one read (a JSON answer or a file) and judges its answer. */
export async function checkRead(
  call: Call,
  step: Step,
  payload: Payload | undefined,
  { printShape = false }: { printShape?: boolean } = {},
): Promise<CallOutcome> {
  const name = stepName(step);
  const answer = await call(step.method, step.path, payload);
  const dictionary = step.file ? undefined : dictionaryAnswer(step, answer);
  if (!answer.ok) return { name, verdict: 'failed', lines: [`FAIL ${name}: ${answer.problem}`], dictionary };
  const personal = step.personal ? { cacheControl: answer.cacheControl } : undefined;
  if (step.file) {
    if (answer.kind === 'file' && answer.file.bytes > 0) {
      return {
        name,
        verdict: 'ok',
        lines: [`OK   ${name} (${answer.file.contentType}, ${answer.file.bytes} bytes)`],
        personal,
      };
    }
    const got = answer.kind === 'file' ? 'an empty file' : 'a JSON answer';
    return { name, verdict: 'failed', lines: [`FAIL ${name}: expected a file, got ${got}`] };
  }
  if (answer.kind === 'file') {
    return {
      name,
      verdict: 'failed',
      lines: [`FAIL ${name}: expected a JSON answer, got ${answer.file.contentType}`],
    };
  }
  const { envelope, data } = answer;
  const page = isPageSchema(step.schema) ? { total: isObject(data) && data.total != null } : undefined;
  const checked = checkContract(step.schema, data);
  const verdict: Verdict = checked.differences.length === 0 ? 'ok' : checked.ok ? 'display-only' : 'refused';
  const lines =
    verdict === 'ok'
      ? [`OK   ${name}`]
      : [
          `DIFF ${name}: ${checked.ok ? 'the page works (no essential field differs)' : 'the app refuses this answer'}`,
          ...differenceLines(step, checked.differences, data),
        ];
  if (printShape) lines.push(answerLine(envelope, data));
  return {
    name,
    verdict,
    lines,
    envelope,
    page,
    dictionary,
    value: checked.ok ? checked.value : undefined,
    data,
    personal,
  };
}
