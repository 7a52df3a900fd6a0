import { readEnvelope } from '@/lib/http/envelope';
import * as endpoints from '@/api/endpoints';
import { mayCall } from './guard';

/** Which parts of the envelope a JSON answer had (names only, never a value). */
export interface EnvelopeSeen {
  statusCode: 'absent' | '2000';
  responseMessage: boolean;
  responseData: boolean;
}

/**
 * What one call got: a JSON success (its envelope and responseData), a file, or why it failed. A
 * success says its Cache-Control header (null: none), which personal answers must make no-store.
 */
export type Answer =
  | { ok: true; kind: 'json'; envelope: EnvelopeSeen; data: unknown; cacheControl: string | null }
  | { ok: true; kind: 'file'; file: { contentType: string; bytes: number }; cacheControl: string | null }
  | { ok: false; problem: string };

export type Method = 'GET' | 'POST';
/** A POST body, or a GET query (its values as text). */
export type Payload = object;
export type Call = (method: Method, path: string, payload?: Payload) => Promise<Answer>;

/** No call waits longer for its answer. */
const ANSWER_TIMEOUT_MS = 15_000;

/**
 * Why a request got no answer: the socket's error code (ECONNREFUSED), fetch's reason, or a timeout. A
 * redirect is never followed (`redirect: 'error'`): a 307 would repeat the call, with the token, at a
 * path the guard never saw (a read turned into a Submit).
 */
function noAnswer(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.message === 'unexpected redirect') {
    return 'a redirect, not followed (it could lead the call, with its token, to a path that writes)';
  }
  return `no answer (${cause?.code ?? cause?.message ?? (error as Error).name})`;
}

/**
 * One call with a token (the write guard first). `redact` hides the test person's values in a refusal's
 * message (a server may quote them).
 */
export function createClient(
  base: string,
  token: string,
  mayWrite: ReadonlySet<string>,
  redact: (text: string) => string = (text) => text,
): Call {
  return async (method, path, payload) => {
    mayCall(path, mayWrite);
    const url = new URL(base + path);
    if (method === 'GET' && payload) {
      for (const [key, value] of Object.entries(payload)) url.searchParams.set(key, String(value));
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          Authorization: token,
          'Content-Type': 'application/json;charset=utf-8',
          requestId: crypto.randomUUID(),
        },
        body: method === 'POST' ? JSON.stringify(payload ?? {}) : undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      });
    } catch (error) {
      return { ok: false, problem: noAnswer(error) };
    }
    const contentType = response.headers.get('content-type') ?? '';
    const cacheControl = response.headers.get('cache-control');
    if (!response.ok) return { ok: false, problem: `HTTP ${response.status}` };
    if (!contentType.includes('json')) {
      return {
        ok: true,
        kind: 'file',
        file: { contentType, bytes: (await response.arrayBuffer()).byteLength },
        cacheControl,
      };
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return { ok: false, problem: 'the body is not JSON' };
    }
    // As the app reads it (src/lib/http/envelope.ts).
    const reading = readEnvelope(body);
    if (reading.outcome === 'malformed') {
      return {
        ok: false,
        problem: 'the body is not the {statusCode, responseMessage, responseData} envelope',
      };
    }
    if (reading.outcome === 'refused') {
      const { code, envelope } = reading;
      // Typed a number, but a server may send "2000": the app refuses that too.
      const sent: unknown = code;
      const asText =
        typeof sent === 'string' ? ' (a string: the app counts only the number 2000, or none)' : '';
      return {
        ok: false,
        problem: `statusCode ${JSON.stringify(code)}${asText}: ${redact(String(envelope.responseMessage ?? ''))}`,
      };
    }
    const { envelope } = reading;
    return {
      ok: true,
      kind: 'json',
      envelope: {
        statusCode: envelope.statusCode == null ? 'absent' : '2000',
        responseMessage: 'responseMessage' in envelope,
        responseData: 'responseData' in envelope,
      },
      data: envelope.responseData,
      cacheControl,
    };
  };
}

/** What a browser asks before a save: the spec's headers and the optional Idempotency-Key. */
const PREFLIGHT_HEADERS = ['idempotency-key', 'requestid', 'authorization', 'content-type'] as const;
type PreflightHeader = (typeof PREFLIGHT_HEADERS)[number];
export const SPEC_HEADERS: readonly PreflightHeader[] = PREFLIGHT_HEADERS.filter(
  (header) => header !== 'idempotency-key',
);

/** The answer to a save's CORS preflight: `status` undefined when none came. */
export type Preflight = { path: string; origin: string } & (
  | { status: undefined; problem: string }
  | {
      status: number;
      problem: string | undefined;
      originAllowed: boolean;
      allowOrigin: string | null;
      allowHeaders: string | null;
      refused: PreflightHeader[];
    }
);

/** The CORS preflight a browser sends before a save (not a write: no token, no body). */
export async function preflight(base: string, origin: string): Promise<Preflight> {
  const path = endpoints.addRegistration;
  let response: Response;
  try {
    response = await fetch(base + path, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': PREFLIGHT_HEADERS.join(','),
      },
      redirect: 'error',
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
  } catch (error) {
    return { path, origin, status: undefined, problem: noAnswer(error) };
  }
  const allowOrigin = response.headers.get('access-control-allow-origin');
  const allowHeaders = response.headers.get('access-control-allow-headers');
  const listed = (allowHeaders ?? '')
    .split(',')
    .map((header) => header.trim().toLowerCase())
    .filter(Boolean);
  // `*` covers every header but Authorization (the Fetch standard).
  const allowed = (header: PreflightHeader) =>
    listed.includes(header) || (listed.includes('*') && header !== 'authorization');
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
