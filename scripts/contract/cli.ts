// `npm run contract`: checks a live API against the app's contract on the day of integration.
//
//   CONTRACT_STAFF_TOKEN=… [CONTRACT_CHECK_TOKEN=…] npm run contract -- --base https://api-host:8686
//
// Read-only by default: every answer the app reads is checked with its schema (src/types/api.ts), then
// the envelope, paging and each assumption's switch that can be tested without writing
// (src/config/assumptions.ts). `--staging` runs the write journey once instead, with a test person and
// tube the operator supplies, and prints each answer's shape. Only paths, JSON types and key names are
// printed, never a value from an answer. Exit code: 0 everything matches, 1 something differs or failed,
// 2 refused to run. The layout of this folder: docs/api-contract.md, "The contract tool".
import { loadEnv } from 'vite';
import { readAssumptions, type Assumptions } from '@/config/assumptions';
import type { CallOutcome } from './check';
import { createClient } from './client';
import { mayCall, Refusal } from './guard';
import { runReadOnly } from './read-only';
import { summary } from './report';
import { journeyWrites, runStaging, testPerson, type StagingOptions } from './staging';
import { judgeSwitches, probeSwitches, type SwitchEvidence } from './switches';

const STAFF_TOKEN_VARIABLE = 'CONTRACT_STAFF_TOKEN';
const CHECK_TOKEN_VARIABLE = 'CONTRACT_CHECK_TOKEN';

const USAGE = `usage:
  ${STAFF_TOKEN_VARIABLE}=… [${CHECK_TOKEN_VARIABLE}=…] npm run contract -- --base https://api-host:8686
      [--origin https://app-host] [--dictionary-path /api/v1/…]
  npm run contract -- --base https://api-host:8686 --token-stdin < tokens
      (first line: the staff token; second line, optional: the check user's)
  ${STAFF_TOKEN_VARIABLE}=… npm run contract -- --staging --base https://staging-host --confirm-base https://staging-host
      --person-name <test name> --person-id-card <test ID card> --person-phone <test phone> --tube-code <test tube>`;

const TOKEN_ON_COMMAND_LINE =
  'refusing a token on the command line: every user of this machine sees it in `ps`, and it stays in the ' +
  `shell history. Set ${STAFF_TOKEN_VARIABLE} (and ${CHECK_TOKEN_VARIABLE}) in the environment, or pass ` +
  'them on standard input with --token-stdin (first line staff, second line check user).';

/** Each option with a value, and where --staging's land. */
const VALUE_OPTIONS = {
  base: undefined,
  'confirm-base': undefined,
  origin: undefined,
  'dictionary-path': undefined,
  'person-name': 'personName',
  'person-id-card': 'personIdCard',
  'person-phone': 'personPhone',
  'tube-code': 'tubeCode',
} as const satisfies Record<string, keyof StagingOptions | undefined>;
type ValueOption = keyof typeof VALUE_OPTIONS;
const FLAG_OPTIONS = ['staging', 'token-stdin'] as const;
type FlagOption = (typeof FLAG_OPTIONS)[number];
const STAGING_OPTIONS = [
  'confirm-base',
  'person-name',
  'person-id-card',
  'person-phone',
  'tube-code',
] as const;

/** The command line, checked. */
interface Options {
  /** The API's base URL without a trailing slash. */
  base: string;
  /** The app's origin, for the CORS preflight. */
  origin?: string;
  dictionaryPath?: string;
  tokenStdin: boolean;
  /** Present with --staging: the test person and tube. */
  staging?: StagingOptions;
}

function isValueOption(name: string): name is ValueOption {
  return Object.hasOwn(VALUE_OPTIONS, name);
}

function isFlagOption(name: string): name is FlagOption {
  return (FLAG_OPTIONS as readonly string[]).includes(name);
}

