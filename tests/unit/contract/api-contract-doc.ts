import * as v from 'valibot';
import * as api from '@/types/api';
import { ASSUMPTIONS } from '@/config/assumptions';
import type { FieldTag } from '@/types/schema-kit';

/**
 * docs/api-contract.md, rendered from the schemas in src/types/api.ts. The field tables come from the
 * schemas themselves (each building block says what it accepts and what a missing value becomes); the
 * pages that read each answer are written here, beside the endpoint list.
 */

interface EndpointDoc {
  endpoint: string;
  /** None for a write whose answer is not read (statusCode 2000 is its success). */
  schema?: v.GenericSchema;
  /** Which pages read the answer and what they need from it. */
  pages: string;
}

const ENDPOINTS: EndpointDoc[] = [
  {
    endpoint: 'POST /api/v1/Account/LoginManage, POST /api/v1/Account/LoginWeChat',
    schema: api.loginResultSchema,
    pages: '/login, /callback: the token only.',
  },
  {
    endpoint: 'GET /api/v1/Account/GetUserManageProfile',
    schema: api.userProfileSchema,
    pages:
      '/workUser and /checkUser (name, institution), every page (role decides which group’s pages open), /checkUser (registrationId: “本人”).',
  },
  {
    endpoint: 'POST /api/v1/Account/GenerateWeChatSignature',
    schema: api.weChatSignatureSchema,
    pages: 'Every page that scans (wx.config).',
  },
  {
    endpoint: 'POST /api/v1/Dictionary/PageDictionaryItem',
    schema: api.dictionaryPageSchema,
    pages:
      'Entry and detail pages (labels of coded fields), report result tags, message types, unbind reasons.',
  },
  {
    endpoint:
      'POST /api/v1/ScreeningRegister/Search; GET /api/v1/ScreeningRegister/GetDetail, POST …/Add and …/Submit (one record)',
    schema: api.registrationPageSchema,
    pages:
      '/infoSearch (name, idCard masked, tube), /infoDetail and /checkUserInfoDetail (every field), /infoEnter (edit a draft), /workUser 待提交登记 (Search with status draft: name, idCard masked, updatedAt), /checkUser home (status, tube, reportId).',
  },
  {
    endpoint:
      'POST /api/v1/ScreeningRegister/Add and …/Submit, POST /api/v1/Response/Add, …/Submit and …/Update',
    schema: api.savedIdSchema,
    pages:
      'Only the id is read: a number, a string, `{ id }` or the saved record. Any other answer (null, a message) is still a success on statusCode 2000; a registration is then found by its ID card (Search), a questionnaire draft stays on the phone until 提交.',
  },
  {
    endpoint:
      'POST /api/v1/Sampling/BindSamplingTube, …/UpdateSamplingOperation, POST /api/v1/SystemMessage/ReadSystemMessage, POST /api/v1/Account/LoginOut, POST /api/v1/ScreeningRegister/Delete (switch: deleteServerDrafts)',
    pages:
      'Not read: statusCode 2000 (or none) is the success, whatever responseData holds. A page that shows the tube after binding asks GetSamplingTubeStatus.',
  },
  {
    endpoint: 'POST /api/v1/Sampling/GetSamplingTubeStatus',
    schema: api.tubeStatusResultSchema,
    pages: 'The bind panel (exists, status, who holds it), report detail (timeline).',
  },
  {
    endpoint: 'POST /api/v1/Sampling/PageCheckReport',
    schema: api.checkReportPageSchema,
    pages:
      '/repoetList (person, tube, result, reportedAt), /repoetDetail and /checkUserRepoetDetail (every field), /checkUser home.',
  },
  {
    endpoint:
      'POST /api/v1/SystemMessage/PageRecipientMessage; GET /api/v1/SystemMessage/GetDetail, POST …/ReadSystemMessage (one record)',
    schema: api.systemMessagePageSchema,
    pages:
      'the unread counts (one page of 100 with `read: false`, its records counted on the phone: the total, per `type` when every record has a known one, and which listed message is unread), /messageList (title, summary, sentAt), /messageDetail (content, reportId).',
  },
  {
    endpoint: 'POST /api/v1/Questionnaire/GetList',
    schema: api.questionnaireListSchema,
    pages: 'The questionnaire chooser.',
  },
  {
    endpoint: 'GET /api/v1/Questionnaire/GetDetail',
    schema: api.questionnaireSchema,
    pages: 'The questionnaire form (a question type the app does not know is shown without an input).',
  },
  {
    endpoint: 'POST /api/v1/Response/Page; POST …/Add, …/Submit, …/Update (one record)',
    schema: api.questionnaireResponsePageSchema,
    pages:
      '/questionnaireList and /checkUserQuestionnaireList, the form’s autosave, /checkUser home (drafts).',
  },
  {
    endpoint: 'GET /api/v1/Response/GetDetail',
    schema: api.questionnaireResponseDetailSchema,
    pages: '/questionnaireDetail and /checkUserQuestionnaireDetail.',
  },
  {
    endpoint: 'POST /api/v1/Announcement/Page',
    schema: api.announcementPageSchema,
    pages: '/announcement (title, summary, publishedAt), /workUser (the latest one).',
  },
  {
    endpoint: 'GET /api/v1/Announcement/GetDetail',
    schema: api.announcementSchema,
    pages: '/announcementDetail (content, attachments).',
  },
];

