import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
import type axe from 'axe-core';
import { getResponse, type HttpHandler } from 'msw';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { loadEnv } from 'vite';
import { selfSignedCert } from '../../../scripts/self-signed-cert.mjs';
import type { DemoStyle } from '../../../src/config/env';
import { corsHeaders } from '../../../src/mocks/cors';
import { createDemoDb, createHandlers } from '../../../src/mocks/handlers';
import { assertTitleLength } from '../../title-length';
import { weChatBridgeInitScript } from './wechat-bridge';

/** The API origin of the test build (.env.test); answered here, never on the network. */
export const API_ORIGIN = 'https://api.screening.test:8686';

/** How long the test build waits for an answer (.env.test's VITE_REQUEST_TIMEOUT_MS; production: 10 s). */
export const REQUEST_TIMEOUT_MS = Number(loadEnv('test', process.cwd(), 'VITE_').VITE_REQUEST_TIMEOUT_MS);
if (!(REQUEST_TIMEOUT_MS > 0)) throw new Error('.env.test must set VITE_REQUEST_TIMEOUT_MS');

export interface RecordedRequest {
  method: string;
  /** Path without the origin, e.g. /api/v1/Sampling/BindSamplingTube */
  path: string;
  search: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fault the next matching requests suffer (see ApiMock.fault). */
export type Fault =
  | { kind: 'network' }
  | { kind: 'timeout' }
  /** An HTTP error; `retryAfter`: its Retry-After header (seconds), as a busy gateway sends it. */
  | { kind: 'http'; status: number; retryAfter?: string }
  | { kind: 'status'; statusCode: number; responseMessage?: string }
  | { kind: 'malformed' };

export interface ApiMock {
  /** The demo backend's state for this test (fresh per test). */
  db: ReturnType<typeof createDemoDb>;
  /** How it answers: the project's `demoStyle` (playwright.config.ts). */
  style: DemoStyle;
  /** Prepend msw handlers for this test (error cases). */
  use: (...handlers: HttpHandler[]) => void;
  /** Make requests whose path ends with `pathSuffix` fail `times` times (default: until cleared). */
  fault: (pathSuffix: string, fault: Fault, times?: number) => void;
  clearFaults: () => void;
  /** Every API request the page sent, in order (CORS preflights excluded). */
  requests: RecordedRequest[];
  requestsTo: (pathSuffix: string) => RecordedRequest[];
}

function parseBody(raw: string | null): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** One API request as the demo backend receives it, by either way of reaching it (see ApiServer). */
interface ApiExchange {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** What the demo backend does with a request: answer it, or fail it the way a network does. */
type ApiAnswer =
  | { status: number; headers: Record<string, string>; body: Buffer | string }
  | { abort: 'failed' | 'timedout' };

/** A demo backend with a test's faults and extra handlers, and the record of what it was sent. */
function createApi(
  db: ReturnType<typeof createDemoDb>,
  style: DemoStyle,
): {
  mock: ApiMock;
  answer: (exchange: ApiExchange) => Promise<ApiAnswer>;
} {
  const cors = corsHeaders(style);
  const extra: HttpHandler[] = [];
  const faults: { suffix: string; fault: Fault; remaining: number }[] = [];
  const requests: RecordedRequest[] = [];
  const json = (status: number, body: string): ApiAnswer => ({
    status,
    headers: { ...cors, 'content-type': 'application/json' },
    body,
  });

  const faultAnswer = async (fault: Fault): Promise<ApiAnswer> => {
    switch (fault.kind) {
      case 'network':
        return { abort: 'failed' };
      case 'timeout':
        // Never answer within the app's timeout.
        await new Promise((resolve) => setTimeout(resolve, REQUEST_TIMEOUT_MS + 500));
        return { abort: 'timedout' };
      case 'http':
        return {
          status: fault.status,
          headers: {
            ...cors,
            'content-type': 'application/json',
            ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}),
          },
          body: '{}',
        };
      case 'status':
        return json(
          200,
          JSON.stringify({
            statusCode: fault.statusCode,
            responseMessage: fault.responseMessage ?? null,
            responseData: null,
          }),
        );
      case 'malformed':
        return json(200, '{"statusCode": 2000, "responseData": ');
    }
  };

