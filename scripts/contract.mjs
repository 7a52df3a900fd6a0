#!/usr/bin/env node
// `npm run contract`: checks a live API against the app's contract on the day of integration.
//
//   CONTRACT_STAFF_TOKEN=… [CONTRACT_CHECK_TOKEN=…] npm run contract -- --base https://api-host:8686
//
// Read-only by default: every answer the app reads is checked with its schema (src/types/api.ts), then
// the envelope, paging and each assumption's switch that can be tested without writing
// (src/config/assumptions.ts). `--staging` runs the write journey once instead, with a test person and
// tube the operator supplies, and prints each answer's shape. Only paths, JSON types and key names are
// printed, never a value from an answer. Exit code: 0 everything matches, 1 something differs or failed,
// 2 refused to run.

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

/** Paths that change data on the server. Refused unless the staging journey names them (mayWrite). */
const WRITES =
  /\/(Add|Submit|Bind\w*|Update\w*|Read\w*|Login\w*|Delete\w*|Remove\w*|GenerateWeChatSignature)$/;

const PATHS = {
  add: '/api/v1/ScreeningRegister/Add',
  submit: '/api/v1/ScreeningRegister/Submit',
  delete: '/api/v1/ScreeningRegister/Delete',
  search: '/api/v1/ScreeningRegister/Search',
  bind: '/api/v1/Sampling/BindSamplingTube',
  tubeStatus: '/api/v1/Sampling/GetSamplingTubeStatus',
  unbind: '/api/v1/Sampling/UpdateSamplingOperation',
};

/** Stands in for the app's origin in the CORS preflight when --origin is not given. */
const DEFAULT_ORIGIN = 'https://app.example';
/** What a browser asks before a save: the spec's headers and the optional Idempotency-Key. */
const PREFLIGHT_HEADERS = ['idempotency-key', 'requestid', 'authorization', 'content-type'];
const SPEC_HEADERS = PREFLIGHT_HEADERS.filter((header) => header !== 'idempotency-key');

const VALUE_OPTIONS = [
  'base',
  'confirm-base',
  'origin',
  'dictionary-path',
  'person-name',
  'person-id-card',
  'person-phone',
  'tube-code',
];
const FLAG_OPTIONS = ['staging', 'token-stdin'];
const STAGING_OPTIONS = ['confirm-base', 'person-name', 'person-id-card', 'person-phone', 'tube-code'];

/** A reason not to run at all (exit code 2). */
class Refusal extends Error {}

function parseArgs(argv) {
  const options = {};
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (/^--(check-)?token(=|$)/.test(arg)) throw new Refusal(TOKEN_ON_COMMAND_LINE);
    const name = arg.slice(2);
    if (arg.startsWith('--') && FLAG_OPTIONS.includes(name)) {
      options[name] = true;
      continue;
    }
    const value = argv[index + 1];
    if (!arg.startsWith('--') || !VALUE_OPTIONS.includes(name) || value === undefined) {
      throw new Refusal(`unknown or incomplete option ${arg}\n${USAGE}`);
    }
    options[name] = value;
    index += 1;
  }
  if (!options.base) throw new Refusal(USAGE);
  options.base = apiBase(options.base);
  if (options.origin) options.origin = appOrigin(options.origin);
  if (options['dictionary-path'] !== undefined) {
    if (!options['dictionary-path'].startsWith('/'))
      throw new Refusal('--dictionary-path must be a path that starts with /');
    // Refused before anything loads; a path from the environment meets the guard with the read plan.
    mayCall(options['dictionary-path'], new Set());
  }
  if (options.staging) {
    if (!options['confirm-base'] || apiBase(options['confirm-base']) !== options.base) {
      throw new Refusal(
        '--staging writes real records, so it runs only when the base URL is given twice, the same: ' +
          `--base ${options.base} --confirm-base ${options.base}` +
          (options['confirm-base'] ? ` (--confirm-base was ${options['confirm-base']})` : ''),
      );
    }
    const missing = STAGING_OPTIONS.filter((option) => options[option] === undefined);
    if (missing.length > 0) throw new Refusal(`--staging needs --${missing.join(', --')}\n${USAGE}`);
  } else {
    const stray = STAGING_OPTIONS.filter((option) => options[option] !== undefined);
    if (stray.length > 0) throw new Refusal(`--${stray.join(', --')}: only with --staging\n${USAGE}`);
  }
  return options;
}

