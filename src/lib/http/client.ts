import type * as v from 'valibot';
import axios, {
  AxiosError,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { config } from '@/config/env';
import { buildQueryString } from '@/lib/query-string';
import { reportApiFailure } from '@/lib/observability';
import { getToken, removeToken } from '@/lib/token';
import { uuidV4 } from '@/lib/uuid';
import { checkContract, reportDifferences } from './contract';
import { readEnvelope, type ApiResponse } from './envelope';
import { ApiError } from './errors';
import { parseRetryAfter } from './retry-policy';
import { fileNameFromContentDisposition } from './content-disposition';
import {
  contractMismatchMessage,
  DEFAULT_STATUS_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  REQUEST_TIMEOUT_MS,
  SESSION_EXPIRED_MESSAGE,
  TIMEOUT_MESSAGE,
  httpFailureMessage,
  statusMessage,
} from './messages';
import { guardRepeatSubmit, releaseRepeatSubmit } from './repeat-submit';
import { idempotencyKeyFor, releaseIdempotencyKeys } from './idempotency';
import { showError } from './toast-policy';
import { notifyUnauthorized } from './unauthorized';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Send the stored token as Authorization (default true; LoginManage and LoginWeChat opt out). */
    withToken?: boolean;
    /** Apply the repeat-submit guard (POST/PUT only). */
    repeatSubmit?: boolean;
    /** Do not show the automatic error toast; the caller presents the error itself. */
    silent?: boolean;
    /**
     * A state-changing call: send an Idempotency-Key, the same on every attempt at one action
     * (lib/http/idempotency.ts), unless the caller gives its own `idempotencyKey`.
     */
    idempotent?: boolean;
    /** The Idempotency-Key to send (a caller that keeps its own, e.g. the offline queue). */
    idempotencyKey?: string;
    /** The token to send instead of the stored one (CallOptions.token: pinned by the caller). */
    token?: string | null;
    /** Set by the client: the token this request carried (null for none), to tell a stale 401 apart. */
    sentToken?: string | null;
  }
}

/**
 * The session is gone: forget the token and let the app lead the user to sign in again. Unless the
 * user has signed in again since this request left (a slow request of the old session answering late):
 * then the new session is valid and stays.
 */
function sessionLost(request: AxiosRequestConfig | undefined): void {
  const current = getToken();
  if (request?.withToken !== false && current !== null && current !== (request?.sentToken ?? null)) return;
  removeToken();
  notifyUnauthorized();
}

const TIMEOUT_MS = config.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;

/**
 * The spec's timeout bounds what a person waits for a read, not each of its tries: TanStack Query gives
 * every try of one fetch the same AbortSignal, so a request's time is what is left of REQUEST_TIMEOUT_MS
 * since the first request sent with its signal.
 */
const firstSentAt = new WeakMap<object, number>();

/** When the read a request with `signal` is a try of must end; undefined for a request without one. */
function readDeadline(signal: unknown): number | undefined {
  if (typeof signal !== 'object' || signal === null) return undefined;
  const first = firstSentAt.get(signal) ?? Date.now();
  firstSentAt.set(signal, first);
  return first + REQUEST_TIMEOUT_MS;
}

const http = axios.create({
  baseURL: config.apiBaseUrl,
  timeout: TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json;charset=utf-8' },
  paramsSerializer: { serialize: (params) => buildQueryString(params) },
});
// XHR, named: axios's fetch adapter is left out of the build (vite.config.ts).
http.defaults.adapter = axios.getAdapter('xhr');

const IDEMPOTENCY_HEADER = 'Idempotency-Key';

http.interceptors.request.use((request: InternalAxiosRequestConfig) => {
  // Unique per request (spec §7), unlike the idempotency key, which is one per action.
  request.headers.set('requestId', uuidV4());
  // A header the spec does not name: only where the switch says the server allows it (CORS) and uses it.
  if (config.assumptions.idempotencyKey) {
    const idempotencyKey =
      request.idempotencyKey ??
      (request.idempotent ? idempotencyKeyFor(request.url ?? '', request.data) : null);
    if (idempotencyKey) request.headers.set(IDEMPOTENCY_HEADER, idempotencyKey);
  }
  const token = request.withToken === false ? null : request.token !== undefined ? request.token : getToken();
  if (token) request.headers.set('Authorization', token);
  request.sentToken = token;
  const method = (request.method ?? 'get').toLowerCase();
  if (request.repeatSubmit && (method === 'post' || method === 'put')) {
    try {
      guardRepeatSubmit(request.url ?? '', request.data);
    } catch (error) {
      // Shown here because only here are the request's options (silent) known. Not via fail(): a
      // refused repeat must not release the guard held by the identical request still in flight.
      if (error instanceof ApiError && !request.silent) showError(error);
      throw error;
    }
  }
  return request;
});

function isBinary(request: AxiosRequestConfig): boolean {
  return request.responseType === 'blob' || request.responseType === 'arraybuffer';
}

async function readBinaryAsText(data: unknown): Promise<string> {
  if (data instanceof Blob) return data.text();
  if (data instanceof ArrayBuffer) return new TextDecoder('utf-8').decode(data);
  return String(data);
}

/** 'POST /api/v1/…': how the console and the error reports name a call. */
function endpointOf(request: AxiosRequestConfig | undefined): string {
  return `${(request?.method ?? 'get').toUpperCase()} ${request?.url ?? ''}`;
}

function fail(error: ApiError, request: AxiosRequestConfig | undefined): never {
  error.deadline = readDeadline(request?.signal);
  reportApiFailure({ kind: error.kind, endpoint: endpointOf(request), code: error.code });
  if (request?.repeatSubmit) releaseRepeatSubmit(request.url ?? '', request.data);
  if (!request?.silent) showError(error);
  throw error;
}