  const answer = async ({ method, url, headers, body }: ApiExchange): Promise<ApiAnswer> => {
    if (method === 'OPTIONS') {
      return { status: 204, headers: { ...cors, 'access-control-max-age': '600' }, body: '' };
    }
    requests.push({
      method,
      path: url.pathname,
      search: url.search,
      headers,
      body: parseBody(body && body.length ? body.toString('utf8') : null),
    });

    const faultIndex = faults.findIndex((f) => url.pathname.endsWith(f.suffix) && f.remaining !== 0);
    if (faultIndex >= 0) {
      const entry = faults[faultIndex];
      entry.remaining -= 1;
      return faultAnswer(entry.fault);
    }

    const fetchRequest = new Request(url, {
      method,
      headers: Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':'))),
      body: body && body.length && method !== 'GET' && method !== 'HEAD' ? new Uint8Array(body) : undefined,
    });
    const response = await getResponse([...extra, ...createHandlers(db, { style })], fetchRequest);
    if (!response) {
      return { status: 404, headers: cors, body: `no demo handler for ${method} ${url.pathname}` };
    }
    return {
      status: response.status,
      headers: { ...Object.fromEntries(response.headers.entries()), ...cors },
      body: Buffer.from(await response.arrayBuffer()),
    };
  };

  return {
    answer,
    mock: {
      db,
      style,
      use: (...handlers) => extra.unshift(...handlers),
      fault: (suffix, fault, times = -1) => faults.push({ suffix, fault, remaining: times }),
      clearFaults: () => faults.splice(0, faults.length),
      requests,
      requestsTo: (suffix) => requests.filter((r) => r.path.endsWith(suffix)),
    },
  };
}

/**
 * Answers another context's API requests through Playwright routes from the test's demo backend `db`
 * (the same person's WeChat webview and system browser); its requests stay out of the test's record.
 * Routing makes Playwright pause every request of the context, assets included, and turns off the HTTP
 * cache, so the test's own page reaches the API through the worker's ApiServer instead.
 */
async function routeApi(context: BrowserContext, api: ApiMock): Promise<void> {
  const { answer } = createApi(api.db, api.style);
  await context.route(`${API_ORIGIN}/**`, async (route) => {
    const request = route.request();
    const result = await answer({
      method: request.method(),
      url: new URL(request.url()),
      headers: await request.allHeaders(),
      body: request.postDataBuffer(),
    });
    if ('abort' in result) return route.abort(result.abort).catch(() => undefined);
    return route.fulfill(result);
  });
}

/** What answers one host's requests in the worker's server. */
type Answer = (exchange: ApiExchange) => Promise<ApiAnswer>;

/** The host of the test build's API origin, and of WeChat's OAuth authorize page (see the wechat fixture). */
const API_HOST = new URL(API_ORIGIN).host;
const WECHAT_OAUTH_HOST = 'open.weixin.qq.com';

/**
 * The test build's API origin and WeChat's authorize page, served by the Playwright worker over HTTPS
 * with a throwaway certificate; the worker's browser resolves both hosts to it (--host-resolver-rules,
 * below). Each test puts its own demo backend in (`serve`). Playwright routes would stop every request
 * of the page on its way, assets included, and turn the HTTP cache off: the work home opened (goto to
 * its greeting shown) in 1.2-1.4 s that way, 0.2-0.3 s this way once the assets are cached.
 */
interface ApiServer {
  port: number;
  serve: (host: string, answer: Answer | null) => void;
}