/** Loopback only: a token over plain HTTP anywhere else can be read on the way. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** The API's base URL without a trailing slash; https, or http on a loopback address. */
function apiBase(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Refusal(`--base ${text} is not a URL\n${USAGE}`);
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new Refusal(
      `refusing http://${url.host}: the tokens would cross the network unencrypted. Use https:// ` +
        '(http:// only for a loopback address: 127.0.0.0/8, ::1, localhost).',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Refusal(`--base ${text}: not http(s)`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function appOrigin(text: string): string {
  try {
    const url = new URL(text);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin;
  } catch {
    // refused below
  }
  throw new Refusal(`--origin ${text}: give the app's origin, e.g. https://h5.example.cn`);
}

function parseArgs(argv: readonly string[]): Options {
  const values: Partial<Record<ValueOption, string>> = {};
  const flags: Partial<Record<FlagOption, true>> = {};
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (/^--(check-)?token(=|$)/.test(arg)) throw new Refusal(TOKEN_ON_COMMAND_LINE);
    const name = arg.slice(2);
    if (arg.startsWith('--') && isFlagOption(name)) {
      flags[name] = true;
      continue;
    }
    const value = argv[index + 1];
    if (!arg.startsWith('--') || !isValueOption(name) || value === undefined) {
      throw new Refusal(`unknown or incomplete option ${arg}\n${USAGE}`);
    }
    values[name] = value;
    index += 1;
  }
  if (!values.base) throw new Refusal(USAGE);
  const base = apiBase(values.base);
  const dictionaryPath = values['dictionary-path'];
  if (dictionaryPath !== undefined) {
    if (!dictionaryPath.startsWith('/'))
      throw new Refusal('--dictionary-path must be a path that starts with /');
    // Refused before anything is called; a path from the environment meets the guard with the read plan.
    mayCall(dictionaryPath, new Set());
  }
  const options: Options = {
    base,
    origin: values.origin ? appOrigin(values.origin) : undefined,
    dictionaryPath,
    tokenStdin: !!flags['token-stdin'],
  };
  if (!flags.staging) {
    const stray = STAGING_OPTIONS.filter((option) => values[option] !== undefined);
    if (stray.length > 0) throw new Refusal(`--${stray.join(', --')}: only with --staging\n${USAGE}`);
    return options;
  }
  const confirmBase = values['confirm-base'];
  if (!confirmBase || apiBase(confirmBase) !== base) {
    throw new Refusal(
      '--staging writes real records, so it runs only when the base URL is given twice, the same: ' +
        `--base ${base} --confirm-base ${base}` +
        (confirmBase ? ` (--confirm-base was ${confirmBase})` : ''),
    );
  }
  const missing = STAGING_OPTIONS.filter((option) => values[option] === undefined);
  if (missing.length > 0) throw new Refusal(`--staging needs --${missing.join(', --')}\n${USAGE}`);
  return {
    ...options,
    staging: {
      personName: values['person-name'] ?? '',
      personIdCard: values['person-id-card'] ?? '',
      personPhone: values['person-phone'] ?? '',
      tubeCode: values['tube-code'] ?? '',
    },
  };
}

interface Tokens {
  staff: string;
  check?: string;
}

/** The tokens from the environment, or standard input (--token-stdin); never the command line. */
async function readTokens(options: Options): Promise<Tokens> {
  let staff = process.env[STAFF_TOKEN_VARIABLE];
  let check = process.env[CHECK_TOKEN_VARIABLE];
  if (options.tokenStdin) {
    let text = '';
    process.stdin.setEncoding('utf8');
    for await (const chunk of process.stdin) text += String(chunk);
    [staff, check] = text.split(/\r?\n/);
  }
  staff = staff?.trim();
  check = check?.trim();
  if (!staff) {
    throw new Refusal(
      `no staff token: set ${STAFF_TOKEN_VARIABLE} in the environment, or pass it with --token-stdin\n${USAGE}`,
    );
  }
  return { staff, check: check || undefined };
}

/** The switches as a production build reads them (its mode's .env files and the environment), and --dictionary-path. */
function switchesOf(options: Options): Assumptions {
  const build = readAssumptions(loadEnv('production', process.cwd()));
  return options.dictionaryPath ? { ...build, dictionaryPath: options.dictionaryPath } : build;
}

async function run(argv: readonly string[]): Promise<0 | 1> {
  const options = parseArgs(argv);
  const tokens = await readTokens(options);
  const switches = switchesOf(options);
  const log = (line: string) => console.log(line);
  const person = options.staging ? testPerson(options.staging) : undefined;
  const { base, origin } = options;
  const { dictionaryPath, deleteServerDrafts } = switches;
  const staff = createClient(
    base,
    tokens.staff,
    person ? journeyWrites(deleteServerDrafts) : new Set(),
    person?.redact,
  );

  let outcomes: CallOutcome[];
  let seen: SwitchEvidence['run'];
  if (person) {
    const staging = await runStaging(staff, person, { base, dictionaryPath, deleteServerDrafts }, log);
    outcomes = staging.outcomes;
    seen = { staging: true, tubeCode: person.tubeCode, journey: staging.journey };
  } else {
    const checkUser = tokens.check ? createClient(base, tokens.check, new Set()) : undefined;
    const readOnly = await runReadOnly({ staff, 'check user': checkUser }, dictionaryPath, log);
    outcomes = readOnly.outcomes;
    seen = { staging: false, tubeCodes: readOnly.tubeCodes };
  }
  const findings = judgeSwitches({
    switches,
    dictionary: outcomes.flatMap((outcome) => (outcome.dictionary ? [outcome.dictionary] : [])),
    probes: await probeSwitches(staff, { base, origin, dictionaryPath }),
    originGiven: origin !== undefined,
    run: seen,
  });
  const { lines, exitCode } = summary(outcomes, findings, switches);
  lines.forEach((line) => log(line));
  return exitCode;
}

/** Runs the tool; resolves with its exit code (2: refused to run, or could not). */
export async function main(argv: readonly string[]): Promise<0 | 1 | 2> {
  try {
    return await run(argv);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 2;
  }
}
