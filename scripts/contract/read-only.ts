import { mayCall } from './guard';
import type { Call } from './client';
import { checkRead, type CallOutcome } from './check';
import { merge, NOTHING_FOUND, readPlan, stepName, type Who } from './plan';

export interface ReadOnlyResult {
  outcomes: CallOutcome[];
  /** Every tube code on the first pages of registrations and reports. */
  tubeCodes: readonly string[];
}

/**
 * Every read the app makes, each answer checked with its schema; each outcome printed (`log`) as it
 * comes. The whole plan passes the write guard before the first call.
 */
export async function runReadOnly(
  clients: Readonly<Record<Who, Call | undefined>>,
  dictionaryPath: string,
  log: (line: string) => void,
): Promise<ReadOnlyResult> {
  const steps = readPlan({ withCheckUser: !!clients['check user'], dictionaryPath });
  for (const step of steps) mayCall(step.path, new Set());
  let found = NOTHING_FOUND;
  const outcomes: CallOutcome[] = [];
  for (const step of steps) {
    const call = clients[step.as];
    if (!call) continue;
    const payload = step.opens ? step.opens(found) : step.payload;
    const outcome: CallOutcome =
      step.opens && !payload
        ? {
            name: stepName(step),
            verdict: 'skipped',
            lines: [`SKIP ${stepName(step)}: the list before it had no record to open`],
          }
        : await checkRead(call, step, payload);
    outcome.lines.forEach((line) => log(line));
    outcomes.push(outcome);
    if (!step.file && outcome.value !== undefined) found = merge(found, step.keep?.(outcome.value));
  }
  return { outcomes, tubeCodes: found.tubeCodes };
}