const FORMS: Record<FieldTag['kind'], string> = {
  object: 'object',
  record: 'object of question id → string or list of strings',
  id: 'id: string or integer → string',
  dateTime: "date-time: 'YYYY-MM-DD HH:mm:ss' (China time) or ISO 8601 → ISO 8601 +08:00",
  date: "date: 'YYYY-MM-DD' (a time after it is dropped)",
  number: 'number or numeric string → number',
  integer: 'integer or integer string → number',
  boolean: "true/false, 1/0, 'true'/'false' → boolean",
  text: 'string (a number is taken as its digits)',
  enum: 'one of',
  list: 'list',
};

const WHEN_MISSING: Record<FieldTag['whenMissing'], string> = {
  required: '**refused**: 服务器返回的数据格式有误（<call>）…',
  absent: 'absent (the page shows — or leaves it out)',
  "''": "'' (the page shows —)",
  '0': '0',
  false: 'false',
  '[]': 'empty list',
  '{}': 'no answers',
};

const ROLES: Record<FieldTag['role'], string> = {
  essential: '**essential**',
  display: 'display-only (reported when missing)',
  optional: 'optional',
};

interface Row {
  path: string;
  role: string;
  form: string;
  missing: string;
}

interface Wrapped {
  type: string;
  wrapped?: v.GenericSchema;
  entries?: Record<string, v.GenericSchema>;
  item?: v.GenericSchema;
  options?: unknown[];
}

function unwrap(schema: v.GenericSchema): { inner: Wrapped; optional: boolean } {
  let inner = schema as unknown as Wrapped;
  let optional = false;
  while (
    (inner.type === 'nullish' || inner.type === 'optional' || inner.type === 'nullable') &&
    inner.wrapped
  ) {
    optional = true;
    inner = inner.wrapped;
  }
  return { inner, optional };
}

function describe(schema: v.GenericSchema, path: string, rows: Row[]): void {
  const tag = (v.getMetadata(schema as never) as { field?: FieldTag }).field;
  const { inner, optional } = unwrap(schema);
  if (tag && tag.kind !== 'list' && tag.kind !== 'object') {
    const known = tag.known
      ? ` ${tag.known.map((value) => `'${value}'`).join(', ')}; others kept as text`
      : '';
    rows.push({
      path,
      role: ROLES[tag.role],
      form: FORMS[tag.kind] + known,
      missing: WHEN_MISSING[tag.whenMissing],
    });
    return;
  }
  const missing = tag
    ? WHEN_MISSING[tag.whenMissing]
    : optional
      ? WHEN_MISSING.absent
      : WHEN_MISSING.required;
  const role = tag ? ROLES[tag.role] : optional ? ROLES.optional : ROLES.essential;
  if (inner.type === 'object' && inner.entries) {
    if (path) rows.push({ path, role, form: 'object', missing });
    for (const [key, entry] of Object.entries(inner.entries))
      describe(entry, path ? `${path}.${key}` : key, rows);
    return;
  }
  if (inner.type === 'array' && inner.item) {
    rows.push({ path: path || '(answer)', role, form: 'list', missing });
    describe(inner.item, `${path}[]`, rows);
    return;
  }
  const forms: Record<string, string> = {
    record: 'object of question id → string or list of strings',
    picklist: `one of ${String((inner.options ?? []).map((value) => `'${String(value)}'`).join(', '))} (not open: it decides the pages)`,
    union: 'number or string',
    unknown: 'anything (not read)',
  };
  rows.push({ path: path || '(answer)', role, form: forms[inner.type] ?? inner.type, missing });
}

