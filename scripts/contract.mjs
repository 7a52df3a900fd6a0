#!/usr/bin/env node
// Checks a live API against the app's response schemas (src/types/api.ts), read-only:
//   npm run contract -- --base https://api-host:8686 --token <staff token> [--check-token <check-user token>]
// Prints, per endpoint, OK or each field where the answer differs (path, expected, received type; never
// a value). Exits 1 when anything differs or fails. It only reads: no Add, Submit, Bind, Update, Read or
// Login call is ever sent (READ_ONLY below refuses them).
import { createServer as createViteServer } from 'vite';

const USAGE =
  'usage: npm run contract -- --base https://api-host:8686 --token <staff token> [--check-token <check-user token>]';

/** Paths this script may call; anything that changes data on the server is refused here. */
const WRITES = /\/(Add|Submit|Bind\w*|Update\w*|Read\w*|Login\w*|GenerateWeChatSignature)$/;

function parseArgs(argv) {
  const options = {};
  for (let index = 0; index < argv.length; index += 1) {
    const name = argv[index];
    const value = argv[index + 1];
    if (!['--base', '--token', '--check-token'].includes(name) || value === undefined) {
      throw new Error(`unknown or incomplete option ${name}\n${USAGE}`);
    }
    options[name.slice(2)] = value;
    index += 1;
  }
  if (!options.base || !options.token) throw new Error(USAGE);
  return options;
}

/** Loads the schemas and the diagnostic formatter from the TypeScript sources (no build needed). */
async function loadContract() {
  const vite = await createViteServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
    mode: 'test',
  });
  const api = await vite.ssrLoadModule('/src/types/api.ts');
  const { checkContract, formatDifferences } = await vite.ssrLoadModule('/src/lib/http/contract.ts');
  return { api, checkContract, formatDifferences, close: () => vite.close() };
}

function createClient(base, token) {
  const origin = base.replace(/\/+$/, '');
  /** One call; resolves with { ok, data?, problem? } where problem says why there is no answer to check. */
  return async function call(method, path, payload) {
    if (WRITES.test(path)) throw new Error(`refusing to call ${path}: the contract check never writes`);
    const url = new URL(origin + path);
    if (method === 'GET' && payload) {
      for (const [key, value] of Object.entries(payload)) url.searchParams.set(key, String(value));
    }
    let response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          Authorization: token,
          'Content-Type': 'application/json;charset=utf-8',
          requestId: crypto.randomUUID(),
        },
        body: method === 'POST' ? JSON.stringify(payload ?? {}) : undefined,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      return { ok: false, problem: `no answer (${error.cause?.code ?? error.name})` };
    }
    const contentType = response.headers.get('content-type') ?? '';
    if (!response.ok) return { ok: false, problem: `HTTP ${response.status}` };
    if (!contentType.includes('json')) {
      return { ok: true, file: { contentType, bytes: (await response.arrayBuffer()).byteLength } };
    }
    let body;
    try {
      body = await response.json();
    } catch {
      return { ok: false, problem: 'the body is not JSON' };
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body) || !('responseData' in body)) {
      return {
        ok: false,
        problem: 'the body is not the {statusCode, responseMessage, responseData} envelope',
      };
    }
    const code = body.statusCode ?? 2000;
    if (code !== 2000) {
      return { ok: false, problem: `statusCode ${code}: ${String(body.responseMessage ?? '')}` };
    }
    return { ok: true, data: body.responseData };
  };
}

