// Where an answer differs from src/types/api.ts, what the app does about it, and the answer's shape:
// paths, JSON types and key names only, never a value.
import * as v from 'valibot';
import * as api from '@/types/api';
import type { ContractDifference } from '@/lib/http/contract';
import type { FieldTag } from '@/types/schema-kit';

/** What these functions read of a valibot schema: its kind, and what it wraps or holds. */
export interface SchemaNode {
  kind?: string;
  type?: string;
  wrapped?: SchemaNode;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
}

/** A step of the plan as far as a difference's place and advice go. */
export interface SchemaStep {
  schema: v.GenericSchema;
  path: string;
  /** The variable that sets this call's path (a switch, src/config/assumptions.ts). */
  switch?: string;
}

/** The JSON type of a value, as diagnostics name it. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A key as printed: a name, or <key> when it looks like data (an id, a code, a person's text). */
function keyName(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : '<key>';
}

/** The answer's shape: keys and JSON types, recursively (the first item of a list); never a value. */
export function shapeOf(value: unknown, depth = 0): string {
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

function unwrap(schema: SchemaNode | undefined): SchemaNode | undefined {
  let inner = schema;
  while (inner?.wrapped && ['nullish', 'nullable', 'optional'].includes(inner.type ?? ''))
    inner = inner.wrapped;
  return inner;
}

/** 'records[3].tube.status' → ['records', 3, 'tube', 'status']. */
function pathTokens(path: string): (string | number)[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map(([, key, index]) => key ?? Number(index));
}

/** Every schema src/types/api.ts exports, by the object and by what it wraps. */
const schemaNames = (() => {
  const names = new Map<SchemaNode, string>();
  for (const [name, value] of Object.entries(api)) {
    const schema = value as SchemaNode;
    if (!name.endsWith('Schema') || !isObject(value) || schema.kind !== 'schema') continue;
    names.set(schema, name);
    const inner = unwrap(schema);
    if (inner && !names.has(inner)) names.set(inner, name);
  }
  return names;
})();

function nameOf(schema: SchemaNode): string | undefined {
  const inner = unwrap(schema);
  return schemaNames.get(schema) ?? (inner ? schemaNames.get(inner) : undefined);
}

/**
 * The field's place: `where` names the nearest exported schema and the rest of the path
 * (registrationSchema.tube.status); `soft` is the innermost field on the path the page can do without
 * (its tag: src/types/schema-kit.ts FieldTag), which holds the difference.
 */
interface Place {
  where: string;
  soft?: { tag: FieldTag; where: string };
}

function locate(step: SchemaStep, path: string): Place {
  let current: SchemaNode | undefined = step.schema;
  let owner = nameOf(current) ?? 'the answer';
  let rest = '';
  let soft: Place['soft'];
  for (const token of pathTokens(path)) {
    const inner = unwrap(current);
    current = typeof token === 'number' ? inner?.item : inner?.entries?.[token];
    rest += typeof token === 'number' ? '[]' : `.${token}`;
    if (!current) break;
    const name = nameOf(current);
    if (name) [owner, rest] = [name, ''];
    const tag = (v.getMetadata(current as v.GenericSchema) as { field?: FieldTag } | undefined)?.field;
    if (tag && tag.role !== 'essential') soft = { tag, where: owner + rest };
  }
  return { where: owner + rest, soft };
}

const HELD_AS: Readonly<Record<FieldTag['whenMissing'], string>> = {
  required: 'required',
  absent: 'absent: the page shows — or leaves the line out',
  "''": 'empty: the page shows —',
  '[]': 'an empty list',
  '{}': 'no answers',
  '0': '0',
  false: 'false',
};

/** What the app does with a difference and what to change: the schema line, or the switch. */
export function advice(difference: ContractDifference, step: SchemaStep): string {
  const place = locate(step, difference.path);
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
export function unreadFields(
  schema: SchemaNode | undefined,
  data: unknown,
  path = '',
  found = new Set<string>(),
): Set<string> {
  const inner = unwrap(schema);
  if (inner?.type === 'object' && inner.entries && isObject(data)) {
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

/** A page answer ({records, total}): its paging is reported. */
export function isPageSchema(schema: v.GenericSchema): boolean {
  const entries = unwrap(schema)?.entries;
  return !!entries && 'records' in entries && 'total' in entries;
}