/** Turns a 2xx envelope into its data, or a typed business error (spec §8). */
function unwrapEnvelope<T>(body: unknown, request: AxiosRequestConfig): ApiResponse<T> {
  const reading = readEnvelope<T>(body);
  if (reading.outcome === 'malformed') {
    fail(new ApiError('malformed', DEFAULT_STATUS_MESSAGE, { body }), request);
  }
  if (reading.outcome === 'success') return reading.envelope;
  const { code, envelope } = reading;
  const message = statusMessage(code, envelope.responseMessage);
  if (code === 401) sessionLost(request);
  fail(new ApiError('business', message, { code, body }), request);
}

async function onFulfilled(response: AxiosResponse): Promise<AxiosResponse> {
  const request = response.config;
  // The server has answered (whatever the envelope says): a new attempt is a new action. A timeout or a
  // dropped connection leaves it open: the request may have been done.
  releaseIdempotencyKeys(request.url ?? '');
  if (isBinary(request)) {
    const contentType = String(response.headers['content-type'] ?? '');
    // A download that failed on the server comes back as a JSON envelope instead of a file.
    if (contentType.includes('application/json')) {
      const text = await readBinaryAsText(response.data);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        fail(new ApiError('malformed', DEFAULT_STATUS_MESSAGE, { body: text }), request);
      }
      unwrapEnvelope(body, request);
    }
    return response;
  }
  response.data = unwrapEnvelope(response.data, request);
  return response;
}

function onRejected(error: unknown): never {
  if (error instanceof ApiError) throw error; // the repeat-submit refusal, already shown by the request interceptor
  // A request the page abandoned (unmounted, superseded) is nobody's error: no toast.
  if (axios.isCancel(error)) throw new ApiError('canceled', '请求已取消');
  if (!axios.isAxiosError(error)) fail(new ApiError('network', NETWORK_ERROR_MESSAGE), undefined);
  const axiosError = error as AxiosError;
  const request = axiosError.config;
  if (axiosError.code === AxiosError.ECONNABORTED || axiosError.code === AxiosError.ETIMEDOUT) {
    fail(new ApiError('timeout', TIMEOUT_MESSAGE), request);
  }
  const response = axiosError.response;
  if (!response) fail(new ApiError('network', NETWORK_ERROR_MESSAGE), request);
  // An HTTP failure is an answer too (the server is told not to keep 5xx answers under a key).
  releaseIdempotencyKeys(request?.url ?? '');
  if (response.status === 401) {
    if (request?.repeatSubmit) releaseRepeatSubmit(request.url ?? '', request.data);
    sessionLost(request);
    reportApiFailure({ kind: 'unauthorized', endpoint: endpointOf(request), code: 401 });
    throw new ApiError('unauthorized', SESSION_EXPIRED_MESSAGE, { code: 401, body: response.data });
  }
  fail(
    new ApiError('http', httpFailureMessage(response.status), {
      code: response.status,
      body: response.data,
      retryAfterMs: parseRetryAfter(response.headers['retry-after']),
    }),
    request,
  );
}

http.interceptors.response.use(onFulfilled, onRejected);

/** A JSON call and the schema its answer must match (src/types/api.ts). */
export interface JsonRequest<T> extends AxiosRequestConfig {
  schema: v.GenericSchema<unknown, T>;
}

/** 'ScreeningRegister/Search' for '/api/v1/ScreeningRegister/Search': how a message names a call. */
function callName(url: string): string {
  return url.replace(/^\/api\/v\d+\//, '').replace(/^\//, '');
}

/**
 * A JSON call: resolves with `responseData` checked and normalised by `schema` (a tolerant reader: a
 * field the page can do without may differ or be missing); rejects with an ApiError. An answer without
 * a field the page needs is a 'contract' error whose message names the call. Every difference goes to
 * the console (and so vConsole) once per endpoint and field: its path and types, never a value.
 */
export async function request<T>({ schema, timeout, ...options }: JsonRequest<T>): Promise<T> {
  const response = await http.request<ApiResponse<unknown>>({
    ...options,
    // A caller may wait less than the client's timeout (a bounded retry), never more; a read's later
    // tries only what is left of its time (at least 1 ms: axios reads 0 as no timeout at all).
    timeout: Math.max(
      1,
      Math.min(timeout ?? TIMEOUT_MS, TIMEOUT_MS, (readDeadline(options.signal) ?? Infinity) - Date.now()),
    ),
  });
  const checked = checkContract(schema, response.data.responseData);
  const url = options.url ?? '';
  reportDifferences(endpointOf(options), checked.differences);
  if (checked.ok) return checked.value;
  fail(
    new ApiError('contract', contractMismatchMessage(callName(url)), { differences: checked.differences }),
    response.config,
  );
}

/** A downloaded file (spec §7: blob or arraybuffer, returned untouched). */
export interface BinaryFile<T extends Blob | ArrayBuffer = Blob | ArrayBuffer> {
  data: T;
  contentType: string;
  /** From Content-Disposition when the server sends one. */
  fileName?: string;
}

export async function requestBinary<T extends Blob | ArrayBuffer>(
  options: AxiosRequestConfig & { responseType: 'blob' | 'arraybuffer' },
): Promise<BinaryFile<T>> {
  const response = await http.request<T>(options);
  return {
    data: response.data,
    contentType: String(response.headers['content-type'] ?? ''),
    fileName: fileNameFromContentDisposition(response.headers['content-disposition'] as string | undefined),
  };
}
