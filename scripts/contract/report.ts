// The summary after the calls: envelope, paging, the switches, and the closing line with the exit code.
import { ASSUMPTIONS, type Assumptions } from '@/config/assumptions';
import type { CallOutcome } from './check';
import type { EnvelopeSeen } from './client';
import type { SwitchFinding } from './switches';

function listed(names: readonly string[]): string {
  return names.length <= 3
    ? names.join('; ')
    : `${names.slice(0, 3).join('; ')} and ${names.length - 3} more`;
}

function envelopeSection(outcomes: readonly CallOutcome[]): string[] {
  const envelopes = outcomes.flatMap(({ name, envelope }) => (envelope ? [{ name, ...envelope }] : []));
  if (envelopes.length === 0) return [];
  const part = (key: keyof EnvelopeSeen, consequence: string) => {
    const absent = envelopes.filter((envelope) => envelope[key] === 'absent' || envelope[key] === false);
    return absent.length === 0
      ? `     ${key}: in every answer`
      : `     ${key}: absent in ${absent.length} (${listed(absent.map((envelope) => envelope.name))}): ${consequence}`;
  };
  return [
    '',
    `Envelope (${envelopes.length} JSON answers)`,
    part('statusCode', 'the app counts an answer without statusCode as a success, as the spec allows'),
    part('responseMessage', "a refusal without it shows the app's own message for its code"),
    part('responseData', 'a read without it is refused (see DIFF above); a write is not read'),
  ];
}

function pagingSection(outcomes: readonly CallOutcome[]): string[] {
  const pages = outcomes.filter((outcome) => outcome.page);
  if (pages.length === 0) return [];
  const without = pages.filter((outcome) => !outcome.page?.total).map((outcome) => outcome.name);
  return [
    '',
    `Paging (${pages.length} page answers)`,
    without.length === 0
      ? '     total: in every page answer'
      : `     total: absent in ${without.length} (${listed(without)}). The app works without it: a full page means ` +
        'there may be more (one more request at the end of a list), lists show no 共 N 条, and unread ' +
        'counts come from one page of 100 (99+ beyond).',
  ];
}

/** A Cache-Control value that keeps the answer out of every cache. */
const NO_STORE = /(?:^|,)\s*no-store\s*(?:,|$)/i;

/**
 * Answers with personal data must not be kept by a cache (docs/security.md): one warning line per call
 * answered without `Cache-Control: no-store`. A warning, not a failure: the app works either way.
 */
function cachingSection(outcomes: readonly CallOutcome[]): string[] {
  const personal = outcomes.flatMap(({ name, personal: answer }) => (answer ? [{ name, ...answer }] : []));
  if (personal.length === 0) return [];
  const lacking = personal.filter(({ cacheControl }) => !NO_STORE.test(cacheControl ?? ''));
  return [
    '',
    `Caching (${personal.length} answers with personal data)`,
    ...(lacking.length === 0
      ? ['     Cache-Control: no-store in every one']
      : lacking.map(
          ({ name, cacheControl }) =>
            `WARN ${name}: ${cacheControl === null ? 'no Cache-Control' : `Cache-Control: ${cacheControl}`}, ` +
            "not no-store: a webview's HTTP cache (keyed by the URL, not the token, and shared by WeChat's " +
            'webviews on a phone) may give this answer to the next account signed in there',
        )),
  ];
}

function assumptionsSection(findings: readonly SwitchFinding[], switches: Assumptions): string[] {
  return [
    '',
    'Assumptions',
    ...findings.flatMap(({ key, found, verdict, problem }) => {
      const doc = ASSUMPTIONS[key];
      const now = String(switches[key]);
      const differs = now === doc.defaultValue ? '' : `; this run: ${now}`;
      return [
        `  ${key} (${doc.variable}, default ${doc.defaultValue}${differs})`,
        `     found: ${found}`,
        `     ${problem ? `PROBLEM: ${verdict}` : verdict}`,
      ];
    }),
  ];
}

/** The summary's lines and the exit code: 0 when everything matches, else 1. */
export function summary(
  outcomes: readonly CallOutcome[],
  findings: readonly SwitchFinding[],
  switches: Assumptions,
): { lines: string[]; exitCode: 0 | 1 } {
  const count = (verdict: CallOutcome['verdict']) =>
    outcomes.filter((outcome) => outcome.verdict === verdict).length;
  const failed = count('failed');
  const refused = count('refused');
  const displayOnly = count('display-only');
  const problems = findings.filter((finding) => finding.problem).length;
  const parts = [
    failed > 0 && `${failed} failed`,
    refused > 0 && `${refused} the app would refuse`,
    displayOnly > 0 && `${displayOnly} with display-only differences (the pages work)`,
    problems > 0 && `${problems} assumption problem(s)`,
  ].filter((part): part is string => !!part);
  return {
    lines: [
      ...envelopeSection(outcomes),
      ...pagingSection(outcomes),
      ...cachingSection(outcomes),
      ...assumptionsSection(findings, switches),
      '',
      parts.length === 0 ? 'All answers match the contract.' : `Not all answers match: ${parts.join(', ')}.`,
    ],
    exitCode: parts.length === 0 ? 0 : 1,
  };
}
