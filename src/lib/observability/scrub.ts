import type { Breadcrumb, ErrorEvent, EventHint } from '@sentry/react';
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
  personal: '[filtered]',
  dataUrl: '[data-url]',
  json: '"[json]"',
} as const;

/**
 * Shaped like a mainland ID-card number: 17 digits and a digit or X, not part of a longer run of
 * letters or digits. (No lookbehind: iOS 13 cannot parse one, and the module would not load.)
 */
const ID_CARD_IN_TEXT = /(^|[^0-9A-Za-z])\d{17}[\dXx](?![0-9A-Za-z])/g;
/**
 * Shaped like a phone number as the form accepts one (src/lib/phone.ts): a mobile number with an optional
 * 86 prefix, written with or without spaces or hyphens, or a landline starting with 0.
 */
const MOBILE_IN_TEXT = /(^|[^\d])(?:\+?86[- ]?)?1\d{2}[- ]?\d{4}[- ]?\d{4}(?!\d)/g;
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
function storedValues(storage: Storage, into: Set<string>): void {
  const leaves = (value: unknown): void => {
    if (typeof value === 'string') {
      if (isPersonalValue(value)) into.add(value.trim());
    } else if (value && typeof value === 'object') {
      for (const item of Object.values(value)) leaves(item);
    }
  };
  for (let index = 0; index < storage.length; index += 1) {
    const raw = storage.getItem(storage.key(index) ?? '') ?? '';
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
  for (const storage of [localStorage, sessionStorage]) {
    try {
      storedValues(storage, found);
    } catch {
      // storage unavailable (private mode): nothing kept there
    }
  }
  // Longest first, so a value that contains another is masked whole.
  return [...found].sort((a, b) => b.length - a.length);
}

/** One string as a report may carry it: the rules above, in turn. */
export function maskText(text: string, personalValues: readonly string[] = []): string {
  let masked = text;
  for (const value of personalValues) masked = masked.split(value).join(MASK.personal);
  if (masked.includes('JSON')) masked = masked.replace(QUOTED, MASK.json);
  return masked
    .replace(INLINE_URL, MASK.dataUrl)
    .replace(ABSOLUTE_URL_QUERY, '$1')
    .replace(PATH_QUERY, '$1$2')
    .replace(ID_CARD_IN_TEXT, `$1${MASK.idCard}`)
    .replace(MOBILE_IN_TEXT, `$1${MASK.phone}`)
    .replace(LANDLINE_IN_TEXT, `$1${MASK.phone}`);
}

/** Every string of a value masked, and the dropped keys left out, at any depth. */
export function maskDeep<T>(value: T, personalValues: readonly string[] = []): T {
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return maskText(item, personalValues);
    if (Array.isArray(item)) return item.map(walk);
    if (item && typeof item === 'object') {
      const kept: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(item)) {
        if (!DROPPED_KEYS.has(key.toLowerCase())) kept[key] = walk(child);
      }
      return kept;
    }
    return item;
  };
  return walk(value) as T;
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
 * a console line keeps its text, never its arguments.
 */
export function scrubBreadcrumb(
  breadcrumb: Breadcrumb,
  personalValues: readonly string[] = [],
): Breadcrumb | null {
  const category = breadcrumb.category ?? '';
  if (category.startsWith('ui.')) return null;
  if (category === 'console' && breadcrumb.level !== 'warning' && breadcrumb.level !== 'error') return null;
  return maskDeep({ ...breadcrumb, data: pick(breadcrumb.data, BREADCRUMB_DATA[category]) }, personalValues);
}

/** An error the app reports itself, without its text (reportApiFailure): its uncaught rejection is not sent again. */
function reportedElsewhere(error: unknown): boolean {
  return error instanceof Error && error.name === 'ApiError';
}

/**
 * An error event as it may leave the phone, or null when it must not: the page's address without its
 * query, only the User-Agent header (which phone and WeChat version), no request body or cookies, no
 * user, every string masked and the dropped keys left out.
 */
export function scrubEvent(
  event: ErrorEvent,
  hint: Pick<EventHint, 'originalException'> = {},
  personalValues: readonly string[] = collectPersonalValues(),
): ErrorEvent | null {
  if (reportedElsewhere(hint.originalException)) return null;
  const { request, user: _user, breadcrumbs, ...rest } = event;
  const userAgent = request?.headers?.['User-Agent'];
  return maskDeep(
    {
      ...rest,
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
