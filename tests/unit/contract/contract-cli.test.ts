import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, http, HttpResponse, passthrough, type RequestHandler } from 'msw';
import { main } from '../../../scripts/contract/cli';
import { answerFromHandlers } from '../../../scripts/demo-api-server.mjs';
import { ASSUMPTIONS } from '@/config/assumptions';
import { createDemoDb, createHandlers, type DemoDb } from '@/mocks/handlers';
import { makeIdCard } from '@/mocks/id-card-generator';
import { ADMIN_USER_ID, CHECK_USER_ID, SPARE_TUBE_CODES } from '@/mocks/seed';
import { server as unitMsw } from '../../msw-server';
import { recordRequests } from '../support/request-log';

const DEFAULT_DICTIONARY_PATH = ASSUMPTIONS.dictionaryPath.defaultValue;
/**
 * Each run of `npm run contract` first loads the tool through Vite, and a test starts up to two at once:
 * on a busy 2-core machine that takes many times as long as on a quiet one. Each test's own limit is a
 * minute more.
 */
const RUN_LIMIT_MS = 240_000;
const SPEC_HEADERS = 'requestId, Authorization, Content-Type';

interface Envelope {
  statusCode?: number;
  responseMessage?: string;
  responseData: { records: Record<string, unknown>[]; total?: number };
}

/** How the test server differs from the demo backend: each test sets what it needs. */
interface ServerStyle {
  /** The CORS preflight's Access-Control-Allow-Headers. */
  allowHeaders: string;
  /** Where the dictionary call is answered; any other path (the default too) is 404. */
  dictionaryPath: string;
  /** Changes to the answer of a path, made on the wire. */
  alter: Record<string, (body: Envelope) => void>;
  /** Paths answered with a 307 to another path (a redirect repeats the method, body and token). */
  redirect: Record<string, string>;
}

const defaultStyle = (): ServerStyle => ({
  allowHeaders: `${SPEC_HEADERS}, Idempotency-Key`,
  dictionaryPath: DEFAULT_DICTIONARY_PATH,
  alter: {},
  redirect: {},
});

let db: DemoDb;
let server: Server;
let origin: string;
let style = defaultStyle();
/** Every request that reached the server: method, path and the token it carried. */
let requests: { method: string; path: string; token?: string; headers: Record<string, unknown> }[] = [];
const staffToken = 'contract-staff-token';
const checkToken = 'contract-check-token';
const stagingTokens = ['contract-staging-1', 'contract-staging-2', 'contract-staging-3'];

/** The demo backend over HTTP on a free loopback port, with sessions for staff and a check user. */
beforeAll(async () => {
  db = createDemoDb();
  db.mutate((state) => {
    const expiresAt = db.now().getTime() + 60 * 60 * 1000;
    for (const token of [staffToken, ...stagingTokens])
      state.sessions.push({ token, userId: ADMIN_USER_ID, expiresAt });
    state.sessions.push({ token: checkToken, userId: CHECK_USER_ID, expiresAt });
  });
  const demo = createHandlers(db);
  const altered: RequestHandler = http.all('*', async ({ request }) => {
    const alter = style.alter[new URL(request.url).pathname];
    if (!alter) return undefined;
    const response = await getResponse(demo, request);
    const body = (await response!.json()) as Envelope;
    alter(body);
    return HttpResponse.json(body);
  });
  const handlers = [altered, ...demo];
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push({ method: req.method ?? '', path, token: req.headers.authorization, headers: req.headers });
    const location = style.redirect[path];
    if (location) {
      res.writeHead(307, { Location: location }).end();
      return;
    }
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, {
          'Access-Control-Allow-Origin': String(req.headers.origin),
          'Access-Control-Allow-Methods': 'GET, POST',
          'Access-Control-Allow-Headers': style.allowHeaders,
        })
        .end();
      return;
    }
    if (path === style.dictionaryPath) req.url = DEFAULT_DICTIONARY_PATH;
    else if (path === DEFAULT_DICTIONARY_PATH) {
      res.writeHead(404).end();
      return;
    }
    void answerFromHandlers(handlers, req, res, { origin });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

