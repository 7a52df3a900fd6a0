import type { Page, Response } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect as tlsConnect } from 'node:tls';
import { join } from 'node:path';
import { loadEnv } from 'vite';
import { inlineScripts } from '../../scripts/csp.mjs';
import { CACHE_CONTROL, securityHeaders } from '../../scripts/deploy-headers.mjs';
import { policyOptions } from '../../scripts/vite-plugins';
import { API_ORIGIN, signIn, WORK_ACCOUNT, type ApiMock } from '../e2e/support/fixtures';
import { confirmSubmit, fillPerson, spareTube } from '../e2e/support/journeys';
import { builds, expect, test } from './support/fixtures';
import type { NginxSite, SiteOptions } from './support/nginx';

/**
 * The headers every answer of the test build's site carries, as its build expects them: its variables,
 * and its index.html's inline script allowed by its hash.
 */
const securityHeadersOfApp = (dist = builds.app()) =>
  securityHeaders(
    policyOptions(
      loadEnv('test', process.cwd(), 'VITE_'),
      inlineScripts(readFileSync(join(dist, 'index.html'), 'utf8')),
    ),
  );

const nameField = (page: Page) => page.getByRole('textbox', { name: '姓名', exact: true });

/** The protocol the page's own document came over. */
const documentProtocol = (page: Page) =>
  page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
  );

/** The sub-path build on a site of its own, and a staff member's home page open on it. */
async function openSubPathHome(
  page: Page,
  api: ApiMock,
  startSite: (options: SiteOptions) => Promise<NginxSite>,
) {
  const { dist, base } = builds.subPath();
  const site = await startSite({ dist, base });
  await signIn(page, api);
  await page.goto(`${site.origin}${base}workUser`);
  await expect(page.getByText('您好，王医生')).toBeVisible();
  return { site, base };
}

/**
 * Every Content-Security-Policy violation the page meets from here on: the browser's own console
 * report and the document's securitypolicyviolation event, both as console lines.
 */
async function collectPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  return violations;
}

async function expectHeaders(response: Response | null | undefined, cacheControl: string) {
  const headers = await response!.allHeaders();
  expect(headers['cache-control']).toBe(cacheControl);
  for (const [name, value] of securityHeadersOfApp()) expect(headers[name.toLowerCase()], name).toBe(value);
  // The camera for the tube scanner only; HSTS for the host's subdomains too; no images from the API
  // (announcement HTML pointing at it would have every reader's phone call it).
  expect(headers['permissions-policy']).toMatch(/^camera=\(self\), microphone=\(\), geolocation=\(\)/);
  expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  const imageSources = /img-src ([^;]*)/.exec(headers['content-security-policy'] ?? '')?.[1] ?? '';
  expect(imageSources).not.toContain(new URL(API_ORIGIN).host);
}

