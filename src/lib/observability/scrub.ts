import type { Breadcrumb, ErrorEvent, EventHint } from '@sentry/react';
import {
  contractMismatchMessage,
  DEFAULT_STATUS_MESSAGE,
  httpFailureMessage,
  NETWORK_ERROR_MESSAGE,
  REPEAT_SUBMIT_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  statusMessage,
  TIMEOUT_MESSAGE,
} from '@/lib/http/messages';
import { ID_CARD_BIRTH_DATE_WARNING, ID_CARD_FORMAT_WARNING } from '@/lib/id-card';
import { SIGNED_IN_ACCOUNT_REQUIRED } from '@/lib/session';
import { readText, storedKeys, type StorageArea } from '@/lib/storage';
import { getToken } from '@/lib/token';

/**
 * What an error or speed report may carry off the phone: where and how the app failed, never whose
 * data it was handling. Every event, breadcrumb and span passes through these rules before it is sent
 * (src/lib/observability/sentry.ts); each rule has its own test (tests/unit/observability/scrub.test.ts).
 */

/** Where a masked value stood. Not user-facing text: reports are read by the programme's developers. */
export const MASK = {
  idCard: '[id-card]',
  phone: '[phone]',
  number: '[number]',
  personal: '[filtered]',
  dataUrl: '[data-url]',
  json: '"[json]"',
  /** An error's or console line's text that is not one of the app's own messages (ALLOWED_MESSAGES). */
  message: '[message]',
} as const;

/**
 * A run of digits, shaped by what it could be rather than where it stands: glued to letters or not,
 * its groups separated by any run of up to three characters that are neither letters nor digits
 * (spaces, tabs, `/ , : | ~ ( )`, dots, dashes; a `%20` is a space by then), an ID card's last
 * character X. A group of one digit counts unless its separator holds a dot, so digits spaced one by
 * one are one run while a version such as 120.0.6099.109 is not. Eleven digits or more are masked
 * (maskNumbers).
 */
const NUMBER_RUN =
  /\+?\d+(?:[^\p{L}\p{N}]{1,3}\d{2,}|[^\p{L}\p{N}.]{1,3}\d(?!\d))*(?:[^\p{L}\p{N}]{0,3}[Xx](?![\p{L}\p{N}]))?/gu;
/** A landline as the form accepts one (src/lib/phone.ts) that is shorter than eleven digits. */
const LANDLINE_IN_TEXT = /(^|[^\d])0\d{2,3}-?\d{7,8}(?!\d)/g;
/** An absolute URL's query string and fragment (search criteria, ids, OAuth codes). */
const ABSOLUTE_URL_QUERY = /((?:https?|wss?):\/\/[^\s?#"'<>]*)[?#][^\s"'<>)]*/g;
/** The same for a path written alone, e.g. a navigation breadcrumb's `/login?redirect=…`. */
const PATH_QUERY = /(^|[\s"'(=])(\/[^\s?#"'<>]*)[?#][^\s"'<>)]*/g;
/** A picture or file inline in a URL: a report page drawn as a PNG is a medical record. */
const INLINE_URL = /\b(?:data|blob):[^\s"'<>)]+/g;
/** A JSON parse error quotes the text it failed on (a stored draft, an answer): drop the quote. */
const QUOTED = /"[\s\S]*"(?:\.\.\.)?/;

/**
 * Keys whose values are never sent, at any depth: bodies, form and storage contents, credentials,
 * console arguments and objects Sentry serialises whole (a rejected promise's value).
 */
const DROPPED_KEYS = new Set([
  'body',
  'request_body',
  'response_body',
  'cookies',
  'cookie',
  'authorization',
  'token',
  'password',
  'accountpwd',
  'query_string',
  'http.query',
  'url.query',
  'form',
  'formdata',
  'storage',
  'localstorage',
  'sessionstorage',
  'arguments',
  '__serialized__',
]);

const CJK = /[\u3400-\u9fff]/;

/**
 * A value on the phone that no pattern would catch in a report: Chinese text of two characters or more
 * (a whole name can be two, an address). ID and phone numbers are caught by their shapes wherever they
 * are; a field's value with six digits or more is masked too (a birth date, a number typed with spaces).
 */
function isPersonalValue(value: string, { digitRuns = false } = {}): boolean {
  const text = value.trim();
  if (CJK.test(text)) return text.length >= 2;
  return digitRuns && (text.match(/\d/g)?.length ?? 0) >= 6;
}

/** Every string a stored item holds (a JSON draft's fields, or the raw text). */
function storedValues(area: StorageArea, into: Set<string>): void {
  const leaves = (value: unknown): void => {
    if (typeof value === 'string') {
      if (isPersonalValue(value)) into.add(value.trim());
    } else if (value && typeof value === 'object') {
      for (const item of Object.values(value)) leaves(item);
    }
  };
  for (const key of storedKeys(area)) {
    const raw = readText(area, key) ?? '';
    try {
      leaves(JSON.parse(raw));
    } catch {
      leaves(raw);
    }
  }
}

/**
 * The values on this phone that a report must not carry, wherever they turn up: what the form fields
 * hold now, what the app keeps in storage (drafts, the offline queue) and the session token. Read when
 * an event is sent, so it is what the person has typed by then.
 */
export function collectPersonalValues(): string[] {
  const found = new Set<string>();
  const token = getToken();
  if (token) found.add(token);
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (isPersonalValue(field.value, { digitRuns: true })) found.add(field.value.trim());
  }
  storedValues('local', found);
  storedValues('session', found);
  // Longest first, so a value that contains another is masked whole.
  return [...found].sort((a, b) => b.length - a.length);
}

/** `%XX` sequences decoded (as UTF-8, else byte by byte), so an encoded value is masked like a plain one. */
function percentDecoded(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(/%([0-9A-Fa-f]{2})/g, (_match, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    }
  });
}

const JSON_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: ' ', f: ' ' };