async function startApiServer(): Promise<ApiServer & { close: () => Promise<void> }> {
  const answers = new Map<string, Answer>();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const host = req.headers.host ?? '';
    const answer = answers.get(host);
    if (!answer) {
      res.writeHead(503, corsHeaders('full')).end(`no test is answering ${host}`);
      return;
    }
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const result = await answer({
      method: req.method ?? 'GET',
      url: new URL(req.url ?? '/', `https://${host}`),
      headers,
      body: chunks.length ? Buffer.concat(chunks) : null,
    });
    if ('abort' in result) {
      // Not an HTTP answer at all, so the browser fails the request as a network error. A connection
      // closed without one would be retried by Chromium on a reused connection, and sent twice.
      req.socket.end('no answer\r\n\r\n');
      return;
    }
    res.writeHead(result.status, result.headers).end(result.body);
  };
  const server = createHttpsServer(selfSignedCert(), (req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    serve: (host, answer) => (answer ? answers.set(host, answer) : answers.delete(host)),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A project's choice (playwright.config.ts `use`): how the demo API answers its tests. */
export interface DemoOptions {
  demoStyle: DemoStyle;
}

export const test = base.extend<
  DemoOptions & { api: ApiMock; wechat: FakeWeChatOAuth },
  { apiServer: ApiServer }
>({
  demoStyle: ['full', { option: true }],
  apiServer: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startApiServer();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, apiServer }, use) => {
      const rules = [API_HOST, WECHAT_OAUTH_HOST].map((host) => `MAP ${host} 127.0.0.1:${apiServer.port}`);
      await use({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), `--host-resolver-rules=${rules.join(', ')}`],
      });
    },
    { scope: 'worker' },
  ],
  // Automatic: every test's pages get the WeChat bridge and an API, whether or not the test names `api`.
  api: [
    async ({ context, apiServer, demoStyle }, use, testInfo) => {
      assertTitleLength(testInfo.titlePath.slice(1).join(' › '));
      await context.addInitScript(weChatBridgeInitScript());
      const { mock, answer } = createApi(createDemoDb(), demoStyle);
      apiServer.serve(API_HOST, answer);
      await use(mock);
      apiServer.serve(API_HOST, null);
      // The context is reused by the next test (playwright.config.ts, reuseContext), and Playwright's
      // reset leaves the network emulation as the test set it.
      await context.setOffline(false);
    },
    { auto: true },
  ],
  // For the tests that name it: WeChat's silent authorization, played by the worker's server.
  wechat: async ({ apiServer }, use) => {
    const { oauth, answer } = createFakeWeChatOAuth();
    apiServer.serve(WECHAT_OAUTH_HOST, answer);
    await use(oauth);
    apiServer.serve(WECHAT_OAUTH_HOST, null);
  },
});

export { expect };

/**
 * A context of `browser` with the test project's phone settings and the WeChat bridge, as the test's
 * own page has them. Its API requests go where the browser resolves the API host: the worker's server
 * (the test's demo backend) for a browser launched with the worker's launchOptions.
 */
export async function phoneContext(
  browser: Browser,
  testInfo: TestInfo,
  userAgent = testInfo.project.use.userAgent,
): Promise<BrowserContext> {
  const { baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId, ignoreHTTPSErrors } =
    testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    locale,
    timezoneId,
    userAgent,
    ignoreHTTPSErrors,
  });
  await context.addInitScript(weChatBridgeInitScript());
  return context;
}

/**
 * Another phone or browser (its own storage, no session) talking to the same demo server as the test's
 * page, with the test project's phone settings. Close it when done.
 */
export async function openAnotherDevice(
  browser: Browser,
  testInfo: TestInfo,
  api: ApiMock,
  userAgent = testInfo.project.use.userAgent,
): Promise<BrowserContext> {
  const context = await phoneContext(browser, testInfo, userAgent);
  await routeApi(context, api);
  return context;
}

