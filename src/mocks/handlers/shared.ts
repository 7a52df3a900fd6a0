import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { DemoStyle } from '@/config/env';
import { API_STATUS } from '@/types/api';
import type { DemoDb, DemoUser, StoredRegistration } from '../db';
import { toChinaIso } from '../time';
import { wireStyle } from './server-styles';

/** Options of the demo backend's handlers. */
export interface HandlerOptions {
  /** Simulated server time per request (ms); 0 in tests. */
  latencyMs?: number | (() => number);
  /** How the answers go on the wire (server-styles.ts); 'full' when absent. */
  style?: DemoStyle;
}

/** A refusal the resolver throws; it becomes a business-failure envelope (HTTP 200). */
export class BusinessError extends Error {
  readonly statusCode: number;
  readonly data: unknown;

  constructor(statusCode: number, message: string, data: unknown = null) {
    super(message);
    this.statusCode = statusCode;
    this.data = data;
  }
}

export const invalid = (message: string) => new BusinessError(API_STATUS.invalidInput, message);
export const notFound = (message: string) => new BusinessError(API_STATUS.notFound, message);
export const warning = (message: string) => new BusinessError(API_STATUS.warning, message);

export function envelope<T>(
  responseData: T,
  statusCode: number = API_STATUS.success,
  responseMessage = '操作成功',
) {
  return HttpResponse.json({ statusCode, responseMessage, responseData });
}

function unauthorizedResponse(): Response {
  return HttpResponse.json(
    { statusCode: 401, responseMessage: '认证失败，无法访问系统资源', responseData: null },
    { status: 401 },
  );
}

/** The JSON body as a record ({} when absent or not an object). */
export type Body = Record<string, unknown>;

interface EndpointContext {
  db: DemoDb;
  request: Request;
  /** JSON body of a POST, or the query string of a GET, as a record. */
  input: Body;
  /** The signed-in user; throws for public endpoints (which must not use it). */
  user: DemoUser;
}

type Resolver = (context: EndpointContext) => unknown;

interface EndpointOptions {
  /** Reachable without Authorization (logins and the WeChat signature). */
  public?: boolean;
}

async function readInput(request: Request): Promise<Body> {
  if (request.method === 'GET') return Object.fromEntries(new URL(request.url).searchParams);
  const text = await request.text();
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Body) : {};
  } catch {
    throw invalid('请求数据格式不正确');
  }
}

/** The signed-in user for the request's Authorization header, or null (missing, unknown or expired). */
function sessionUser(db: DemoDb, request: Request): DemoUser | null {
  const header = request.headers.get('Authorization')?.trim();
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '');
  const session = db.state.sessions.find((candidate) => candidate.token === token);
  if (!session || session.expiresAt <= db.now().getTime()) return null;
  return db.state.users.find((user) => user.id === session.userId) ?? null;
}

/**
 * Every answer of the demo is personal or a session's (a report, a registration, a token), so none may
 * be kept by a cache: a webview's HTTP cache is keyed by the URL, not the token, and WeChat's webviews on
 * one phone share it (docs/security.md, "Personal answers are never cached").
 */
function notCached(response: Response): Response {
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

/**
 * One endpoint: '*' + path matches any origin. The resolver returns responseData (wrapped in the success
 * envelope), or a Response as it is; a thrown BusinessError becomes a failure envelope. Every answer,
 * refusals and 401s included, is sent with `Cache-Control: no-store` (notCached).
 */
export function endpoint(
  db: DemoDb,
  options: HandlerOptions,
  method: 'get' | 'post',
  path: string,
  resolve: Resolver,
  endpointOptions: EndpointOptions = {},
): HttpHandler {
  const wire = wireStyle(db, path, options.style ?? 'full');
  return http[method](`*${path}`, async ({ request }) => {
    const latency = typeof options.latencyMs === 'function' ? options.latencyMs() : (options.latencyMs ?? 0);
    if (latency > 0) await delay(latency);
    const user = sessionUser(db, request);
    if (!user && !endpointOptions.public) return notCached(unauthorizedResponse());
    try {
      const input = wire.input(await readInput(request));
      const context: EndpointContext = {
        db,
        request,
        input,
        get user(): DemoUser {
          if (!user) throw new Error(`${path} is public and has no user`);
          return user;
        },
      };
      const result = await resolve(context);
      return notCached(result instanceof Response ? result : envelope(wire.answer(result ?? null)));
    } catch (error) {
      if (error instanceof BusinessError)
        return notCached(envelope(wire.refusal(error.data), error.statusCode, error.message));
      throw error;
    }
  });
}

// ---- input readers: a wrong type is a business error with a Chinese message

export function optionalString(input: Body, key: string): string | undefined {
  const value = input[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') throw invalid('请求数据格式不正确');
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

export function requiredString(input: Body, key: string, message: string): string {
  const value = optionalString(input, key);
  if (value === undefined) throw invalid(message);
  return value;
}

export function optionalBoolean(input: Body, key: string): boolean | undefined {
  const value = input[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw invalid('请求数据格式不正确');
}

const MAX_PAGE_SIZE = 1000;

function pageParams(input: Body): { pageIndex: number; pageSize: number } {
  const pageIndex = input.pageIndex === undefined ? 1 : Number(input.pageIndex);
  const pageSize = input.pageSize === undefined ? 10 : Number(input.pageSize);
  if (!Number.isInteger(pageIndex) || pageIndex < 1 || !Number.isInteger(pageSize) || pageSize < 1) {
    throw invalid('分页参数不正确');
  }
  return { pageIndex, pageSize: Math.min(pageSize, MAX_PAGE_SIZE) };
}

/** A page as the demo answers it: the spec's `records`, and the total and paging many servers add. */
interface DemoPage<T> {
  records: T[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

export function paginate<T>(items: readonly T[], input: Body): DemoPage<T> {
  const { pageIndex, pageSize } = pageParams(input);
  const start = (pageIndex - 1) * pageSize;
  return { records: items.slice(start, start + pageSize), total: items.length, pageIndex, pageSize };
}

/** Newest first by a date-time field. */
export function byNewest<T>(pickDate: (item: T) => string | undefined) {
  return (a: T, b: T) => Date.parse(pickDate(b) ?? '') - Date.parse(pickDate(a) ?? '');
}

// ---- who may see what

/** Staff see every registration; a check user the ones they entered and the one with their own ID card. */
export function canSeeRegistration(user: DemoUser, registration: StoredRegistration): boolean {
  // A draft belongs to the account that saved it (RegistrationInput's contract).
  if (registration.status === 'draft') return registration.createdByUserId === user.id;
  if (user.role === 'work') return true;
  return registration.createdByUserId === user.id || (!!user.idCard && registration.idCard === user.idCard);
}

export function requireStaff(user: DemoUser): void {
  if (user.role !== 'work') throw new BusinessError(API_STATUS.forbidden, '当前操作没有权限');
}

export function nowIso(db: DemoDb): string {
  return toChinaIso(db.now());
}
