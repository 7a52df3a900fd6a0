import * as v from 'valibot';
import * as api from '@/types/api';
import type { FieldTag } from '@/types/schema-kit';

/**
 * docs/api-contract.md, rendered from the schemas in src/types/api.ts. The field tables come from the
 * schemas themselves (each building block says what it accepts and what a missing value becomes); the
 * pages that read each answer are written here, beside the endpoint list.
 */

interface EndpointDoc {
  endpoint: string;
  schema: v.GenericSchema;
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
      '/infoSearch (name, idCard masked, tube), /infoDetail and /checkUserInfoDetail (every field), /infoEnter (edit a draft; Add saves it unfinished), /workUser 待提交登记 (Search with status draft: name, idCard masked, updatedAt), /checkUser home (status, tube, reportId). POST /api/v1/ScreeningRegister/Delete (assumed: {id} of a draft) answers null; its answer is not read.',
  },
  {
    endpoint: 'POST /api/v1/Sampling/BindSamplingTube, POST /api/v1/Sampling/UpdateSamplingOperation',
    schema: api.samplingTubeSchema,
    pages: '/bindSuccess, the unbind page: code, status and timeline.',
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
      '/messageType (total of unread pages), /messageList (title, summary, read, sentAt), /messageDetail (content, reportId).',
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
  required: '**refused**: 服务器返回的数据格式有误…',
  absent: 'absent (the page leaves it out)',
  "''": "'' (shown blank)",
  '0': '0',
  false: 'false',
  '[]': 'empty list',
};

interface Row {
  path: string;
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
  if (tag && tag.kind !== 'list') {
    const known = tag.known
      ? ` ${tag.known.map((value) => `'${value}'`).join(', ')}; others kept as text`
      : '';
    rows.push({ path, form: FORMS[tag.kind] + known, missing: WHEN_MISSING[tag.whenMissing] });
    return;
  }
  const missing = tag
    ? WHEN_MISSING[tag.whenMissing]
    : optional
      ? WHEN_MISSING.absent
      : WHEN_MISSING.required;
  if (inner.type === 'object' && inner.entries) {
    if (path) rows.push({ path, form: 'object', missing });
    for (const [key, entry] of Object.entries(inner.entries))
      describe(entry, path ? `${path}.${key}` : key, rows);
    return;
  }
  if (inner.type === 'array' && inner.item) {
    rows.push({ path: path || '(answer)', form: 'list', missing });
    describe(inner.item, `${path}[]`, rows);
    return;
  }
  const forms: Record<string, string> = {
    record: 'object of question id → string or list of strings',
    picklist: `one of ${String((inner.options ?? []).map((value) => `'${String(value)}'`).join(', '))} (not open: it decides the pages)`,
    union: 'number or string',
    unknown: 'anything (not read)',
  };
  rows.push({ path, form: forms[inner.type] ?? inner.type, missing });
}

export function renderApiContract(): string {
  const lines = [
    '# API contract: what the app assumes about each answer',
    '',
    '<!-- Generated from src/types/api.ts by tests/unit/contract/api-contract-doc.ts; a unit test fails when',
    '     they differ. Regenerate: UPDATE_API_CONTRACT=1 npx vitest run tests/unit/contract/api-contract.test.ts -->',
    '',
    'The spec shows almost no response shapes, so these are our assumptions. Every answer is parsed at',
    'the endpoint (src/api/<area>/) by the schema in src/types/api.ts, which accepts what real servers vary',
    'on and gives the app one form. **Refused** means the answer is not used: the user sees',
    '服务器返回的数据格式有误，请稍后重试或联系客服 and the console (vConsole) names the endpoint, the field',
    'path and the expected and received types. `npm run contract` checks a live server against the same',
    'schemas.',
    '',
    'Everywhere: null counts as missing; fields the app does not know are ignored; a value of a known list',
    '(statuses, types) the app does not know is kept and shown as the server’s text. `[]` in a path is',
    'each item of a list.',
    '',
  ];
  for (const doc of ENDPOINTS) {
    const rows: Row[] = [];
    describe(doc.schema, '', rows);
    lines.push(`## ${doc.endpoint}`, '', `Read by: ${doc.pages}`, '');
    lines.push('| field | accepted → held as | when missing or null |', '| --- | --- | --- |');
    for (const row of rows) lines.push(`| \`${row.path}\` | ${row.form} | ${row.missing} |`);
    lines.push('');
  }
  return lines.join('\n');
}