/** WeChat's OAuth authorize page as the tests play it (the `wechat` fixture). */
export interface FakeWeChatOAuth {
  /** The authorize URLs opened, in order. */
  visits: URL[];
  /** Where WeChat sent the browser back each time (the app's redirect_uri with code and state). */
  callbacks: URL[];
  /** The code the next authorizations hand out, in order; afterwards fresh unique codes. */
  queueCodes: (...codes: string[]) => void;
}

/**
 * Plays WeChat's silent snsapi_base authorization: the authorize URL answers at once with a redirect to
 * its redirect_uri carrying a new code and the state it was given, as WeChat does for an official
 * account's follower.
 */
function createFakeWeChatOAuth(): { oauth: FakeWeChatOAuth; answer: Answer } {
  const visits: URL[] = [];
  const callbacks: URL[] = [];
  const queued: string[] = [];
  const answer: Answer = ({ url }) => {
    if (url.pathname !== '/connect/oauth2/authorize') {
      return Promise.resolve({ status: 404, headers: {}, body: `not part of the fake: ${url.pathname}` });
    }
    visits.push(url);
    const callback = new URL(url.searchParams.get('redirect_uri') ?? '');
    callback.searchParams.set(
      'code',
      queued.shift() ?? `e2e-oauth-${Date.now()}-${Math.random().toString(16).slice(2)}`,
    );
    callback.searchParams.set('state', url.searchParams.get('state') ?? '');
    callbacks.push(callback);
    return Promise.resolve({ status: 302, headers: { location: callback.href }, body: '' });
  };
  return { oauth: { visits, callbacks, queueCodes: (...codes) => queued.push(...codes) }, answer };
}

/** Demo accounts (README). */
export const WORK_ACCOUNT = { accountName: 'admin', accountPwd: '123456' };

/**
 * Forgets what the app keeps in the browser on the page's origin (a session, drafts), as on a phone that
 * never opened it. Nothing to forget before the page's first load.
 */
export async function clearAppStorage(page: Page): Promise<void> {
  if (!page.url().startsWith('http')) return;
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/** Asks the test's demo backend (not through the page, so nothing is recorded). */
async function askDemo(api: ApiMock, path: string, init: RequestInit): Promise<unknown> {
  const response = await getResponse(createHandlers(api.db), new Request(`${API_ORIGIN}${path}`, init));
  const envelope = (await response?.json()) as { responseData?: unknown } | undefined;
  return envelope?.responseData;
}

/**
 * Starts a session without going through the login form: mints a token from the demo backend and
 * puts it where the app keeps it, with the session's account (staff: the login name; check users: the
 * profile id). Use the real login page when the test is about logging in.
 */
export async function signIn(page: Page, api: ApiMock, audience: 'work' | 'check' = 'work'): Promise<string> {
  const isWork = audience === 'work';
  const login = (await askDemo(api, isWork ? '/api/v1/Account/LoginManage' : '/api/v1/Account/LoginWeChat', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      isWork ? WORK_ACCOUNT : { code: `e2e-${Date.now()}-${Math.random().toString(16).slice(2)}` },
    ),
  })) as { token?: string } | undefined;
  const token = login?.token;
  if (!token) throw new Error(`signIn(${audience}) got no token from the demo backend`);
  const profile = isWork
    ? undefined
    : ((await askDemo(api, '/api/v1/Account/GetUserManageProfile', { headers: { authorization: token } })) as
        { id?: unknown } | undefined);
  const account = isWork ? WORK_ACCOUNT.accountName : profile?.id;
  if (typeof account !== 'string' && typeof account !== 'number')
    throw new Error('signIn(check) got no profile id from the demo backend');
  const session = [token, audience, String(account)] as const;
  const store = ([t, a, name]: typeof session) => {
    sessionStorage.setItem('token', t);
    sessionStorage.setItem('session-audience', a);
    sessionStorage.setItem('session-account', name);
  };
  if (page.url() === 'about:blank') {
    // The test's first page load starts signed in: no extra load of /login only to reach sessionStorage.
    const script = await page.addInitScript(store, session);
    page.once('domcontentloaded', () => void script.dispose());
    return token;
  }
  await page.evaluate(store, session);
  return token;
}