function assumptionsTable(): string[] {
  const lines = [
    '## Assumptions and their switches',
    '',
    'Every guess beyond the spec about what the app sends or calls is a switch in src/config/assumptions.ts,',
    'set at build time. The defaults work against a server that implements only what the spec shows.',
    '',
    '| switch | what it does | default | how to find out from the real server |',
    '| --- | --- | --- | --- |',
  ];
  for (const doc of Object.values(ASSUMPTIONS)) {
    lines.push(`| \`${doc.variable}\` | ${doc.what} | \`${doc.defaultValue}\` | ${doc.howToFindOut} |`);
  }
  lines.push(
    '',
    'Request fields the spec does not show, which a server may ignore without harm, are not switches: the',
    'app checks what comes back. PageCheckReport `{ id }` (the report must carry that id, among up to 20',
    'records), ScreeningRegister/Search `{ status: "draft" }` (only records with status draft are listed),',
    'SystemMessage/PageRecipientMessage `{ type, read: false }` (counted from the records when there is no',
    'total).',
    '',
    '### What a server that turns on `VITE_SEND_IDEMPOTENCY_KEY` must do',
    '',
    'The calls that save or change data (ScreeningRegister/Add and /Submit, Sampling/BindSamplingTube and',
    '/UpdateSamplingOperation, Response/Add, /Submit and /Update) then carry an `Idempotency-Key`: the same on',
    'every attempt at one action until the server answers anything for that URL, and for at most five',
    'minutes (the offline queue keeps one key per queued entry and step). The server scopes a key to the',
    'signed-in account and the endpoint; processes the first request with a key and keeps its answer',
    '(envelope and HTTP status) for at least 24 hours, **except a 5xx answer, which it must not keep** (a',
    'retry after a server fault has to be processed); answers a later request with the same key and body',
    'with the kept answer without processing it again; refuses the same key with another body (HTTP 422)',
    'and a second request while the first is in progress (HTTP 409); and allows the header in CORS',
    '(`Access-Control-Allow-Headers: Idempotency-Key`).',
    '',
  );
  return lines;
}

export function renderApiContract(): string {
  const lines = [
    '# API contract: what the app assumes about each answer',
    '',
    '<!-- Generated from src/types/api.ts and src/config/assumptions.ts by tests/unit/contract/api-contract-doc.ts;',
    '     a unit test fails when they differ. Regenerate:',
    '     UPDATE_API_CONTRACT=1 npx vitest run tests/unit/contract/api-contract.test.ts -->',
    '',
    'The spec shows the envelope (statusCode, responseMessage, responseData) and `records` for pages, and',
    'no other answer shape, so everything below is our assumption, read tolerantly. Every answer is parsed',
    'at the endpoint (src/api/<area>/) by its schema in src/types/api.ts:',
    '',
    '- **essential** fields are what a page or a rule needs (an id it links with, a status a rule reads,',
    '  a report’s result). Missing or of another form, the answer is **refused**: the user sees',
    '  服务器返回的数据格式有误（the call, e.g. ScreeningRegister/Search），请稍后重试或联系客服.',
    '- **display-only** fields are shown, but the page works without them: when missing or of another form',
    '  the page shows — or leaves the line out, and the difference is reported.',
    '- **optional** fields are often absent (a report id before there is a report): missing is normal; of',
    '  another form, reported.',
    '',
    'A difference is reported once per endpoint and field: in the console (vConsole) with the path and the',
    'expected and received types, never a value, and to error reporting where that is configured.',
    '`npm run contract` checks a live server against the same schemas and says, for each difference,',
    'whether it is essential and what to change. Everywhere: null counts as no value; fields the app does',
    'not know are ignored; a value of a known list (statuses, types) the app does not know is kept and',
    'shown as the server’s text. `[]` in a path is each item of a list.',
    '',
    ...assumptionsTable(),
  ];
  for (const doc of ENDPOINTS) {
    lines.push(`## ${doc.endpoint}`, '', `Read by: ${doc.pages}`, '');
    if (!doc.schema) continue;
    const rows: Row[] = [];
    describe(doc.schema, '', rows);
    lines.push('| field | role | accepted → held as | when missing |', '| --- | --- | --- | --- |');
    for (const row of rows) lines.push(`| \`${row.path}\` | ${row.role} | ${row.form} | ${row.missing} |`);
    lines.push('');
  }
  return lines.join('\n');
}
