import { existsSync, readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as api from '@/types/api';
import type { FieldTag } from '@/types/schema-kit';

/**
 * The tolerant reader, kept honest: a field the schemas require (essential: a missing one refuses the
 * whole answer) must be one a page or a rule reads. Each essential field names here the source file
 * that reads it; the test walks every schema in src/types/api.ts and fails
 * - when an essential field has no reader here (make it optional in the schema, or name its reader),
 * - when a reader is named for a field that is no longer essential (remove the line),
 * - when the named file does not read the field (`.field`, `?.field` or destructuring `{ field }`).
 * Paths are as in docs/api-contract.md: `records[].id` is each record's id. An object reached a second
 * time (a page's records, the same questionnaire inside a response) is listed once, where first reached.
 */
const READERS: Record<string, Record<string, string>> = {
  loginResultSchema: { token: 'src/features/auth/pages/login-page.tsx' },
  userProfileSchema: { id: 'src/features/auth/wechat-sign-in.ts' },
  weChatSignatureSchema: {
    timestamp: 'src/lib/wechat/sdk.ts',
    nonceStr: 'src/lib/wechat/sdk.ts',
    signature: 'src/lib/wechat/sdk.ts',
  },
  dictionaryPageSchema: {
    records: 'src/api/dictionary/dictionary-read.ts',
    'records[].itemText': 'src/api/dictionary/dictionary-read.ts',
    'records[].itemValue': 'src/api/dictionary/dictionary-read.ts',
  },
  registrationSchema: {
    id: 'src/features/home/check-overview.ts',
    status: 'src/features/home/check-overview.ts',
    'tube.code': 'src/features/home/check-overview.ts',
    'tube.status': 'src/features/home/check-overview.ts',
  },
  registrationPageSchema: { records: 'src/components/paged-list/use-paged-list.ts' },
  idCardRegisteredDataSchema: { registrationId: 'src/api/registration/register-and-bind.ts' },
  tubeStatusResultSchema: {
    exists: 'src/features/reports/components/tube-progress.tsx',
    'timeline[].status': 'src/components/tube-timeline/tube-timeline.tsx',
  },
  checkReportPageSchema: {
    records: 'src/features/reports/report-lookup.ts',
    'records[].id': 'src/features/reports/pages/report-detail-page.tsx',
    'records[].result': 'src/features/reports/report-advice.ts',
  },
  systemMessageSchema: { id: 'src/features/messages/pages/message-detail-page.tsx' },
  systemMessagePageSchema: { records: 'src/components/paged-list/use-paged-list.ts' },
  questionnaireSchema: {
    id: 'src/features/questionnaires/components/questionnaire-form.tsx',
    questions: 'src/features/questionnaires/components/questionnaire-form.tsx',
    'questions[].id': 'src/features/questionnaires/components/questionnaire-form.tsx',
    'questions[].type': 'src/features/questionnaires/components/question-field.tsx',
    'questions[].title': 'src/features/questionnaires/components/question-field.tsx',
    'questions[].options[].value': 'src/features/questionnaires/components/question-field.tsx',
    'questions[].options[].label': 'src/features/questionnaires/components/question-field.tsx',
  },
  questionnaireListSchema: { '[].id': 'src/features/questionnaires/components/questionnaire-chooser.tsx' },
  questionnaireResponsePageSchema: {
    records: 'src/components/paged-list/use-paged-list.ts',
    'records[].id': 'src/features/questionnaires/components/response-card.tsx',
    'records[].questionnaireId': 'src/features/questionnaires/use-autosave.ts',
    'records[].status': 'src/features/questionnaires/components/response-card.tsx',
  },
  questionnaireResponseDetailSchema: {
    id: 'src/features/questionnaires/resolve-plan.ts',
    questionnaireId: 'src/features/questionnaires/resolve-plan.ts',
    status: 'src/features/questionnaires/resolve-plan.ts',
    questionnaire: 'src/features/questionnaires/resolve-plan.ts',
  },
  questionnaireIncompleteDataSchema: { questionId: 'src/api/questionnaires/submit-response.ts' },
  announcementPageSchema: {
    records: 'src/components/paged-list/use-paged-list.ts',
    'records[].id': 'src/features/announcements/components/announcement-card.tsx',
    'records[].attachments[].id': 'src/features/announcements/components/attachment-list.tsx',
  },
};

/** The parts of a valibot schema the walk follows. */
interface SchemaNode {
  kind?: string;
  type: string;
  wrapped?: SchemaNode;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
}

/**
 * The essential fields under `schema`: tagged essential by the schema kit, or untagged and not wrapped
 * in optional/nullable/nullish (a plain valibot check, such as the signature's timestamp).
 */
function essentialPaths(schema: SchemaNode, path: string, seen: Set<SchemaNode>, out: string[]): string[] {
  const tag = (v.getMetadata(schema as never) as { field?: FieldTag }).field;
  let inner = schema;
  let wrapped = false;
  while (['nullish', 'optional', 'nullable'].includes(inner.type) && inner.wrapped) {
    wrapped = true;
    inner = inner.wrapped;
  }
  // A list's item is the list's own ('records[]'): its fields are what is read.
  if (path && !path.endsWith('[]') && (tag ? tag.role === 'essential' : !wrapped)) out.push(path);
  if (inner.type === 'object' && inner.entries && !seen.has(inner)) {
    seen.add(inner);
    for (const [key, entry] of Object.entries(inner.entries))
      essentialPaths(entry, path ? `${path}.${key}` : key, seen, out);
  } else if (inner.type === 'array' && inner.item) {
    essentialPaths(inner.item, `${path}[]`, seen, out);
  }
  return out;
}

/** Every schema src/types/api.ts exports, with its essential fields, in the module's order. */
function walkApiSchemas(): Record<string, string[]> {
  const seen = new Set<SchemaNode>();
  const result: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(api)) {
    if (typeof value !== 'object' || value === null || (value as SchemaNode).kind !== 'schema') continue;
    const paths = essentialPaths(value as SchemaNode, '', seen, []);
    if (paths.length > 0) result[name] = paths;
  }
  return result;
}

/** Whether `source` reads `field`: `x.field`, `x?.field`, or `{ field }` / `{ field: alias }` in a destructuring. */
function reads(source: string, field: string): boolean {
  return (
    new RegExp(`\\??\\.${field}\\b`).test(source) ||
    new RegExp(`(?:const|let|\\()\\s*\\{[^}]*\\b${field}\\b[^}]*\\}\\s*[=:)]`).test(source)
  );
}

describe('every essential field of the contract has a reader', () => {
  const walked = walkApiSchemas();

  it('names a reader for exactly the essential fields of each schema', () => {
    const named = Object.fromEntries(
      Object.entries(READERS).map(([name, fields]) => [name, Object.keys(fields)]),
    );
    expect(named).toEqual(walked);
  });

  const rows = Object.entries(READERS).flatMap(([schema, fields]) =>
    Object.entries(fields).map(([path, file]) => ({ schema, path, file })),
  );
  it.each(rows)('$schema $path is read by $file', ({ path, file }) => {
    expect(existsSync(file), `${file} does not exist`).toBe(true);
    const field =
      path
        .split(/[.[\]]+/)
        .filter(Boolean)
        .at(-1) ?? path;
    expect(reads(readFileSync(file, 'utf8'), field), `${file} does not read .${field}`).toBe(true);
  });
});