/** The read-only calls, in an order where each detail uses an id from the page before it. */
function plan(api, { withCheckUser }) {
  const page = { pageIndex: 1, pageSize: 10 };
  /** The first record of a page, or of a plain list. */
  const first = (value) => (Array.isArray(value) ? value[0] : value?.records?.[0]);
  /** A list, then the detail of its first record by `id`. */
  const listThenDetail = (listPath, listSchema, detailPath, detailSchema, payload = page) => [
    {
      as: 'staff',
      method: 'POST',
      path: listPath,
      payload,
      schema: listSchema,
      keep: (value, found) => (found[listPath] = first(value)),
    },
    {
      as: 'staff',
      method: 'GET',
      path: detailPath,
      payload: (found) => found[listPath] && { id: found[listPath].id },
      schema: detailSchema,
    },
  ];
  const steps = [
    {
      as: 'staff',
      method: 'GET',
      path: '/api/v1/Account/GetUserManageProfile',
      schema: api.userProfileSchema,
    },
    ...api.DICTIONARY_TYPE_CODES.map((code) => ({
      as: 'staff',
      label: `(${code})`,
      method: 'POST',
      path: '/api/v1/Dictionary/PageDictionaryItem',
      payload: { dictionaryTypeCode: code, pageIndex: 1, pageSize: 1000 },
      schema: api.dictionaryPageSchema,
    })),
    {
      as: 'staff',
      method: 'POST',
      path: '/api/v1/ScreeningRegister/Search',
      payload: page,
      schema: api.registrationPageSchema,
      keep: (value, found) => {
        found.registration = first(value);
        found.tubeCode = value?.records?.find((record) => record.tube)?.tube.code;
      },
    },
    {
      as: 'staff',
      method: 'GET',
      path: '/api/v1/ScreeningRegister/GetDetail',
      payload: (found) => found.registration && { id: found.registration.id },
      schema: api.registrationSchema,
    },
    {
      as: 'staff',
      method: 'POST',
      path: '/api/v1/Sampling/GetSamplingTubeStatus',
      payload: (found) => found.tubeCode && { tubeCode: found.tubeCode },
      schema: api.tubeStatusResultSchema,
    },
    {
      as: 'staff',
      method: 'POST',
      path: '/api/v1/Sampling/PageCheckReport',
      payload: page,
      schema: api.checkReportPageSchema,
      keep: (value, found) => (found.report = first(value)),
    },
    {
      as: 'staff',
      method: 'GET',
      path: '/api/v1/Sampling/DownloadCheckReport',
      payload: (found) => found.report && { reportId: found.report.id },
      file: true,
    },
    ...listThenDetail(
      '/api/v1/SystemMessage/PageRecipientMessage',
      api.systemMessagePageSchema,
      '/api/v1/SystemMessage/GetDetail',
      api.systemMessageSchema,
    ),
    ...listThenDetail(
      '/api/v1/Questionnaire/GetList',
      api.questionnaireListSchema,
      '/api/v1/Questionnaire/GetDetail',
      api.questionnaireSchema,
      {},
    ),
    ...listThenDetail(
      '/api/v1/Response/Page',
      api.questionnaireResponsePageSchema,
      '/api/v1/Response/GetDetail',
      api.questionnaireResponseDetailSchema,
    ),
    ...listThenDetail(
      '/api/v1/Announcement/Page',
      api.announcementPageSchema,
      '/api/v1/Announcement/GetDetail',
      api.announcementSchema,
    ),
  ];
  if (!withCheckUser) return steps;
  const checkUserSteps = [
    { method: 'GET', path: '/api/v1/Account/GetUserManageProfile', schema: api.userProfileSchema },
    {
      method: 'POST',
      path: '/api/v1/ScreeningRegister/Search',
      payload: page,
      schema: api.registrationPageSchema,
    },
    {
      method: 'POST',
      path: '/api/v1/Sampling/PageCheckReport',
      payload: page,
      schema: api.checkReportPageSchema,
    },
    {
      method: 'POST',
      path: '/api/v1/Response/Page',
      payload: page,
      schema: api.questionnaireResponsePageSchema,
    },
  ].map((step) => ({ ...step, as: 'check user' }));
  return [...steps, ...checkUserSteps];
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const contract = await loadContract();
  const clients = {
    staff: createClient(options.base, options.token),
    'check user': options['check-token'] ? createClient(options.base, options['check-token']) : null,
  };
  const found = {};
  let failures = 0;
  try {
    for (const step of plan(contract.api, { withCheckUser: !!clients['check user'] })) {
      const name = `${step.method} ${step.path}${step.label ? ` ${step.label}` : ''} [${step.as}]`;
      const opensRecord = typeof step.payload === 'function';
      const payload = opensRecord ? step.payload(found) : step.payload;
      if (opensRecord && !payload) {
        console.log(`SKIP ${name}: the list before it had no record to open`);
        continue;
      }
      const answer = await clients[step.as](step.method, step.path, payload);
      if (!answer.ok) {
        failures += 1;
        console.log(`FAIL ${name}: ${answer.problem}`);
        continue;
      }
      if (step.file) {
        if (answer.file && answer.file.bytes > 0)
          console.log(`OK   ${name} (${answer.file.contentType}, ${answer.file.bytes} bytes)`);
        else {
          failures += 1;
          console.log(
            `FAIL ${name}: expected a file, got ${answer.file ? 'an empty file' : 'a JSON answer'}`,
          );
        }
        continue;
      }
      const checked = contract.checkContract(step.schema, answer.data);
      if (checked.ok) {
        console.log(`OK   ${name}`);
        step.keep?.(checked.value, found);
      } else {
        failures += 1;
        console.log(`DIFF ${name}`);
        for (const line of contract.formatDifferences(checked.differences)) console.log(`     ${line}`);
      }
    }
  } finally {
    await contract.close();
  }
  console.log(
    failures === 0 ? 'All answers match the contract.' : `${failures} endpoint(s) differ or failed.`,
  );
  process.exitCode = failures === 0 ? 0 : 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