/** The status and headers of one request, as a client that follows no redirect sees them. */
function ask(url: string, method = 'GET'): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Whether the site completes a TLS handshake at exactly `version` (the client allows old ciphers). */
function handshakes(origin: string, version: 'TLSv1' | 'TLSv1.1' | 'TLSv1.2' | 'TLSv1.3'): Promise<boolean> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = tlsConnect({
      host: hostname,
      port: Number(port),
      minVersion: version,
      maxVersion: version,
      ciphers: 'DEFAULT@SECLEVEL=0',
      rejectUnauthorized: false,
    });
    socket.once('secureConnect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

test.describe('the app served by nginx with the configuration its build wrote', () => {
  test('every answer carries the security headers, errors included', async ({ page, startSite }) => {
    const { dist, base } = builds.subPath();
    const site = await startSite({ dist, base });
    for (const [method, path, status] of [
      ['GET', base, 200],
      // Outside the app's sub-path: the web root is a directory without an index.
      ['GET', '/', 403],
      ['GET', '/favicon.ico', 404],
      ['GET', `${base}assets/gone-0000.js`, 404],
      ['TRACE', base, 405],
    ] as const) {
      const answer = await page.request.fetch(`${site.origin}${path}`, { method });
      expect(answer.status(), `${method} ${path}`).toBe(status);
      for (const [name, value] of securityHeadersOfApp(dist))
        expect(answer.headers()[name.toLowerCase()], `${name} on ${method} ${path}`).toBe(value);
    }
  });

  test('plain HTTP redirects to the same path over HTTPS', async ({ site }) => {
    const answer = await ask(`${site.httpOrigin}/infoEnter?from=menu`);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('https://127.0.0.1/infoEnter?from=menu');
  });

  test('TLS 1.2 and 1.3 only', async ({ site }) => {
    // nginx 1.22 without ssl_protocols offers TLS 1.0 to 1.2 and not 1.3. Debian's OpenSSL refuses 1.0
    // and 1.1 by itself at its default security level; the lines below hold on a host whose OpenSSL allows them.
    expect(await handshakes(site.origin, 'TLSv1.3')).toBe(true);
    expect(await handshakes(site.origin, 'TLSv1.2')).toBe(true);
    expect(await handshakes(site.origin, 'TLSv1.1')).toBe(false);
    expect(await handshakes(site.origin, 'TLSv1')).toBe(false);
  });

  test('a deep link and a reload open a lazy page, over HTTP/2', async ({ page, api, site }) => {
    await signIn(page, api);
    const response = await page.goto(`${site.origin}/infoEnter`);
    expect(response?.status()).toBe(200);
    await expect(nameField(page)).toBeVisible();
    expect(await documentProtocol(page)).toBe('h2');

    await page.reload();
    await expect(nameField(page)).toBeVisible();
    await expect(page).toHaveURL(`${site.origin}/infoEnter`);
  });

  test('index.html is revalidated, assets are immutable and compressed, both with the security headers', async ({
    page,
    site,
  }) => {
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (/\/assets\/index-[\w-]+\.js$/.test(response.url())) scripts.push(response);
    });
    const index = await page.goto(`${site.origin}/login`);
    await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
    await expectHeaders(index, CACHE_CONTROL.page);
    expect(securityHeadersOfApp().find(([name]) => name === 'Content-Security-Policy')?.[1]).toContain(
      "frame-ancestors 'none'",
    );

    expect(scripts).toHaveLength(1);
    await expectHeaders(scripts[0], CACHE_CONTROL.asset);
    expect(await scripts[0].headerValue('content-encoding')).toBe('gzip');

    // pdf.js's worker runs as a module script only when served as JavaScript.
    const worker = readdirSync(join(builds.app(), 'assets')).find((file) => file.endsWith('.mjs'));
    const workerAnswer = await page.request.get(`${site.origin}/assets/${worker}`);
    expect(workerAnswer.headers()['content-type']).toMatch(/^application\/javascript/);
    // A chunk that is not there is a 404, not index.html under an immutable header.
    const gone = await page.request.get(`${site.origin}/assets/gone-0000.js`);
    expect(gone.status()).toBe(404);
    expect(gone.headers()['cache-control']).toBeUndefined();
  });

  test("pdf.js's data files are served as pdf.js asks for them; a missing file is a 404, never index.html", async ({
    page,
    site,
  }) => {
    for (const [path, status, type] of [
      ['/pdfjs/cmaps/GBK-EUC-H.bcmap', 200, /^application\/octet-stream/],
      ['/pdfjs/wasm/openjpeg.wasm', 200, /^application\/wasm/],
      ['/pdfjs/wasm/openjpeg_nowasm_fallback.js', 200, /javascript/],
      ['/pdfjs/images/annotation-note.svg', 200, /^image\/svg\+xml/],
      // What a PDF may name that pdf.js does not have, and other files no build has.
      ['/pdfjs/cmaps/No-Such-Encoding-H.bcmap', 404, /^text\/html/],
      ['/pdfjs/wasm/gone.wasm', 404, /^text\/html/],
      ['/gone.js', 404, /^text\/html/],
      // A page of the app is still index.html.
      ['/repoetDetail', 200, /^text\/html/],
    ] as const) {
      const answer = await page.request.get(`${site.origin}${path}`);
      expect(answer.status(), path).toBe(status);
      expect(answer.headers()['content-type'], path).toMatch(type);
      if (status === 404) expect(await answer.text(), path).not.toContain('<div id="root"');
    }
  });

  test('login → 信息录入 → scan-bind, with no Content-Security-Policy violation', async ({
    page,
    api,
    site,
  }) => {
    const violations = await collectPolicyViolations(page);
    const tube = spareTube(api);

    await page.goto(`${site.origin}/login`);
    await page.getByLabel('账号', { exact: true }).fill(WORK_ACCOUNT.accountName);
    await page.getByLabel('密码', { exact: true }).fill(WORK_ACCOUNT.accountPwd);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByText('您好，王医生')).toBeVisible();

    await page.getByRole('link', { name: /信息录入/ }).click();
    await fillPerson(page);
    await page.evaluate((code) => window.__setNextScanResult(code), tube);
    await page.getByRole('button', { name: '扫描采样管二维码' }).click();
    await expect(page.getByRole('textbox', { name: '采样管编码', exact: true })).toHaveValue(tube);
    await page.getByRole('button', { name: '提交并绑定' }).click();
    await confirmSubmit(page);
    await expect(page).toHaveURL(new RegExp(`^${site.origin}/bindSuccess\\?id=\\d+$`));
    await expect(page.getByText('登记信息已保存，采样管已绑定')).toBeVisible();
    expect(api.requestsTo('/Sampling/BindSamplingTube')[0].body).toMatchObject({ tubeCode: tube });
    expect(violations).toEqual([]);
  });

  test('a check user’s menu link: WeChat before the app’s code, then signed in, with no violation', async ({
    page,
    site,
    wechat,
  }) => {
    const violations = await collectPolicyViolations(page);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));

    const index = await page.goto(`${site.origin}/checkUser`);
    // The inline script ran under the header's policy (its hash): the page left before fetching more.
    expect(await index!.headerValue('content-security-policy')).toMatch(
      /script-src 'self' 'wasm-unsafe-eval' 'sha256-/,
    );
    await expect(page.getByText('张秀英，您好')).toBeVisible();
    expect(asked.slice(0, 2)).toEqual([`${site.origin}/checkUser`, wechat.visits[0].href.split('#')[0]]);
    await expect(page).toHaveURL(`${site.origin}/checkUser`);
    expect(violations).toEqual([]);
  });

  test('the build for a sub-path opens its pages there, by a link and by a reload', async ({
    page,
    api,
    startSite,
  }) => {
    const { site, base } = await openSubPathHome(page, api, startSite);
    await page.getByRole('link', { name: /信息录入/ }).click();
    await expect(nameField(page)).toBeVisible();
    await expect(page).toHaveURL(`${site.origin}${base}infoEnter`);

    await page.reload();
    await expect(nameField(page)).toBeVisible();
  });

  test('after a deploy, a page still running the last index.html reloads once, into the page tapped', async ({
    page,
    api,
    startSite,
  }) => {
    const { site, base } = await openSubPathHome(page, api, startSite);
    // The likely next pages, loaded while the browser is idle, are in memory; 公告 is not among them.
    await page.waitForLoadState('networkidle');

    site.deploy(builds.nextSubPath());
    const documents: string[] = [];
    const listChunks: number[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame())
        documents.push(request.url());
    });
    page.on('response', (response) => {
      if (/\/assets\/announcement-list-page-[\w-]+\.js$/.test(response.url()))
        listChunks.push(response.status());
    });
    await page.getByRole('link', { name: /^公告/ }).click();

    await expect(page.getByRole('list', { name: '公告列表' }).getByRole('link').first()).toBeVisible();
    expect(documents).toEqual([`${site.origin}${base}announcement`]);
    // The last deploy's chunk was gone; the new index.html's was there.
    expect(listChunks[0]).toBe(404);
    expect(listChunks.at(-1)).toBe(200);
  });
});