/** JSON's escapes undone (`\u5415` is 吕, `\"` a quote), so a value quoted in JSON is masked like a plain one. */
function jsonUnescaped(text: string): string {
  return text.replace(/\\(?:u([0-9A-Fa-f]{4})|(["\\/nrtbf]))/g, (_match, hex?: string, char?: string) =>
    hex ? String.fromCharCode(Number.parseInt(hex, 16)) : (JSON_ESCAPES[char!] ?? char!),
  );
}

/** HTML's numeric character references (`&#49;`, `&#x31;`) as the characters they stand for. */
function entitiesDecoded(text: string): string {
  return text.replace(/&#(?:x([0-9A-Fa-f]{1,6})|(\d{1,7}));/g, (match, hex?: string, decimal?: string) => {
    const code = hex ? Number.parseInt(hex, 16) : Number(decimal);
    return code <= 0x10ffff ? String.fromCodePoint(code) : match;
  });
}

/**
 * The text as a person would read it: percent-encoding, JSON escapes and numeric character references
 * undone (twice encoded too), full-width digits and letters as ASCII (NFKC).
 */
function decodedText(text: string): string {
  let decoded = text;
  for (let round = 0; round < 3; round += 1) {
    const next = entitiesDecoded(jsonUnescaped(percentDecoded(decoded)));
    if (next === decoded) break;
    decoded = next;
  }
  return decoded.normalize('NFKC');
}

/** Every run of eleven digits or more masked, by its length: a phone (up to 13 with 86), an ID card (15 to 18). */
function maskNumbers(text: string): string {
  return text
    .replace(NUMBER_RUN, (run) => {
      const digits = run.replace(/[^\dXx]/g, '').length;
      if (digits < 11) return run;
      if (digits <= 13) return MASK.phone;
      return digits <= 18 ? MASK.idCard : MASK.number;
    })
    .replace(LANDLINE_IN_TEXT, `$1${MASK.phone}`);
}

/** URLs' queries and fragments removed, and inline pictures and files. */
function withoutQueries(text: string): string {
  return text.replace(INLINE_URL, MASK.dataUrl).replace(ABSOLUTE_URL_QUERY, '$1').replace(PATH_QUERY, '$1$2');
}

/**
 * One string as a report may carry it: queries removed before decoding (an encoded space must not end
 * one early) and again after it, then the rules above, in turn.
 */
export function maskText(text: string, personalValues: readonly string[] = []): string {
  let masked = withoutQueries(decodedText(withoutQueries(text)));
  for (const value of personalValues) masked = masked.split(value).join(MASK.personal);
  if (masked.includes('JSON')) masked = masked.replace(QUOTED, MASK.json);
  return maskNumbers(masked);
}

/**
 * The SDK's own ids (an event's, a trace's, a span's, a session's): random hex, which can hold a run of
 * digits that looks like a number. Sent as they are when they have that shape, masked like any text if not.
 */
const SDK_ID_KEYS = new Set(['event_id', 'trace_id', 'span_id', 'parent_span_id', 'segment_id', 'sid']);
const SDK_ID = /^[0-9a-f]{16,32}$/i;

/** Every string of a value masked, and the dropped keys left out, at any depth. */
export function maskDeep<T>(value: T, personalValues: readonly string[] = []): T {
  const walk = (item: unknown, key = ''): unknown => {
    if (typeof item === 'string') {
      return SDK_ID_KEYS.has(key) && SDK_ID.test(item) ? item : maskText(item, personalValues);
    }
    if (Array.isArray(item)) return item.map((child) => walk(child));
    if (item && typeof item === 'object') {
      const kept: Record<string, unknown> = {};
      for (const [childKey, child] of Object.entries(item)) {
        if (!DROPPED_KEYS.has(childKey.toLowerCase())) kept[childKey] = walk(child, childKey);
      }
      return kept;
    }
    return item;
  };
  return walk(value) as T;
}

/**
 * The only texts an error, a rejection or a console line may carry: the app's own messages, which name
 * no one. Anything else (a library's text, a server's, a message built from data) is sent as MASK.message,
 * beside the error's type and stack.
 */
const ALLOWED_MESSAGES: ReadonlySet<string> = new Set([
  ...[401, 403, 404].map((code) => statusMessage(code)),
  DEFAULT_STATUS_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  REPEAT_SUBMIT_MESSAGE,
  ID_CARD_FORMAT_WARNING,
  ID_CARD_BIRTH_DATE_WARNING,
  SIGNED_IN_ACCOUNT_REQUIRED,
]);
/** The app's messages with a part filled in that names no one: a status code, an API call, a chunk's path. */
const ALLOWED_MESSAGE_SHAPES: readonly RegExp[] = [
  new RegExp(`^${escapeRegExp(httpFailureMessage(999)).replace('999', '\\d{3}')}$`),
  new RegExp(`^${escapeRegExp(contractMismatchMessage('CALL')).replace('CALL', '[\\w/]+')}$`),
  // The app's own reports (sentry.ts): a kind, an API path, a field path and a code.
  /^(?:API [a-z]+ failure: [A-Z]+ \/[\w/.-]*(?: \(\d+\))?|Contract difference: [A-Z]+ \/[\w/.-]* [\w.[\]()]+|Offline queue: (?:submit|bind) refused \([a-z]+(?: \d+)?\))$/,
  // A chunk a deploy removed (src/app/chunk-reload.ts), as each browser words it, naming at most the
  // script's address (an http(s) URL or a path to a .js file; its query is removed): never a word.
  /^(?:Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed)[.:]?(?: (?:https?:\/\/[\w.-]+(?::\d+)?)?\/[\w./-]*\.m?js(?:[?#]\S*)?)?$/,
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `text` when it is one of the app's own messages, else MASK.message. */
export function allowedMessage(text: string): string {
  const trimmed = text.trim();
  if (ALLOWED_MESSAGES.has(trimmed)) return trimmed;
  return ALLOWED_MESSAGE_SHAPES.some((shape) => shape.test(trimmed)) ? maskText(trimmed) : MASK.message;
}

/** An error's type as its constructor names it (TypeError, ChunkLoadError), or 'Error'. */
function errorType(type: string | undefined): string | undefined {
  if (type === undefined) return undefined;
  return /^[A-Za-z_$][\w$]{0,59}$/.test(type) ? type : 'Error';
}

/** Only the breadcrumb data that says what happened: a request's method, path and status, a route change. */
const BREADCRUMB_DATA: Record<string, readonly string[]> = {
  xhr: ['method', 'url', 'status_code'],
  fetch: ['method', 'url', 'status_code'],
  navigation: ['from', 'to'],
};

function pick(data: Record<string, unknown> | undefined, keys: readonly string[] | undefined) {
  if (!data || !keys) return undefined;
  return Object.fromEntries(keys.filter((key) => key in data).map((key) => [key, data[key]]));
}

/**
 * A breadcrumb as a report may carry it, or null for none. Taps and key presses are dropped (the
 * element's description carries its labels), and console lines below a warning (a library's chatter);
 * a console line keeps its level and, when it is one of the app's own, its text; never its arguments.
 */
export function scrubBreadcrumb(
  breadcrumb: Breadcrumb,
  personalValues: readonly string[] = [],
): Breadcrumb | null {
  const category = breadcrumb.category ?? '';
  if (category.startsWith('ui.')) return null;
  if (category === 'console') {
    if (breadcrumb.level !== 'warning' && breadcrumb.level !== 'error') return null;
    const { data: _arguments, ...line } = breadcrumb;
    return line.message === undefined ? line : { ...line, message: allowedMessage(line.message) };
  }
  return maskDeep(
    {
      ...breadcrumb,
      ...(breadcrumb.message === undefined ? {} : { message: allowedMessage(breadcrumb.message) }),
      data: pick(breadcrumb.data, BREADCRUMB_DATA[category]),
    },
    personalValues,
  );
}

/**
 * The tags and extras the app sets (sentry.ts), each by the shape of what it holds: a kind, an API
 * call, a code, a field path, a type's description. Any other value, or one of another shape, goes
 * through allowedMessage like an error's text.
 */
const TAG_SHAPES: Readonly<Record<string, RegExp>> = {
  'api.kind': /^[a-z-]{1,30}$/,
  'queue.step': /^[a-z-]{1,30}$/,
  network: /^[a-z0-9-]{1,30}$/i,
  boundary: /^[a-z-]{1,30}$/,
  'contract.essential': /^(?:true|false)$/,
  'api.endpoint': /^[A-Z]+ \/[\w/.-]*$/,
  'api.code': /^(?:\d{1,5}|none)$/,
  'contract.path': /^[\w.[\]()]{0,120}$/,
  expected: /^[\w |[\]<>,.()'-]{0,120}$/,
  received: /^[\w |[\]<>,.()'-]{0,120}$/,
};

function scrubValues<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => {
      const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
      return [key, TAG_SHAPES[key]?.test(text) ? value : allowedMessage(text)];
    }),
  ) as T;
}

/** An error the app reports itself, without its text (reportApiFailure): its uncaught rejection is not sent again. */
function reportedElsewhere(error: unknown): boolean {
  return error instanceof Error && error.name === 'ApiError';
}

/**
 * WeChat's user agent carries `MMWEBID/<n>`, a number that stays with the app's install on the phone:
 * what a report may say of the phone is its make and WeChat's version, not which one it is. The user
 * agent without it (events here, sessions in sentry.ts).
 */
export function withoutInstallId<T extends string | undefined>(userAgent: T): T {
  return userAgent?.replace(/\s*\bMMWEBID\/\S*/gi, '') as T;
}

/**
 * An error event as it may leave the phone, or null when it must not: the error's type and stack, its
 * text only when it is one of the app's own messages; the page's address without its query, only the
 * User-Agent header (which phone and WeChat version; withoutInstallId), no request body or cookies, no
 * user, every string masked and the dropped keys left out.
 */
export function scrubEvent(
  event: ErrorEvent,
  hint: Pick<EventHint, 'originalException'> = {},
  personalValues: readonly string[] = collectPersonalValues(),
): ErrorEvent | null {
  if (reportedElsewhere(hint.originalException)) return null;
  const { request, user: _user, breadcrumbs, exception, message, logentry, tags, extra, ...rest } = event;
  const userAgent = withoutInstallId(request?.headers?.['User-Agent']);
  return maskDeep(
    {
      ...rest,
      ...(typeof message === 'string' ? { message: allowedMessage(message) } : {}),
      ...(tags ? { tags: scrubValues(tags) } : {}),
      ...(extra ? { extra: scrubValues(extra) } : {}),
      ...(logentry?.message === undefined ? {} : { logentry: { message: allowedMessage(logentry.message) } }),
      ...(exception
        ? {
            exception: {
              ...exception,
              values: exception.values?.map((value) => ({
                ...value,
                type: errorType(value.type),
                value: value.value === undefined ? undefined : allowedMessage(value.value),
              })),
            },
          }
        : {}),
      request: request && {
        url: request.url,
        ...(userAgent ? { headers: { 'User-Agent': userAgent } } : {}),
      },
      breadcrumbs: breadcrumbs
        ?.map((breadcrumb) => scrubBreadcrumb(breadcrumb))
        .filter((breadcrumb): breadcrumb is Breadcrumb => breadcrumb !== null),
    },
    personalValues,
  );
}

/**
 * An element as a speed report may name it: from Sentry's description (`article._card_x1[aria-label="…"]
 * > dl`), only the tag names the browser knows and the app's own class names (CSS modules', antd-mobile's)
 * are kept; ids, attribute values and anything else are left out, whatever they hold.
 */
export function safeSelector(selector: string): string {
  return selector
    .split(' > ')
    .map((part) => {
      const [tagAndId = '', ...classes] = part.split('[')[0].split('.');
      const tag = tagAndId.split('#')[0];
      const known =
        /^[a-z][a-z0-9]*$/i.test(tag) && !(document.createElement(tag) instanceof HTMLUnknownElement);
      if (!known) return '?';
      return [tag.toLowerCase(), ...classes.filter((name) => APP_CLASS.test(name))].join('.');
    })
    .join(' > ');
}
/** A class of the app's own styles: a CSS module's (`_card_1x2y3`) or antd-mobile's (`adm-button`). */
const APP_CLASS = /^(?:_[A-Za-z][\w-]*_[\w-]+|adm-[\w-]+)$/;

/** Span attributes that describe an element (Sentry's web-vital and interaction attribution). */
const ELEMENT_ATTRIBUTE = /^browser\.web_vital\.(?:lcp\.element|inp\.target|cls\.source\.\d+)$/;
/**
 * The span attributes a speed report may carry, by name: the SDK's own (sentry.*), the web vitals and
 * page timings (browser.*) but not the LCP element's id (an attribute's value), the network type the
 * app sets. Any other attribute is left out.
 */
const SPAN_ATTRIBUTE = /^(?:sentry\.|browser\.(?!web_vital\.lcp\.id$)|network\.type$)/;
/** What a span may be named: a route's path (`/infoEnter`), or the SDK's own words (`Interaction`, `pageload`). */
const SPAN_NAME = /^(?:\/[\w/.-]*|[A-Za-z][A-Za-z .-]{0,60})$/;

type AttributeValue = unknown;

function scrubAttribute(
  key: string,
  value: AttributeValue,
  personalValues: readonly string[],
): AttributeValue {
  if (value && typeof value === 'object' && 'value' in value) {
    return { ...value, value: scrubAttribute(key, value.value, personalValues) };
  }
  if (typeof value !== 'string') return maskDeep(value, personalValues);
  return ELEMENT_ATTRIBUTE.test(key) ? safeSelector(value) : maskText(value, personalValues);
}

/**
 * A span as a speed report may carry it: named after its route or by the SDK's words, its attributes
 * only those SPAN_ATTRIBUTE allows, an element only as safeSelector describes it. Never throws: the SDK
 * would send the span unchanged.
 */
export function scrubSpan<Span extends { name: string; attributes?: Record<string, unknown> }>(
  span: Span,
  personalValues: readonly string[] = [],
): Span {
  try {
    const attributes: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(span.attributes ?? {})) {
      if (SPAN_ATTRIBUTE.test(key)) attributes[key] = scrubAttribute(key, value, personalValues);
    }
    const op = attributes['sentry.op'];
    const name = SPAN_NAME.test(span.name) ? maskText(span.name) : typeof op === 'string' ? op : 'span';
    return { ...maskDeep({ ...span, attributes: undefined }, personalValues), name, attributes };
  } catch {
    return { ...span, name: 'span', attributes: {} };
  }
}