beforeEach(() => {
  style = defaultStyle();
  requests = [];
  // The runs in this process (contractHere) reach the test server through the unit tests' msw.
  unitMsw.use(http.all(`${origin}/*`, () => passthrough()));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** The child's environment: none of this machine's VITE_ or CONTRACT_ variables, plus the test's. */
function environment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(
    ([name]) => !name.startsWith('VITE_') && !name.startsWith('CONTRACT_'),
  );
  return { ...Object.fromEntries(inherited), ...extra };
}

/** `npm run contract -- …` as an integrator runs it; resolves with its output and exit code. */
function contract(
  args: string[],
  { env = {}, stdin = '' }: { env?: Record<string, string>; stdin?: string } = {},
): Promise<{ output: string; errors: string; code: number }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['scripts/contract.mjs', ...args],
      { timeout: RUN_LIMIT_MS, env: environment(env) },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: number }).code ?? 1) : 0;
        resolve({ output: stdout, errors: stderr, code });
      },
    );
    child.stdin?.end(stdin);
  });
}

/**
 * The tool's entry (scripts/contract/cli.ts) in this process, with these variables. A child (`contract`)
 * first loads the tool through Vite, several seconds of the machine each time: the first test runs it
 * as an integrator does, and a run that needs a VITE_ switch other than this process's needs a child.
 * The rest run here, one at a time (each takes console for its output), and their calls pass through
 * this process's msw to the test server (beforeEach).
 */
async function contractHere(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ output: string; errors: string; code: number }> {
  const output: string[] = [];
  const errors: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => void output.push(String(line)));
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
  for (const name of ['CONTRACT_STAFF_TOKEN', 'CONTRACT_CHECK_TOKEN']) vi.stubEnv(name, env[name]);
  try {
    const code = await main(args);
    return { output: output.join('\n'), errors: errors.join('\n'), code };
  } finally {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  }
}

/** The section whose heading line starts with `heading`, up to the next blank line. */
function section(output: string, heading: string): string {
  const start = output.indexOf(`\n${heading}`);
  expect(start).toBeGreaterThanOrEqual(0);
  return output.slice(start + 1).split('\n\n')[0];
}