/** Loopback only: a token over plain HTTP anywhere else can be read on the way. */
function isLoopback(hostname) {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** The API's base URL without a trailing slash; https, or http on a loopback address. */
function apiBase(text) {
  let url;
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

function appOrigin(text) {
  try {
    const url = new URL(text);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin;
  } catch {
    // refused below
  }
  throw new Refusal(`--origin ${text}: give the app's origin, e.g. https://h5.example.cn`);
}

/** The write guard: a path that changes data is refused unless this run may write it. */
function mayCall(path, mayWrite) {
  if (WRITES.test(path) && !mayWrite.has(path)) {
    throw new Refusal(
      `refusing to call ${path}: it writes, and ${mayWrite.size === 0 ? 'the contract check only reads' : 'it is not a call of the staging journey'}`,
    );
  }
}

async function readTokens(options) {
  let staff = process.env[STAFF_TOKEN_VARIABLE];
  let check = process.env[CHECK_TOKEN_VARIABLE];
  if (options['token-stdin']) {
    let text = '';
    process.stdin.setEncoding('utf8');
    for await (const chunk of process.stdin) text += chunk;
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

/** Loads the schemas, the app's rules and the build's switches from the TypeScript sources (no build needed). */
async function loadContract() {
  const { createServer, loadEnv } = await import('vite');
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
    mode: 'test',
  });
  try {
    const [api, contract, assumptions, kit, idCard, phone, tubeCode, valibot] = await Promise.all(
      [
        '/src/types/api.ts',
        '/src/lib/http/contract.ts',
        '/src/config/assumptions.ts',
        '/src/types/schema-kit.ts',
        '/src/lib/id-card.ts',
        '/src/lib/phone.ts',
        '/src/lib/tube-code.ts',
        'valibot',
      ].map((module) => vite.ssrLoadModule(module)),
    );
    // The switches as a production build reads them: .env files of that mode and the environment.
    const buildEnv = loadEnv('production', process.cwd());
    return {
      api,
      ...contract,
      ASSUMPTIONS: assumptions.ASSUMPTIONS,
      build: assumptions.readAssumptions(buildEnv),
      toChinaIso: kit.toChinaIso,
      rules: { ...idCard, ...phone, ...tubeCode },
      getMetadata: valibot.getMetadata,
    };
  } finally {
    await vite.close();
  }
}

/** The JSON type of a value, as diagnostics name it. */
function jsonType(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A key as printed: a name, or <key> when it looks like data (an id, a code, a person's text). */
function keyName(key) {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : '<key>';
}

/** The answer's shape: keys and JSON types, recursively (the first item of a list); never a value. */
function shapeOf(value, depth = 0) {
  if (depth > 6) return '…';
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${shapeOf(value[0], depth + 1)}]`;
  if (isObject(value)) {
    const entries = Object.entries(value).map(
      ([key, item]) => `${keyName(key)}: ${shapeOf(item, depth + 1)}`,
    );
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  }
  return jsonType(value);
}

/** Why a request got no answer: the socket's error code (ECONNREFUSED), fetch's reason, or a timeout. */
function noAnswer(error) {
  return `no answer (${error.cause?.code ?? error.cause?.message ?? error.name})`;
}

/**
 * One call with a token; resolves with { ok, envelope, data } or { ok, file } or { ok: false, problem }.
 * `redact` hides the test person's values in a refusal's message (a server may quote them).
 */
function createClient(base, token, mayWrite, redact = (text) => text) {
  return async function call(method, path, payload) {
    mayCall(path, mayWrite);
    const url = new URL(base + path);
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
      return { ok: false, problem: noAnswer(error) };
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
    if (!isObject(body)) {
      return {
        ok: false,
        problem: 'the body is not the {statusCode, responseMessage, responseData} envelope',
      };
    }
    // As the app reads it (src/lib/http/client.ts): no statusCode (or null) is a success, else the number 2000.
    const code = body.statusCode ?? 2000;
    if (code !== 2000) {
      const asText =
        typeof code === 'string' ? ' (a string: the app counts only the number 2000, or none)' : '';
      return {
        ok: false,
        problem: `statusCode ${JSON.stringify(code)}${asText}: ${redact(String(body.responseMessage ?? ''))}`,
      };
    }
    return {
      ok: true,
      envelope: {
        statusCode: body.statusCode == null ? 'absent' : '2000',
        responseMessage: 'responseMessage' in body,
        responseData: 'responseData' in body,
      },
      data: body.responseData,
    };
  };
}

// ---- where a difference is in src/types/api.ts, and what the app does about it

function unwrap(schema) {
  let inner = schema;
  while (['nullish', 'nullable', 'optional'].includes(inner?.type) && inner.wrapped) inner = inner.wrapped;
  return inner;
}

/** 'records[3].tube.status' → ['records', 3, 'tube', 'status']. */
function pathTokens(path) {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map(([, key, index]) => key ?? Number(index));
}

/** Every schema src/types/api.ts exports, by the object and by what it wraps. */
function schemaNames(api) {
  const names = new Map();
  for (const [name, value] of Object.entries(api)) {
    if (!name.endsWith('Schema') || !isObject(value) || value.kind !== 'schema') continue;
    names.set(value, name);
    if (!names.has(unwrap(value))) names.set(unwrap(value), name);
  }
  return names;
}

/**
 * The field's place: `where` names the nearest exported schema and the rest of the path
 * (registrationSchema.tube.status); `soft` is the innermost field on the path the page can do without
 * (its tag: src/types/schema-kit.ts FieldTag), which holds the difference.
 */
function locate(contract, names, step, path) {
  let node = step.schema;
  let owner = names.get(node) ?? names.get(unwrap(node)) ?? 'the answer';
  let rest = '';
  let soft;
  for (const token of pathTokens(path)) {
    const inner = unwrap(node);
    node = typeof token === 'number' ? inner?.item : inner?.entries?.[token];
    rest += typeof token === 'number' ? '[]' : `.${token}`;
    if (!node) break;
    const name = names.get(node) ?? names.get(unwrap(node));
    if (name) [owner, rest] = [name, ''];
    const tag = contract.getMetadata(node)?.field;
    if (tag && tag.role !== 'essential') soft = { tag, where: owner + rest };
  }
  return { where: owner + rest, soft };
}

const HELD_AS = {
  absent: 'absent: the page shows — or leaves the line out',
  "''": 'empty: the page shows —',
  '[]': 'an empty list',
  '{}': 'no answers',
  0: '0',
  false: 'false',
};

/** What the app does with a difference and what to change: the schema line, or the switch. */
function advice(difference, place, step) {
  const where = `${place.where} in src/types/api.ts`;
  const fix =
    difference.received === 'missing'
      ? `rename ${where} if the server names it otherwise (see the fields not read)`
      : `change ${where} to read the server's form`;
  if (difference.essential) {
    const send = difference.received === 'missing' ? 'it' : difference.expected;
    // The whole answer or its top level differs: the switch may point at another call.
    const governed =
      step.switch && pathTokens(difference.path).length <= 1
        ? `; this call's path is a switch: ${step.switch} (now ${step.path})`
        : '';
    return `The app refuses this answer (服务器返回的数据格式有误). Have the server send ${send}, or ${fix}${governed}.`;
  }
  const held = place.soft
    ? ` (${place.soft.where === place.where ? 'it is' : `${place.soft.where} is`} held as ${HELD_AS[place.soft.tag.whenMissing]})`
    : '';
  return `The page works without it${held}. To show it, ${fix}.`;
}

/** Keys the server sent that no schema reads, by field (records[].publishTime); names only. */
function unreadFields(schema, data, path = '', found = new Set()) {
  const inner = unwrap(schema);
  if (inner?.type === 'object' && isObject(data)) {
    for (const [key, value] of Object.entries(data)) {
      const child = path ? `${path}.${keyName(key)}` : keyName(key);
      if (key in inner.entries) unreadFields(inner.entries[key], value, child, found);
      else found.add(child);
    }
  } else if (inner?.type === 'array' && Array.isArray(data)) {
    for (const item of data) unreadFields(inner.item, item, `${path}[]`, found);
  }
  return found;
}

function isPageSchema(schema) {
  const entries = unwrap(schema)?.entries;
  return !!entries && 'records' in entries && 'total' in entries;
}

// ---- the read-only check

/** The read-only calls, in an order where each detail uses an id from the page before it. */
function readPlan(api, { withCheckUser, dictionaryPath }) {
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
      path: dictionaryPath,
      payload: { dictionaryTypeCode: code, pageIndex: 1, pageSize: 1000 },
      schema: api.dictionaryPageSchema,
      switch: 'VITE_DICTIONARY_PATH',
      dictionary: code,
    })),
    {
      as: 'staff',
      method: 'POST',
      path: PATHS.search,
      payload: page,
      schema: api.registrationPageSchema,
      keep: (value, found) => {
        found.registration = first(value);
        found.tubeCode = value.records.find((record) => record.tube)?.tube.code;
        for (const record of value.records) if (record.tube) found.tubeCodes.push(record.tube.code);
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
      path: PATHS.tubeStatus,
      payload: (found) => found.tubeCode && { tubeCode: found.tubeCode },
      schema: api.tubeStatusResultSchema,
    },
    {
      as: 'staff',
      method: 'POST',
      path: '/api/v1/Sampling/PageCheckReport',
      payload: page,
      schema: api.checkReportPageSchema,
      keep: (value, found) => {
        found.report = first(value);
        for (const report of value.records) if (report.tubeCode) found.tubeCodes.push(report.tubeCode);
      },
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
    { method: 'POST', path: PATHS.search, payload: page, schema: api.registrationPageSchema },
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

function stepName(step) {
  return `${step.method} ${step.path}${step.label ? ` ${step.label}` : ''} [${step.as}]`;
}

/**
 * Calls one read and prints OK, DIFF (each field: what the app does, what to change) or FAIL. Resolves
 * with the checked answer, or undefined when the app could not use it.
 */
async function checkRead(run, step, payload, { printShape = false } = {}) {
  const name = stepName(step);
  const answer = await run.clients[step.as](step.method, step.path, payload);
  if (step.dictionary) {
    const records = answer.ok ? answer.data?.records : undefined;
    run.dictionary.push({
      code: step.dictionary,
      records: Array.isArray(records),
      empty: Array.isArray(records) && records.length === 0,
      answered: answer.ok || !answer.problem.startsWith('no answer'),
    });
  }
  if (!answer.ok) {
    run.failures.push(name);
    console.log(`FAIL ${name}: ${answer.problem}`);
    return undefined;
  }
  if (step.file) {
    if (answer.file && answer.file.bytes > 0) {
      console.log(`OK   ${name} (${answer.file.contentType}, ${answer.file.bytes} bytes)`);
      return answer;
    }
    run.failures.push(name);
    console.log(`FAIL ${name}: expected a file, got ${answer.file ? 'an empty file' : 'a JSON answer'}`);
    return undefined;
  }
  run.envelopes.push({ name, ...answer.envelope });
  if (isPageSchema(step.schema))
    run.pages.push({ name, total: isObject(answer.data) && answer.data.total != null });
  const checked = run.contract.checkContract(step.schema, answer.data);
  if (checked.differences.length === 0) {
    console.log(`OK   ${name}`);
  } else {
    (checked.ok ? run.displayOnly : run.refused).push(name);
    console.log(
      `DIFF ${name}: ${checked.ok ? 'the page works (no essential field differs)' : 'the app refuses this answer'}`,
    );
    const byField = new Map();
    for (const difference of checked.differences) {
      const field = run.contract.fieldOf(difference.path);
      if (!byField.has(field)) byField.set(field, difference);
    }
    for (const [field, difference] of byField) {
      const [line] = run.contract.formatDifferences([{ ...difference, path: field }]);
      console.log(`     ${line}`);
      console.log(
        `       ${advice(difference, locate(run.contract, run.names, step, difference.path), step)}`,
      );
    }
    const unread = unreadFields(step.schema, answer.data);
    if (unread.size > 0) console.log(`     fields sent but not read by the app: ${[...unread].join(', ')}`);
  }
  if (printShape) printAnswer(answer);
  return { ...answer, checked };
}

function printAnswer(answer) {
  const { statusCode, responseMessage } = answer.envelope;
  console.log(
    `     answer: statusCode ${statusCode}, responseMessage ${responseMessage ? 'present' : 'absent'}, ` +
      `responseData ${answer.envelope.responseData ? shapeOf(answer.data) : 'absent'}`,
  );
}

async function runReadOnly(run) {
  const found = { tubeCodes: [] };
  const steps = readPlan(run.contract.api, {
    withCheckUser: !!run.clients['check user'],
    dictionaryPath: run.switches.dictionaryPath,
  });
  for (const step of steps) mayCall(step.path, new Set());
  for (const step of steps) {
    const opensRecord = typeof step.payload === 'function';
    const payload = opensRecord ? step.payload(found) : step.payload;
    if (opensRecord && !payload) {
      console.log(`SKIP ${stepName(step)}: the list before it had no record to open`);
      continue;
    }
    const answer = await checkRead(run, step, payload);
    if (answer?.checked?.ok) step.keep?.(answer.checked.value, found);
  }
  run.tubeCodes = found.tubeCodes;
}

/**
 * The switches' read-only checks: the CORS preflight of a save, and the default dictionary path when
 * this run reads another.
 */
async function probeSwitches(run) {
  run.preflight = await preflight(run.options.base, run.options.origin ?? DEFAULT_ORIGIN);
  const defaultPath = run.contract.ASSUMPTIONS.dictionaryPath.defaultValue;
  if (run.switches.dictionaryPath === defaultPath) return;
  const probe = await run.clients.staff('POST', defaultPath, {
    dictionaryTypeCode: run.contract.api.DICTIONARY_TYPE_CODES[0],
    pageIndex: 1,
    pageSize: 1,
  });
  run.defaultDictionary =
    probe.ok && Array.isArray(probe.data?.records) ? 'answers with records' : (probe.problem ?? 'no records');
}

/** The CORS preflight a browser sends before a save (not a write: no token, no body). */
async function preflight(base, origin) {
  const path = PATHS.add;
  let response;
  try {
    response = await fetch(base + path, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': PREFLIGHT_HEADERS.join(','),
      },
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    return { path, origin, problem: noAnswer(error) };
  }
  const allowOrigin = response.headers.get('access-control-allow-origin');
  const allowHeaders = response.headers.get('access-control-allow-headers');
  const listed = (allowHeaders ?? '')
    .split(',')
    .map((header) => header.trim().toLowerCase())
    .filter(Boolean);
  // `*` covers every header but Authorization (the Fetch standard).
  const allowed = (header) => listed.includes(header) || (listed.includes('*') && header !== 'authorization');
  return {
    path,
    origin,
    status: response.status,
    problem: response.ok ? undefined : `HTTP ${response.status}`,
    originAllowed: allowOrigin === '*' || allowOrigin === origin,
    allowOrigin,
    allowHeaders,
    refused: PREFLIGHT_HEADERS.filter((header) => !allowed(header)),
  };
}

// ---- the staging journey

/** The test person's values, checked by the app's own rules; a Refusal names the option at fault. */
function testPerson(options, rules) {
  const name = options['person-name'].trim();
  const idCard = rules.normalizeIdCard(options['person-id-card']);
  const phone = rules.normalizePhone(options['person-phone']);
  const tubeCode = rules.normalizeTubeCode(options['tube-code']);
  const problems = [
    ['person-name', rules.validateName(name), 'src/lib/phone.ts'],
    [
      'person-id-card',
      rules.validateIdCard(idCard) ?? rules.validateIdCardLifespan(idCard),
      'src/lib/id-card.ts',
    ],
    ['person-phone', rules.validatePhone(phone), 'src/lib/phone.ts'],
    ['tube-code', rules.isTubeCode(tubeCode, false) ? null : 'not a tube code', 'src/lib/tube-code.ts'],
  ].filter(([, problem]) => problem);
  if (problems.length > 0) {
    throw new Refusal(
      problems
        .map(([option, problem, rule]) => `--${option}: ${problem} (the app's rule, ${rule})`)
        .join('\n'),
    );
  }
  const secrets = [name, idCard, idCard.toLowerCase(), phone, options['person-phone'].trim()].filter(Boolean);
  const redact = (text) => secrets.reduce((result, secret) => result.split(secret).join('***'), text);
  return { name, idCard, phone, tubeCode, redact };
}

/** The refusal that ends the journey: nothing after it is sent. */
class Stop extends Error {}

/**
 * The write journey, once: Add (a draft), Search for it, Delete it (only with the deleteServerDrafts
 * switch on; Submit then creates the registration, as for a form never saved as a draft), Submit, bind
 * the test tube, its status, unbind it. Each answer's shape is printed; it stops at the first refusal.
 */
async function runStaging(run, person) {
  const { api } = run.contract;
  const deleteDrafts = run.switches.deleteServerDrafts;
  console.log(
    `WARNING: --staging writes to ${run.options.base}: it registers the test person (ScreeningRegister/Add` +
      `${deleteDrafts ? ', /Delete' : ''} and /Submit), binds the test tube to that registration and unbinds ` +
      'it (Sampling/BindSamplingTube, /UpdateSamplingOperation). These are real records on that server. ' +
      'It stops at the first refusal.',
  );
  const left = { registration: false, tube: false };
  const staff = (step) => ({ as: 'staff', method: 'POST', ...step });
  const read = async (step, payload) => {
    const answer = await checkRead(run, staff(step), payload, { printShape: true });
    if (!answer) throw new Stop(`${stepName(staff(step))} failed`);
    return answer;
  };
  const write = async (path, payload, { savesId = false } = {}) => {
    const name = stepName(staff({ path }));
    const answer = await run.clients.staff('POST', path, payload);
    run.journey[path] = answer.ok ? 'done' : 'refused';
    if (!answer.ok) {
      run.failures.push(name);
      console.log(`FAIL ${name}: ${answer.problem}`);
      throw new Stop(`${name} was refused`);
    }
    run.envelopes.push({ name, ...answer.envelope });
    console.log(`OK   ${name}`);
    printAnswer(answer);
    const id = run.contract.checkContract(api.savedIdSchema, answer.data).value;
    if (!savesId) console.log('     not read by the app: statusCode 2000 is the success');
    else if (id) console.log('     the app reads the saved id from this answer (savedIdSchema)');
    else
      console.log(
        '     the app reads no id from this answer (savedIdSchema): it finds the registration by ID card',
      );
    return id;
  };
  /** The registration a save wrote, as the app finds it (saved-registration-id.ts): by id, else by ID card and status. */
  const findRegistration = async (id, status) => {
    const answer = await read(
      { path: PATHS.search, schema: api.registrationPageSchema },
      { searchType: 'idCard', keyword: person.idCard, pageIndex: 1, pageSize: 10 },
    );
    const records = answer.checked.ok ? answer.checked.value.records : [];
    return id
      ? records.find((record) => record.id === id)
      : records.find((record) => record.status === status && record.idCard.toUpperCase() === person.idCard);
  };

  try {
    const reasons = await read(
      {
        path: run.switches.dictionaryPath,
        label: '(unbind_reason)',
        schema: api.dictionaryPageSchema,
        switch: 'VITE_DICTIONARY_PATH',
        dictionary: 'unbind_reason',
      },
      { dictionaryTypeCode: 'unbind_reason', pageIndex: 1, pageSize: 1000 },
    );
    const reason = reasons.checked.ok ? reasons.checked.value.records[0]?.itemValue : undefined;
    if (!reason) throw new Stop('the unbind_reason dictionary has no reason to unbind with');
    const tube = await read(
      { path: PATHS.tubeStatus, schema: api.tubeStatusResultSchema },
      { tubeCode: person.tubeCode },
    );
    if (
      tube.checked.ok &&
      (!tube.checked.value.exists || (tube.checked.value.status ?? 'unbound') !== 'unbound')
    ) {
      throw new Stop('the server does not know the test tube, or it is not free: supply a free test tube');
    }

    const input = { name: person.name, idCard: person.idCard, phone: person.phone, familyHistory: false };
    let id = await write(PATHS.add, input, { savesId: true });
    left.registration = true;
    const draft = await findRegistration(id, 'draft');
    run.journey.addStatus = draft?.status ?? 'not found';
    if (!draft) throw new Stop('Search did not find the registration Add saved');
    id = draft.id;
    if (deleteDrafts) {
      await write(PATHS.delete, { id });
      left.registration = false;
      id = undefined;
    }
    id = (await write(PATHS.submit, { ...(id ? { id } : {}), ...input }, { savesId: true })) ?? id;
    left.registration = true;
    if (!id) {
      id = (await findRegistration(undefined, 'submitted'))?.id;
      if (!id) throw new Stop('Search did not find the registration Submit saved');
    }
    await write(PATHS.bind, {
      registrationId: id,
      tubeCode: person.tubeCode,
      collectedAt: run.contract.toChinaIso(Date.now()),
    });
    left.tube = true;
    await read({ path: PATHS.tubeStatus, schema: api.tubeStatusResultSchema }, { tubeCode: person.tubeCode });
    await write(PATHS.unbind, { tubeCode: person.tubeCode, registrationId: id, operation: 'unbind', reason });
    left.tube = false;
    console.log(
      'The journey ran to its end. Left on the server: the test registration (submitted, no tube).',
    );
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    const kept = [left.registration && 'the test registration', left.tube && 'the test tube bound to it'];
    console.log(
      `Stopped: ${error.message}; nothing after it was sent.` +
        (kept.some(Boolean) ? ` Left on the server: ${kept.filter(Boolean).join(', ')}.` : ''),
    );
  }
}

// ---- the summary sections

function listed(names) {
  return names.length <= 3
    ? names.join('; ')
    : `${names.slice(0, 3).join('; ')} and ${names.length - 3} more`;
}

function printEnvelope(run) {
  if (run.envelopes.length === 0) return;
  console.log(`\nEnvelope (${run.envelopes.length} JSON answers)`);
  const part = (key, consequence) => {
    const absent = run.envelopes.filter((envelope) => envelope[key] === 'absent' || envelope[key] === false);
    console.log(
      absent.length === 0
        ? `     ${key}: in every answer`
        : `     ${key}: absent in ${absent.length} (${listed(absent.map((envelope) => envelope.name))}): ${consequence}`,
    );
  };
  part('statusCode', 'the app counts an answer without statusCode as a success, as the spec allows');
  part('responseMessage', "a refusal without it shows the app's own message for its code");
  part('responseData', 'a read without it is refused (see DIFF above); a write is not read');
}

function printPaging(run) {
  if (run.pages.length === 0) return;
  const without = run.pages.filter((page) => !page.total).map((page) => page.name);
  console.log(`\nPaging (${run.pages.length} page answers)`);
  console.log(
    without.length === 0
      ? '     total: in every page answer'
      : `     total: absent in ${without.length} (${listed(without)}). The app works without it: a full page means ` +
          'there may be more (one more request at the end of a list), lists show no 共 N 条, and unread ' +
          'counts come from one page of 100 (99+ beyond).',
  );
}

/** One switch of src/config/assumptions.ts: what was found, and whether the default is right. */
function printSwitch(run, key, found, verdict) {
  const doc = run.contract.ASSUMPTIONS[key];
  const now = String(run.switches[key]);
  const differs = now === doc.defaultValue ? '' : `; this run: ${now}`;
  console.log(`  ${key} (${doc.variable}, default ${doc.defaultValue}${differs})`);
  console.log(`     found: ${found}`);
  console.log(`     ${verdict}`);
}

function dictionaryFinding(run, problem) {
  const { variable, defaultValue } = run.contract.ASSUMPTIONS.dictionaryPath;
  const path = run.switches.dictionaryPath;
  const answered = run.dictionary.filter((entry) => entry.records).length;
  const works = answered === run.dictionary.length;
  const empty = run.dictionary.filter((entry) => entry.empty).map((entry) => entry.code);
  const found =
    `${path} ${works ? 'answers with records' : `answers without records for ${run.dictionary.length - answered} of ${run.dictionary.length} type codes`}` +
    (empty.length > 0
      ? `; no items for ${empty.join(', ')} (type codes: DICTIONARY_TYPE_CODES in src/types/api.ts)`
      : '') +
    (run.defaultDictionary ? `; the default path: ${run.defaultDictionary}` : '');
  if (!works && run.dictionary.every((entry) => entry.records || !entry.answered)) {
    return [found, 'inconclusive: the server did not answer; run again.'];
  }
  if (path === defaultValue) {
    return [
      found,
      works
        ? 'the default is right.'
        : problem(
            `the default path is not this server's dictionary call: find it, try it with --dictionary-path, then build with ${variable}=<path>`,
          ),
    ];
  }
  if (!works) return [found, problem(`${path} is not this server's dictionary call`)];
  return [
    found,
    run.defaultDictionary === 'answers with records'
      ? 'the default works too.'
      : `the default is not right for this server: build with ${variable}=${path}.`,
  ];
}

function idempotencyFinding(run, problem) {
  const answer = run.preflight;
  const standIn = run.options.origin ? '' : " (a stand-in: give --origin <the app's origin>)";
  const found =
    `OPTIONS ${answer.path} from ${answer.origin}${standIn}: ` +
    (answer.status === undefined
      ? answer.problem
      : `HTTP ${answer.status}, Access-Control-Allow-Origin ${answer.allowOrigin ?? 'absent'}, ` +
        `Access-Control-Allow-Headers ${answer.allowHeaders ?? 'absent'}`);
  const specRefused = (answer.refused ?? []).filter((header) => SPEC_HEADERS.includes(header));
  if (answer.status === undefined) {
    return [found, 'inconclusive: the server did not answer the preflight; run again.'];
  }
  if (answer.problem || !answer.originAllowed) {
    const why = answer.problem ?? `the origin ${answer.origin} is not allowed`;
    return [
      found,
      run.options.origin
        ? problem(
            `a browser on ${answer.origin} could send no save (${why}): the server's CORS must allow it`,
          )
        : `inconclusive: ${why}; run again with --origin <the app's origin>.`,
    ];
  }
  if (specRefused.length > 0) {
    return [
      found,
      problem(
        `the server's CORS does not allow ${specRefused.join(', ')}: the browser would refuse every save`,
      ),
    ];
  }
  if (!answer.refused.includes('idempotency-key')) {
    return [
      found,
      'Idempotency-Key is allowed: the default (off) works; turn it on once the backend team confirms the ' +
        'server honours the key (CallOptions in src/types/api.ts).',
    ];
  }
  return [
    found,
    run.switches.idempotencyKey
      ? problem(
          'Idempotency-Key is not allowed, yet this run has the switch on: every save would fail its preflight (网络不可用 on the phone)',
        )
      : 'Idempotency-Key is not allowed: the default (off) is right; on, every save would fail its preflight.',
  ];
}

const BIND_OUTCOME = {
  done: 'the server bound it',
  refused: 'the server refused to bind it (see above)',
  'not reached': 'the journey stopped before binding it',
};

function tubeCodeFinding(run, problem) {
  const codes = run.staging ? [run.person.tubeCode] : [...new Set(run.tubeCodes)];
  const unlike = codes.filter((code) => !run.contract.rules.isTubeCode(code, true)).length;
  if (codes.length === 0) {
    return [
      'no tube code on the first pages of registrations and reports',
      "the default (off) accepts any label; --staging binds a real label's code.",
    ];
  }
  const found =
    (run.staging
      ? `the test tube's code ${unlike === 0 ? 'matches' : 'does not match'} the strict pattern`
      : `${codes.length} tube codes on the first pages of registrations and reports: ${unlike === 0 ? 'all match' : `${unlike} do not match`} the strict pattern`) +
    (run.staging ? `; ${BIND_OUTCOME[run.journey[PATHS.bind] ?? 'not reached']}` : '');
  if (unlike === 0) return [found, 'the default (off) accepts them; on would too.'];
  return [
    found,
    run.switches.strictTubeCode
      ? problem('the strict pattern is on, but real codes do not match it: the app would refuse them')
      : 'the default (off) is right: the strict pattern would refuse such codes.',
  ];
}

function printAssumptions(run) {
  const { ASSUMPTIONS } = run.contract;
  const problem = (text) => {
    run.assumptionProblems.push(text);
    return `PROBLEM: ${text}`;
  };
  console.log('\nAssumptions');
  printSwitch(run, 'dictionaryPath', ...dictionaryFinding(run, problem));
  printSwitch(run, 'idempotencyKey', ...idempotencyFinding(run, problem));
  const safe = 'the default (off) is safe on any server.';
  if (!run.staging) {
    const needsWrite = 'not checked: it needs a write (`npm run contract -- --staging`)';
    printSwitch(run, 'saveDraftWhileTyping', needsWrite, safe);
    printSwitch(run, 'deleteServerDrafts', needsWrite, safe);
  } else {
    const { addStatus } = run.journey;
    printSwitch(
      run,
      'saveDraftWhileTyping',
      ...(addStatus === undefined
        ? ['not checked: the journey stopped before Add', safe]
        : [
            `after Add, Search finds the test registration: ${addStatus === 'not found' ? 'not found' : `status ${addStatus}`}`,
            addStatus === 'draft'
              ? 'Add keeps an unfinished registration apart: it can be turned on; the default (off) works too.'
              : 'keep the default (off): Add does not keep an unfinished registration apart as a draft.',
          ]),
    );
    const variable = ASSUMPTIONS.deleteServerDrafts.variable;
    const deleted = run.journey[PATHS.delete];
    printSwitch(
      run,
      'deleteServerDrafts',
      ...(!run.switches.deleteServerDrafts
        ? [`not tried: set ${variable}=true for a staging run to try it on the journey's draft`, safe]
        : deleted === undefined
          ? ['not checked: the journey stopped before Delete', safe]
          : deleted === 'done'
            ? [
                "ScreeningRegister/Delete deleted the journey's draft",
                'the call exists: it can be turned on; the default (off) works too.',
              ]
            : [
                'ScreeningRegister/Delete was refused (see above)',
                problem(`keep ${variable} off: the call did not delete the draft`),
              ]),
    );
  }
  printSwitch(run, 'strictTubeCode', ...tubeCodeFinding(run, problem));
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const tokens = await readTokens(options);
  const contract = await loadContract();
  const switches = {
    ...contract.build,
    ...(options['dictionary-path'] ? { dictionaryPath: options['dictionary-path'] } : {}),
  };
  const person = options.staging ? testPerson(options, contract.rules) : undefined;
  const mayWrite = new Set(
    options.staging
      ? [
          PATHS.add,
          PATHS.submit,
          PATHS.bind,
          PATHS.unbind,
          ...(switches.deleteServerDrafts ? [PATHS.delete] : []),
        ]
      : [],
  );
  const run = {
    options,
    contract,
    switches,
    staging: !!options.staging,
    person,
    names: schemaNames(contract.api),
    clients: {
      staff: createClient(options.base, tokens.staff, mayWrite, person?.redact),
      'check user':
        tokens.check && !options.staging ? createClient(options.base, tokens.check, new Set()) : null,
    },
    failures: [],
    refused: [],
    displayOnly: [],
    envelopes: [],
    pages: [],
    dictionary: [],
    tubeCodes: [],
    journey: {},
    assumptionProblems: [],
  };
  if (options.staging) await runStaging(run, person);
  else await runReadOnly(run);
  await probeSwitches(run);
  printEnvelope(run);
  printPaging(run);
  printAssumptions(run);

  const problems = [
    run.failures.length > 0 && `${run.failures.length} failed`,
    run.refused.length > 0 && `${run.refused.length} the app would refuse`,
    run.displayOnly.length > 0 && `${run.displayOnly.length} with display-only differences (the pages work)`,
    run.assumptionProblems.length > 0 && `${run.assumptionProblems.length} assumption problem(s)`,
  ].filter(Boolean);
  console.log(
    problems.length === 0
      ? '\nAll answers match the contract.'
      : `\nNot all answers match: ${problems.join(', ')}.`,
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
