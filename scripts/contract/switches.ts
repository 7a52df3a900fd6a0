// Each switch of src/config/assumptions.ts: what this run found out about it, and whether its default
// is right for this server.
import { ASSUMPTIONS, type Assumptions } from '@/config/assumptions';
import { isTubeCode } from '@/lib/tube-code';
import { DICTIONARY_TYPE_CODES } from '@/types/api';
import { preflight, SPEC_HEADERS, type Call, type Preflight } from './client';
import type { DictionaryAnswer } from './check';
import { isObject } from './diff';
import { dictionaryQuery } from './plan';
import type { Journey } from './staging';

/** Stands in for the app's origin in the CORS preflight when --origin is not given. */
const DEFAULT_ORIGIN = 'https://app.example';

/** The switches' own read-only checks. */
export interface SwitchProbes {
  preflight: Preflight;
  /** What the default dictionary path answered, when this run reads another. */
  defaultDictionary?: string;
}

/**
 * The CORS preflight of a save, and the default dictionary path when this run reads another (a
 * one-item page of the first type code).
 */
export async function probeSwitches(
  staff: Call,
  { base, origin, dictionaryPath }: { base: string; origin: string | undefined; dictionaryPath: string },
): Promise<SwitchProbes> {
  const answer = await preflight(base, origin ?? DEFAULT_ORIGIN);
  const defaultPath = ASSUMPTIONS.dictionaryPath.defaultValue;
  if (dictionaryPath === defaultPath) return { preflight: answer };
  const probe = await staff('POST', defaultPath, dictionaryQuery(DICTIONARY_TYPE_CODES[0], 1));
  const records = probe.ok && probe.kind === 'json' && isObject(probe.data) ? probe.data.records : undefined;
  return {
    preflight: answer,
    defaultDictionary: Array.isArray(records)
      ? 'answers with records'
      : probe.ok
        ? 'no records'
        : probe.problem,
  };
}

/** One switch: what was found, the verdict, and whether that is a problem to fix before going live. */
export interface SwitchFinding {
  key: keyof Assumptions;
  found: string;
  verdict: string;
  problem: boolean;
}

/** What the run saw that bears on the switches. */
export interface SwitchEvidence {
  switches: Assumptions;
  /** Every dictionary call's answer, in order. */
  dictionary: readonly DictionaryAnswer[];
  probes: SwitchProbes;
  /** Whether the operator gave the app's origin (else the preflight used a stand-in). */
  originGiven: boolean;
  run:
    { staging: false; tubeCodes: readonly string[] } | { staging: true; tubeCode: string; journey: Journey };
}

type Judgement = Omit<SwitchFinding, 'key'>;
const fine = (found: string, verdict: string): Judgement => ({ found, verdict, problem: false });
const problem = (found: string, verdict: string): Judgement => ({ found, verdict, problem: true });

function dictionaryPath({ switches, dictionary, probes }: SwitchEvidence): Judgement {
  const { variable, defaultValue } = ASSUMPTIONS.dictionaryPath;
  const path = switches.dictionaryPath;
  const answered = dictionary.filter((entry) => entry.records).length;
  const works = answered === dictionary.length;
  const empty = dictionary.filter((entry) => entry.empty).map((entry) => entry.code);
  const found =
    `${path} ${works ? 'answers with records' : `answers without records for ${dictionary.length - answered} of ${dictionary.length} type codes`}` +
    (empty.length > 0
      ? `; no items for ${empty.join(', ')} (type codes: DICTIONARY_TYPE_CODES in src/types/api.ts)`
      : '') +
    (probes.defaultDictionary ? `; the default path: ${probes.defaultDictionary}` : '');
  if (!works && dictionary.every((entry) => entry.records || !entry.answered)) {
    return fine(found, 'inconclusive: the server did not answer; run again.');
  }
  if (path === defaultValue) {
    return works
      ? fine(found, 'the default is right.')
      : problem(
          found,
          `the default path is not this server's dictionary call: find it, try it with --dictionary-path, then build with ${variable}=<path>`,
        );
  }
  if (!works) return problem(found, `${path} is not this server's dictionary call`);
  return fine(
    found,
    probes.defaultDictionary === 'answers with records'
      ? 'the default works too.'
      : `the default is not right for this server: build with ${variable}=${path}.`,
  );
}