/**
 * antd-mobile animates dialogs, popups and toasts with inline styles (react-spring), not CSS animations:
 * wait until those styles stop changing, and until the app's own finite CSS animations (the bottom
 * sheet's rise and fade) have finished and every dialog is fully opaque, so axe judges colours at full
 * opacity, not mid-fade.
 */
async function waitForOverlaysToSettle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const overlays = document.querySelectorAll(
        '.adm-mask, .adm-center-popup-wrap, .adm-popup-body, .adm-toast-main, .adm-toast-mask',
      );
      const snapshot = [...overlays].map((el) => el.getAttribute('style') ?? '').join('|');
      const scope = window as unknown as { __overlaySnapshot?: string };
      const animating = document
        .getAnimations()
        .some((a) => a.playState === 'running' && Number.isFinite(a.effect?.getTiming().iterations ?? 1));
      // And every dialog or toast on screen is at full opacity, ancestors included.
      const faded = [
        ...document.querySelectorAll('[role="dialog"], [role="alertdialog"], .adm-toast-main'),
      ].some((el) => {
        let opacity = 1;
        for (let node: Element | null = el; node; node = node.parentElement)
          opacity *= Number(getComputedStyle(node).opacity);
        return opacity > 0 && opacity < 0.999;
      });
      // Nothing that moves: settled at once (a page without overlays need not be watched for 150 ms).
      const settled = (overlays.length === 0 || scope.__overlaySnapshot === snapshot) && !animating && !faded;
      scope.__overlaySnapshot = snapshot;
      return settled;
    },
    undefined,
    { polling: 150 },
  );
}

/**
 * axe-core's minified build (580 kB; `axe.source` is the 1.3 MB readable one): evaluated in each new
 * document that is checked, 0.27 s against 0.41 s a time during a test run here.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe: no serious or critical violation on the page as it is now. axe-core is put into the page once per
 * document and asked for violations only. @axe-core/playwright evaluated axe's source twice per run and
 * sent every passing node back as well: 0.5 to 1 s per run here against 0.05 to 0.2 s, over a hundred
 * runs in the suite. The app has no frames (rich content is sanitised HTML, PDFs are canvases), so
 * axe.run on the document sees everything.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const seriousNow = async () => {
    await waitForOverlaysToSettle(page);
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    const results = await page.evaluate(() =>
      (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
    );
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`,
      );
  };
  // A toast can begin to fade out while axe is reading the page (it lives 2 s; a screenshot and the
  // settle wait take most of that), and a half-faded toast measures as white on white. A violation
  // must still be there once the page has settled again.
  const first = await seriousNow();
  expect(first.length === 0 ? first : await seriousNow(), 'axe serious/critical violations').toEqual([]);
}

/**
 * Text under WCAG AA contrast on the page as it is now (axe's color-contrast rule, overlays settled):
 * one line per element, first on the page first.
 */
export async function contrastProblems(page: Page): Promise<string[]> {
  await waitForOverlaysToSettle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: ['color-contrast'],
      resultTypes: ['violations'],
    }),
  );
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `contrast: ${n.target.join(' ')} (${n.failureSummary ?? ''})`),
  );
}

/**
 * A full-page screenshot for people to review, into the ignored tests/e2e/output/screenshots, when
 * E2E_SCREENSHOTS is set (`E2E_SCREENSHOTS=1 npm run test:e2e`). It checks nothing and cost about 0.6 s
 * of a busy machine each, sixty times a run, so `npm test` goes without; a failing test still gets
 * Playwright's screenshot of its page (playwright.config.ts).
 */
export async function snap(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({ path: `tests/e2e/output/screenshots/${name}.png`, fullPage: true });
}