describe('npm run contract, read-only', () => {
  it('finds every answer of the demo backend matching, checks the switches it can, and changes nothing', async () => {
    const before = JSON.stringify(db.state);

    const { output, code } = await contract(['--base', origin, '--origin', 'https://h5.screening.test'], {
      env: { CONTRACT_STAFF_TOKEN: staffToken, CONTRACT_CHECK_TOKEN: checkToken },
    });

    expect(code).toBe(0);
    const lines = output.split('\n');
    for (const call of [
      'GET /api/v1/Account/GetUserManageProfile [staff]',
      'POST /api/v1/Dictionary/PageDictionaryItem (gender) [staff]',
      'POST /api/v1/ScreeningRegister/Search [staff]',
      'GET /api/v1/ScreeningRegister/GetDetail [staff]',
      'POST /api/v1/Sampling/GetSamplingTubeStatus [staff]',
      'POST /api/v1/Sampling/PageCheckReport [staff]',
      'GET /api/v1/Sampling/DownloadCheckReport [staff]',
      'POST /api/v1/SystemMessage/PageRecipientMessage [staff]',
      'GET /api/v1/SystemMessage/GetDetail [staff]',
      'POST /api/v1/Questionnaire/GetList [staff]',
      'GET /api/v1/Questionnaire/GetDetail [staff]',
      'POST /api/v1/Response/Page [staff]',
      'GET /api/v1/Response/GetDetail [staff]',
      'POST /api/v1/Announcement/Page [staff]',
      'GET /api/v1/Announcement/GetDetail [staff]',
      'GET /api/v1/Account/GetUserManageProfile [check user]',
      'POST /api/v1/Sampling/PageCheckReport [check user]',
    ]) {
      expect(lines.some((line) => line.startsWith(`OK   ${call}`))).toBe(true);
    }
    expect(lines.filter((line) => /^(DIFF|FAIL|SKIP)/.test(line))).toEqual([]);
    expect(section(output, 'Envelope')).toBe(
      [
        'Envelope (27 JSON answers)',
        '     statusCode: in every answer',
        '     responseMessage: in every answer',
        '     responseData: in every answer',
      ].join('\n'),
    );
    expect(output).toContain('     total: in every page answer');
    // The demo backend sends every answer with no-store (src/mocks/handlers/shared.ts).
    expect(section(output, 'Caching')).toBe(
      ['Caching (14 answers with personal data)', '     Cache-Control: no-store in every one'].join('\n'),
    );
    const assumptions = section(output, 'Assumptions');
    expect(assumptions).toContain(
      `found: ${DEFAULT_DICTIONARY_PATH} answers with records\n     the default is right.`,
    );
    expect(assumptions).toContain(
      'found: OPTIONS /api/v1/ScreeningRegister/Add from https://h5.screening.test: HTTP 204, ' +
        'Access-Control-Allow-Origin https://h5.screening.test, ' +
        'Access-Control-Allow-Headers requestId, Authorization, Content-Type, Idempotency-Key\n' +
        '     Idempotency-Key is allowed: the default (off) works',
    );
    expect(assumptions).toMatch(
      /found: \d+ tube codes on the first pages of registrations and reports: all match the strict pattern/,
    );
    expect(assumptions).toContain('saveDraftWhileTyping (VITE_SAVE_DRAFT_WHILE_TYPING, default false)');
    expect(output.trim().split('\n').at(-1)).toBe('All answers match the contract.');

    const preflights = requests.filter((request) => request.method === 'OPTIONS');
    expect(preflights).toHaveLength(1);
    expect(preflights[0].token).toBeUndefined();
    expect(preflights[0].headers).toMatchObject({
      origin: 'https://h5.screening.test',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'idempotency-key,requestid,authorization,content-type',
    });
    expect(JSON.stringify(db.state)).toBe(before);
  }, 300_000);

  it('classifies each difference (display-only or essential) with what to change, and reports paging, envelope and switches', async () => {
    style = {
      ...defaultStyle(),
      allowHeaders: SPEC_HEADERS,
      dictionaryPath: '/api/v2/Dictionary/Items',
      alter: {
        // A renamed display-only field, and a page without total.
        '/api/v1/Announcement/Page': (body) => {
          for (const record of body.responseData.records) {
            record.publishTime = record.publishedAt;
            delete record.publishedAt;
          }
          delete body.responseData.total;
        },
        // A field a nested object needs, in a list of a named schema (registrationSchema).
        '/api/v1/ScreeningRegister/Search': (body) => {
          for (const record of body.responseData.records)
            if (record.tube) (record.tube as { status: unknown }).status = true;
        },
        // An essential field missing.
        '/api/v1/Sampling/PageCheckReport': (body) => {
          for (const record of body.responseData.records) delete record.result;
        },
        '/api/v1/Questionnaire/GetList': (body) => {
          delete body.statusCode;
          delete body.responseMessage;
        },
      },
    };

    const [{ output, code }, wrongDictionary] = await Promise.all([
      contract(['--base', origin, '--token-stdin'], {
        env: { VITE_DICTIONARY_PATH: '/api/v2/Dictionary/Items', VITE_SEND_IDEMPOTENCY_KEY: 'true' },
        stdin: `${staffToken}\n`,
      }),
      // A path that answers, but not with a dictionary page.
      contractHere(['--base', origin, '--dictionary-path', '/api/v1/Questionnaire/GetList'], {
        CONTRACT_STAFF_TOKEN: staffToken,
      }),
    ]);

    expect(code).toBe(1);
    expect(output).toContain(
      [
        'DIFF POST /api/v1/Announcement/Page [staff]: the page works (no essential field differs)',
        "     records[].publishedAt: expected date-time ('YYYY-MM-DD HH:mm:ss' or ISO 8601), received missing (display-only)",
        '       The page works without it (it is held as absent: the page shows — or leaves the line out). ' +
          'To show it, rename announcementPageSchema.records[].publishedAt in src/types/api.ts if the server names it otherwise (see the fields not read).',
        '     fields sent but not read by the app: records[].publishTime, pageIndex, pageSize',
      ].join('\n'),
    );
    expect(output).toContain(
      [
        'DIFF POST /api/v1/Sampling/PageCheckReport [staff]: the app refuses this answer',
        '     records[].result: expected "result", received missing (essential)',
        '       The app refuses this answer (服务器返回的数据格式有误). Have the server send it, or rename ' +
          'checkReportPageSchema.records[].result in src/types/api.ts if the server names it otherwise (see the fields not read).',
      ].join('\n'),
    );
    expect(output).toContain(
      [
        'DIFF POST /api/v1/ScreeningRegister/Search [staff]: the page works (no essential field differs)',
        '     records[].tube.status: expected string, received boolean (display-only)',
        '       The page works without it (registrationSchema.tube is held as absent: the page shows — or leaves the line out). ' +
          "To show it, change registrationSchema.tube.status in src/types/api.ts to read the server's form.",
      ].join('\n'),
    );
    // The answers this server rewrote went without the demo's Cache-Control: each personal one is named.
    expect(
      section(output, 'Caching')
        .split('\n')
        .filter((line) => line.startsWith('WARN')),
    ).toEqual(
      ['POST /api/v1/ScreeningRegister/Search [staff]', 'POST /api/v1/Sampling/PageCheckReport [staff]'].map(
        (call) =>
          `WARN ${call}: no Cache-Control, not no-store: a webview's HTTP cache (keyed by the URL, not the ` +
          "token, and shared by WeChat's webviews on a phone) may give this answer to the next account signed in there",
      ),
    );
    expect(code).toBe(1);
    expect(output).toMatch(/^SKIP GET \/api\/v1\/Sampling\/DownloadCheckReport \[staff\]/m);
    expect(output).toMatch(/^OK {3}GET \/api\/v1\/Announcement\/GetDetail \[staff\]$/m);
    expect(output).toContain(
      '     total: absent in 1 (POST /api/v1/Announcement/Page [staff]). The app works without it',
    );
    expect(output).toContain(
      '     statusCode: absent in 1 (POST /api/v1/Questionnaire/GetList [staff]): the app counts an answer without statusCode as a success',
    );
    expect(output).toContain(
      '     responseMessage: absent in 1 (POST /api/v1/Questionnaire/GetList [staff])',
    );
    const assumptions = section(output, 'Assumptions');
    expect(assumptions).toContain(
      'dictionaryPath (VITE_DICTIONARY_PATH, default /api/v1/Dictionary/PageDictionaryItem; this run: /api/v2/Dictionary/Items)\n' +
        '     found: /api/v2/Dictionary/Items answers with records; the default path: HTTP 404\n' +
        '     the default is not right for this server: build with VITE_DICTIONARY_PATH=/api/v2/Dictionary/Items.',
    );
    expect(assumptions).toContain(
      'idempotencyKey (VITE_SEND_IDEMPOTENCY_KEY, default false; this run: true)',
    );
    expect(assumptions).toContain(
      'Access-Control-Allow-Headers requestId, Authorization, Content-Type\n' +
        '     PROBLEM: Idempotency-Key is not allowed, yet this run has the switch on: every save would fail its preflight',
    );
    expect(assumptions).toContain("from https://app.example (a stand-in: give --origin <the app's origin>)");
    expect(output.trim().split('\n').at(-1)).toBe(
      'Not all answers match: 1 the app would refuse, 2 with display-only differences (the pages work), 1 assumption problem(s).',
    );
    expect(requests.some((request) => request.path === DEFAULT_DICTIONARY_PATH)).toBe(true);

    expect(wrongDictionary.code).toBe(1);
    expect(wrongDictionary.output).toContain(
      [
        'DIFF POST /api/v1/Questionnaire/GetList (gender) [staff]: the app refuses this answer',
        '     records: expected "records", received missing (essential)',
        '       The app refuses this answer (服务器返回的数据格式有误). Have the server send it, or rename ' +
          'dictionaryPageSchema.records in src/types/api.ts if the server names it otherwise (see the fields not read); ' +
          "this call's path is a switch: VITE_DICTIONARY_PATH (now /api/v1/Questionnaire/GetList).",
      ].join('\n'),
    );
    expect(wrongDictionary.output).toContain(
      '     found: /api/v1/Questionnaire/GetList answers without records for 10 of 10 type codes; the default path: HTTP 404\n' +
        "     PROBLEM: /api/v1/Questionnaire/GetList is not this server's dictionary call",
    );
    expect(wrongDictionary.output).toContain(
      '     Idempotency-Key is not allowed: the default (off) is right; on, every save would fail its preflight.',
    );
  }, 300_000);

  it('follows no redirect: a read answered with a 307 to a write is reported, and nothing is sent there', async () => {
    // A 307 repeats the method, the body and the token: this Search would become a Submit.
    style.redirect = { '/api/v1/ScreeningRegister/Search': '/api/v1/ScreeningRegister/Submit' };

    const { output, code } = await contractHere(['--base', origin], { CONTRACT_STAFF_TOKEN: staffToken });

    expect(code).toBe(1);
    expect(output).toContain(
      'FAIL POST /api/v1/ScreeningRegister/Search [staff]: a redirect, not followed (it could lead the call, ' +
        'with its token, to a path that writes)',
    );
    expect(requests.filter((request) => request.path === '/api/v1/ScreeningRegister/Submit')).toEqual([]);
    expect(requests.filter((request) => request.path === '/api/v1/ScreeningRegister/Search')).toHaveLength(1);
  }, 300_000);

  it('refuses to run where it would expose a token, write, or write without the base confirmed', async () => {
    const person = (idCard = makeIdCard('110105', '1960-01-01', 3, '1')) => [
      '--person-name',
      '测试人员',
      '--person-id-card',
      idCard,
      '--person-phone',
      '13800138000',
      '--tube-code',
      SPARE_TUBE_CODES[5],
    ];
    const env = { CONTRACT_STAFF_TOKEN: staffToken };
    // Through the tool's entry in this process (a child first loads the tool through Vite, as the first
    // test does): nothing reaches the test server, nor any other (this process's msw sees every request).
    const sent = recordRequests();
    const onCommandLine = await contractHere(['--base', origin, '--token', staffToken]);
    const writePath = await contractHere(
      ['--base', origin, '--dictionary-path', '/api/v1/Dictionary/Remove'],
      env,
    );
    // .NET routing ignores case: this is ScreeningRegister/Add.
    const writePathInOtherCase = await contractHere(
      ['--base', origin, '--dictionary-path', '/api/v1/ScreeningRegister/add'],
      env,
    );
    const plainHttp = await contractHere(['--base', 'http://192.0.2.10:8686'], env);
    const unconfirmed = await contractHere(['--staging', '--base', origin, ...person()], env);
    const otherBase = await contractHere(
      ['--staging', '--base', origin, '--confirm-base', 'http://127.0.0.2:8686', ...person()],
      env,
    );
    const badIdCard = await contractHere(
      ['--staging', '--base', origin, '--confirm-base', `${origin}/`, ...person('110105196001010000')],
      env,
    );
    const noToken = await contractHere(['--base', origin]);

    for (const run of [
      onCommandLine,
      plainHttp,
      unconfirmed,
      otherBase,
      badIdCard,
      writePath,
      writePathInOtherCase,
      noToken,
    ]) {
      expect(run.code).toBe(2);
      expect(run.output).toBe('');
    }
    expect(onCommandLine.errors).toContain('sees it in `ps`, and it stays in the shell history');
    expect(onCommandLine.errors).not.toContain(staffToken);
    expect(plainHttp.errors).toContain('refusing http://192.0.2.10:8686');
    expect(plainHttp.errors).toContain('127.0.0.0/8, ::1, localhost');
    expect(unconfirmed.errors).toContain(
      `the base URL is given twice, the same: --base ${origin} --confirm-base ${origin}`,
    );
    expect(otherBase.errors).toContain('(--confirm-base was http://127.0.0.2:8686)');
    expect(badIdCard.errors.trim()).toBe(
      "--person-id-card: 请输入正确的身份证号 (the app's rule, src/lib/id-card.ts)",
    );
    expect(writePath.errors).toContain(
      'refusing to call /api/v1/Dictionary/Remove: it writes, and the contract check only reads',
    );
    expect(writePathInOtherCase.errors).toContain(
      'refusing to call /api/v1/ScreeningRegister/add: it writes, and the contract check only reads',
    );
    expect(noToken.errors).toContain('no staff token: set CONTRACT_STAFF_TOKEN');
    expect(requests).toEqual([]);
    expect(await sent.all()).toEqual([]);
  }, 300_000);
});

