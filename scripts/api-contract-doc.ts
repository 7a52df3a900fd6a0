import * as v from 'valibot';
import * as api from '@/types/api';
import { ASSUMPTIONS } from '@/config/assumptions';
import type { FieldTag } from '@/types/schema-kit';

/**
 * The generated sections of docs/api-contract.md (written by `npm run docs`, scripts/docs.mjs; a unit
 * test fails while the committed doc differs): the list of switches from src/config/assumptions.ts and
 * a field table per answer from the schemas in src/types/api.ts (each building block says what it accepts,
 * its role and what a missing value becomes). The pages that read each answer are written here, beside
 * the endpoint list, as no schema can say them.
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
    pages:
      '/login, /callback: the token only. Both are sent without a token (no Authorization header): the only calls that are.',
  },
  {
    endpoint: 'GET /api/v1/Account/GetUserManageProfile',
    schema: api.userProfileSchema,
    pages:
      '/workUser and /checkUser (name, institution), /checkUser (registrationId: “本人”), a check user’s WeChat sign-in (id: whose work stays on the phone). role is not read: which pages open follows the session’s group (where the user signed in).',
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

/** Each form a field may take (schema-kit's building blocks and valibot's own), as the tables name it. */
const FORMS = {
  text: 'string (a number is taken as its digits)',
  id: 'string or integer → string',
  'date-time': "'YYYY-MM-DD HH:mm:ss' (China time) or ISO 8601 → ISO 8601 +08:00",
  date: "'YYYY-MM-DD' (a time after it is dropped)",
  number: 'number or numeric string → number',
  integer: 'integer or integer string → number',
  boolean: "true/false, 1/0, 'true'/'false' → boolean",
  'known values': 'string; the values listed under the table are known, others kept as the server’s text',
  'one of': 'only the values listed under the table (not open: it decides the pages)',
  'number or string': 'number or string, as sent',
  answers: 'object of question id → string or list of strings',
  object: 'object',
  list: 'list',
  anything: 'anything (not read)',
} as const;

const KINDS: Record<Exclude<FieldTag['kind'], 'enum'>, keyof typeof FORMS> = {
  object: 'object',
  record: 'answers',
  id: 'id',
  dateTime: 'date-time',
  date: 'date',
  number: 'number',
  integer: 'integer',
  boolean: 'boolean',
  text: 'text',
  list: 'list',
};

/** valibot's own schemas, where a field has no building block of its own. */
const TYPES: Record<string, keyof typeof FORMS> = {
  record: 'answers',
  picklist: 'one of',
  union: 'number or string',
  unknown: 'anything',
};

/** What the app holds when a field is missing, as the tables name it. */
const WHEN_MISSING: Record<FieldTag['whenMissing'], string> = {
  required: 'refused',
  absent: 'absent',
  "''": "`''`",
  '0': '`0`',
  false: '`false`',
  '[]': '`[]`',
  '{}': '`{}`',
};

const ROLES: Record<FieldTag['role'], string> = {
  essential: '**essential**',
  display: 'display-only',
  optional: 'optional',
};

interface Row {
  path: string;
  role: string;
  form: string;
  missing: string;
  /** The values a 'known values' or 'one of' field lists. */
  values?: readonly unknown[];
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
    rows.push({
      path,
      role: ROLES[tag.role],
      form: tag.kind === 'enum' || tag.known ? 'known values' : KINDS[tag.kind],
      missing: WHEN_MISSING[tag.whenMissing],
      values: tag.known,
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
  rows.push({
    path: path || '(answer)',
    role,
    form: TYPES[inner.type] ?? inner.type,
    missing,
    values: inner.type === 'picklist' ? inner.options : undefined,
  });
}

function switchesSection(): string {
  return Object.values(ASSUMPTIONS)
    .map(
      (doc) =>
        `- \`${doc.variable}\` (default \`${doc.defaultValue}\`): ${doc.what} How to find out: ${doc.howToFindOut}`,
    )
    .join('\n');
}

function fieldsSection(): string {
  const lines = ['| form | accepted → held as |', '| --- | --- |'];
  for (const [name, form] of Object.entries(FORMS)) lines.push(`| ${name} | ${form} |`);
  for (const doc of ENDPOINTS) {
    lines.push('', `### ${doc.endpoint}`, '', `Read by: ${doc.pages}`);
    if (!doc.schema) continue;
    const rows: Row[] = [];
    describe(doc.schema, '', rows);
    lines.push('', '| field | role | form | when missing |', '| --- | --- | --- | --- |');
    for (const row of rows) lines.push(`| \`${row.path}\` | ${row.role} | ${row.form} | ${row.missing} |`);
    if (rows.some((row) => row.values)) lines.push('');
    for (const { path, values } of rows)
      if (values) lines.push(`- \`${path}\`: ${values.map((value) => `\`${String(value)}\``).join(', ')}`);
  }
  return lines.join('\n');
}

/** The generated sections of docs/api-contract.md, by marker name. */
export function apiContractSections(): Record<'switches' | 'fields', string> {
  return { switches: switchesSection(), fields: fieldsSection() };
}