function idempotencyKey({ probes, originGiven, switches }: SwitchEvidence): Judgement {
  const answer = probes.preflight;
  const standIn = originGiven ? '' : " (a stand-in: give --origin <the app's origin>)";
  const heard = `OPTIONS ${answer.path} from ${answer.origin}${standIn}: `;
  if (answer.status === undefined) {
    return fine(heard + answer.problem, 'inconclusive: the server did not answer the preflight; run again.');
  }
  const found =
    heard +
    `HTTP ${answer.status}, Access-Control-Allow-Origin ${answer.allowOrigin ?? 'absent'}, ` +
    `Access-Control-Allow-Headers ${answer.allowHeaders ?? 'absent'}`;
  if (answer.problem || !answer.originAllowed) {
    const why = answer.problem ?? `the origin ${answer.origin} is not allowed`;
    return originGiven
      ? problem(
          found,
          `a browser on ${answer.origin} could send no save (${why}): the server's CORS must allow it`,
        )
      : fine(found, `inconclusive: ${why}; run again with --origin <the app's origin>.`);
  }
  const specRefused = answer.refused.filter((header) => SPEC_HEADERS.includes(header));
  if (specRefused.length > 0) {
    return problem(
      found,
      `the server's CORS does not allow ${specRefused.join(', ')}: the browser would refuse every save`,
    );
  }
  if (!answer.refused.includes('idempotency-key')) {
    return fine(
      found,
      'Idempotency-Key is allowed: the default (off) works; turn it on once the backend team confirms the ' +
        'server honours the key (CallOptions in src/types/api.ts).',
    );
  }
  return switches.idempotencyKey
    ? problem(
        found,
        'Idempotency-Key is not allowed, yet this run has the switch on: every save would fail its preflight (网络不可用 on the phone)',
      )
    : fine(
        found,
        'Idempotency-Key is not allowed: the default (off) is right; on, every save would fail its preflight.',
      );
}

const BIND_OUTCOME = {
  done: 'the server bound it',
  refused: 'the server refused to bind it (see above)',
  'not reached': 'the journey stopped before binding it',
} as const;

function strictTubeCode({ run, switches }: SwitchEvidence): Judgement {
  const codes = run.staging ? [run.tubeCode] : [...new Set(run.tubeCodes)];
  const unlike = codes.filter((code) => !isTubeCode(code, true)).length;
  if (codes.length === 0) {
    return fine(
      'no tube code on the first pages of registrations and reports',
      "the default (off) accepts any label; --staging binds a real label's code.",
    );
  }
  const found = run.staging
    ? `the test tube's code ${unlike === 0 ? 'matches' : 'does not match'} the strict pattern; ${BIND_OUTCOME[run.journey.bound ?? 'not reached']}`
    : `${codes.length} tube codes on the first pages of registrations and reports: ${unlike === 0 ? 'all match' : `${unlike} do not match`} the strict pattern`;
  if (unlike === 0) return fine(found, 'the default (off) accepts them; on would too.');
  return switches.strictTubeCode
    ? problem(found, 'the strict pattern is on, but real codes do not match it: the app would refuse them')
    : fine(found, 'the default (off) is right: the strict pattern would refuse such codes.');
}

const SAFE = 'the default (off) is safe on any server.';
const NEEDS_WRITE = 'not checked: it needs a write (`npm run contract -- --staging`)';

function saveDraftWhileTyping({ run }: SwitchEvidence): Judgement {
  if (!run.staging) return fine(NEEDS_WRITE, SAFE);
  const { addStatus } = run.journey;
  if (addStatus === undefined) return fine('not checked: the journey stopped before Add', SAFE);
  return fine(
    `after Add, Search finds the test registration: ${addStatus === 'not found' ? 'not found' : `status ${addStatus}`}`,
    addStatus === 'draft'
      ? 'Add keeps an unfinished registration apart: it can be turned on; the default (off) works too.'
      : 'keep the default (off): Add does not keep an unfinished registration apart as a draft.',
  );
}

function deleteServerDrafts({ run, switches }: SwitchEvidence): Judgement {
  if (!run.staging) return fine(NEEDS_WRITE, SAFE);
  const { variable } = ASSUMPTIONS.deleteServerDrafts;
  if (!switches.deleteServerDrafts) {
    return fine(`not tried: set ${variable}=true for a staging run to try it on the journey's draft`, SAFE);
  }
  const { deleted } = run.journey;
  if (deleted === undefined) return fine('not checked: the journey stopped before Delete', SAFE);
  return deleted === 'done'
    ? fine(
        "ScreeningRegister/Delete deleted the journey's draft",
        'the call exists: it can be turned on; the default (off) works too.',
      )
    : problem(
        'ScreeningRegister/Delete was refused (see above)',
        `keep ${variable} off: the call did not delete the draft`,
      );
}

/** Every switch, in the order the report lists them. */
const JUDGES: readonly [keyof Assumptions, (evidence: SwitchEvidence) => Judgement][] = [
  ['dictionaryPath', dictionaryPath],
  ['idempotencyKey', idempotencyKey],
  ['saveDraftWhileTyping', saveDraftWhileTyping],
  ['deleteServerDrafts', deleteServerDrafts],
  ['strictTubeCode', strictTubeCode],
];

export function judgeSwitches(evidence: SwitchEvidence): SwitchFinding[] {
  return JUDGES.map(([key, judge]) => ({ key, ...judge(evidence) }));
}