describe('npm run contract -- --staging', () => {
  it('runs the write journey once, printing each answer’s shape and no value, Delete only when its switch is on', async () => {
    const people = [0, 1, 2].map((index) => ({
      token: stagingTokens[index],
      name: `测试受检者${'甲乙丙'[index]}`,
      idCard: makeIdCard('110105', `1961-0${index + 2}-1${index}`, 11 + index, '2'),
      phone: `1390000000${index}`,
      tubeCode: SPARE_TUBE_CODES[8 + index].toLowerCase(),
    }));
    // The third person is registered already: Add is refused and nothing follows it.
    const registered = db.state.registrations.find((registration) => registration.status === 'submitted')!;
    people[2].idCard = registered.idCard;
    people[2].name = registered.name;
    // A refusal that quotes the person, as a server may: the message is printed with the values hidden.
    style.alter['/api/v1/ScreeningRegister/Add'] = (body) => {
      if (body.statusCode !== 2000) body.responseMessage += `（${people[2].name}，${people[2].idCard}）`;
    };
    const args = (person: (typeof people)[number]) => [
      '--staging',
      '--base',
      origin,
      '--confirm-base',
      origin,
      '--person-name',
      person.name,
      '--person-id-card',
      person.idCard,
      '--person-phone',
      person.phone,
      '--tube-code',
      person.tubeCode,
    ];
    const here = (person: (typeof people)[number]) =>
      contractHere(args(person), { CONTRACT_STAFF_TOKEN: person.token });

    const [[kept, refused], deleted] = await Promise.all([
      (async () => [await here(people[0]), await here(people[2])])(),
      // The Delete switch is a VITE_ variable: a child of its own.
      contract(args(people[1]), {
        env: { CONTRACT_STAFF_TOKEN: people[1].token, VITE_DELETE_SERVER_DRAFTS: 'true' },
      }),
    ]);

    const callsOf = (token: string) =>
      requests
        .filter((request) => request.token === token)
        .map((request) => request.path.replace(/^\/api\/v1\//, ''));
    expect(callsOf(people[0].token)).toEqual([
      'Dictionary/PageDictionaryItem',
      'Sampling/GetSamplingTubeStatus',
      'ScreeningRegister/Add',
      'ScreeningRegister/Search',
      'ScreeningRegister/Submit',
      'Sampling/BindSamplingTube',
      'Sampling/GetSamplingTubeStatus',
      'Sampling/UpdateSamplingOperation',
    ]);
    expect(callsOf(people[1].token)).toEqual([
      'Dictionary/PageDictionaryItem',
      'Sampling/GetSamplingTubeStatus',
      'ScreeningRegister/Add',
      'ScreeningRegister/Search',
      'ScreeningRegister/Delete',
      'ScreeningRegister/Submit',
      'Sampling/BindSamplingTube',
      'Sampling/GetSamplingTubeStatus',
      'Sampling/UpdateSamplingOperation',
    ]);
    expect(callsOf(people[2].token)).toEqual([
      'Dictionary/PageDictionaryItem',
      'Sampling/GetSamplingTubeStatus',
      'ScreeningRegister/Add',
    ]);

    for (const [index, run] of [kept, deleted].entries()) {
      expect(run.code).toBe(0);
      expect(run.output).toMatch(
        /^WARNING: --staging writes to http:\/\/127\.0\.0\.1:\d+: it registers the test person/,
      );
      expect(run.output).toMatch(
        /^OK {3}POST \/api\/v1\/ScreeningRegister\/Add \[staff\]\n {5}answer: statusCode 2000, responseMessage present, responseData \{ name: string, idCard: string, .*, id: number, .*\}\n {5}the app reads the saved id from this answer \(savedIdSchema\)$/m,
      );
      expect(run.output).toMatch(
        /^OK {3}POST \/api\/v1\/Sampling\/UpdateSamplingOperation \[staff\]\n {5}answer: statusCode 2000, responseMessage present, responseData .*\n {5}not read by the app: statusCode 2000 is the success$/m,
      );
      expect(run.output).toContain('The journey ran to its end.');
      expect(run.output).toContain(
        'found: after Add, Search finds the test registration: status draft\n' +
          '     Add keeps an unfinished registration apart',
      );
      expect(run.output).toContain(
        "found: the test tube's code does not match the strict pattern; the server bound it\n" +
          '     the default (off) is right',
      );
      const person = people[index];
      for (const value of [person.name, person.idCard, person.phone]) expect(run.output).not.toContain(value);
      const mine = db.state.registrations.filter((registration) => registration.idCard === person.idCard);
      expect(mine.map((registration) => registration.status)).toEqual(['submitted']);
      expect(db.state.tubes.find((tube) => tube.code === person.tubeCode.toUpperCase())?.status).toBe(
        'unbound',
      );
    }
    expect(kept.output).toContain(
      "found: not tried: set VITE_DELETE_SERVER_DRAFTS=true for a staging run to try it on the journey's draft",
    );
    expect(deleted.output).toContain("found: ScreeningRegister/Delete deleted the journey's draft");

    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      'FAIL POST /api/v1/ScreeningRegister/Add [staff]: statusCode 5003: 该身份证号已登记（***，***）\n' +
        'Stopped: POST /api/v1/ScreeningRegister/Add [staff] was refused; nothing after it was sent.',
    );
    expect(refused.output).toContain(
      'saveDraftWhileTyping (VITE_SAVE_DRAFT_WHILE_TYPING, default false)\n' +
        '     found: not checked: the journey stopped before Add',
    );
    expect(refused.output).toContain(
      "found: the test tube's code does not match the strict pattern; the journey stopped before binding it",
    );
    for (const value of [people[2].name, people[2].idCard]) expect(refused.output).not.toContain(value);
  }, 300_000);
});
