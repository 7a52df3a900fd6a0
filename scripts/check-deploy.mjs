#!/usr/bin/env node
// Checks a live deployment of the app against what its build expects, read-only:
//   npm run check-deploy -- https://h5.example.cn [--mode production]
// Run it where the app was built, with the build's variables (VITE_API_BASE_URL, VITE_PUBLIC_BASE, …):
// the expected public base, headers and API origin are read from the build's own configuration
// (vite.config.ts, the nginx-configuration plugin), as deploy/nginx.conf was filled in. It sends only GET
// requests, to the origin it is given and nowhere else, follows no redirect and checks the certificate.
// Prints one line per check, OK or what differs; the exit code is 0 only when every check holds.
import { request } from 'node:https';
import { connect } from 'node:http2';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { resolveConfig } from 'vite';
import { CACHE_CONTROL, securityHeaders } from './deploy-headers.mjs';

const USAGE = 'usage: npm run check-deploy -- https://h5.example.cn [--mode production]';
const TIMEOUT_MS = 15_000;
/** Two of the app's routes (src/config/paths.ts) that only the history fallback can answer. */
const DEEP_PATHS = ['infoEnter', 'checkUserRepoetDetail?id=1'];

/** The public base and the Content-Security-Policy values of the build in this checkout, for `mode`. */
async function buildValues(mode) {
  const config = await resolveConfig({ mode, logLevel: 'silent' }, 'build');
  const plugin = config.plugins.find((candidate) => candidate.name === 'nginx-configuration');
  if (!plugin) throw new Error('vite.config.ts has no nginx-configuration plugin');
  return plugin.api.deployment;
}

/** One GET; the body decompressed. Rejects when there is no HTTP answer (DNS, TLS, timeout). */
function get(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'gzip' }, timeout: TIMEOUT_MS }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        let body = raw;
        try {
          if (res.headers['content-encoding'] === 'gzip') body = gunzipSync(raw);
        } catch {
          // Reported by the gzip check; the text is then the compressed bytes.
        }
        resolve({ status: res.statusCode, headers: res.headers, body: body.toString('utf8') });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end();
  });
}

/** Whether the origin speaks HTTP/2 (negotiated over TLS) and answers `path` with 200 over it. */
function overHttp2(origin, path) {
  return new Promise((resolve) => {
    const session = connect(origin);
    const done = (problem) => {
      session.destroy();
      resolve(problem);
    };
    session.setTimeout(TIMEOUT_MS, () => done(`no answer within ${TIMEOUT_MS / 1000} s`));
    session.on('error', (error) => done(`not offered (${error.code ?? error.message})`));
    session.on('connect', () => {
      const stream = session.request({ ':path': path });
      stream.on('response', (headers) =>
        done(headers[':status'] === 200 ? null : `answered ${headers[':status']}`),
      );
      stream.on('error', (error) => done(error.code ?? error.message));
      stream.end();
    });
  });
}

/** A policy's connect-src sources other than 'self', in its order. */
function connectSources(policy) {
  const sources = /(?:^|;)\s*connect-src ([^;]*)/.exec(policy)?.[1].trim().split(/\s+/) ?? [];
  return sources.filter((source) => source !== "'self'").join(' ');
}

const describe = (value) => (value === undefined ? 'none' : JSON.stringify(value));
const reason = (error) => `no answer (${[error.code, error.message].filter(Boolean).join(': ')})`;
const entryScript = (html) => /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/.exec(html)?.[1];

/** What differs between an answer and the status, type and headers expected of it. */
function differences(answer, { status = 200, type, headers = [] }) {
  const found = [];
  if (answer.status !== status) {
    const location = answer.headers.location ? ` to ${answer.headers.location}` : '';
    found.push(`status: expected ${status}, got ${answer.status}${location}`);
  }
  const contentType = answer.headers['content-type'] ?? '';
  if (type && !type.test(contentType))
    found.push(`Content-Type: expected ${type.source}, got ${describe(contentType)}`);
  for (const [name, value] of headers) {
    const got = answer.headers[name.toLowerCase()];
    if (got !== value) found.push(`${name}: expected ${describe(value)}, got ${describe(got)}`);
  }
  return found;
}

async function main() {
  const { values, positionals } = parseArgs({
    options: { mode: { type: 'string', default: 'production' } },
    allowPositionals: true,
  });
  if (
    positionals.length !== 1 ||
    !URL.canParse(positionals[0]) ||
    new URL(positionals[0]).protocol !== 'https:'
  ) {
    console.error(USAGE);
    return 2;
  }
  const site = new URL(positionals[0]);
  let build;
  try {
    build = await buildValues(values.mode);
  } catch (error) {
    console.error(`check-deploy: cannot read the build's values (mode ${values.mode}): ${error.message}`);
    return 2;
  }
  const { publicBase, policy } = build;
  const appUrl = new URL(publicBase, site.origin);
  const security = securityHeaders(policy);
  const html = /^text\/html/;
  const results = [];
  const check = (name, problems) => {
    results.push(problems.length === 0);
    if (problems.length === 0) console.log(`OK   ${name}`);
    else console.log(`DIFF ${name}\n${problems.map((problem) => `       ${problem}`).join('\n')}`);
  };
  const fetchOr = async (name, url) => {
    try {
      return await get(url);
    } catch (error) {
      check(name, [reason(error)]);
      return null;
    }
  };

  console.log(`check-deploy: ${appUrl.href} against the ${values.mode} build's values`);
  let index;
  try {
    index = await get(appUrl);
  } catch (error) {
    console.log(`FAIL ${appUrl.href}: ${reason(error)}`);
    return 1;
  }
  check(
    `index.html at ${publicBase}: no-cache and the security headers`,
    differences(index, { type: html, headers: [['Cache-Control', CACHE_CONTROL.page], ...security] }),
  );
  const entry = entryScript(index.body);

  for (const path of DEEP_PATHS) {
    const name = `history fallback: ${publicBase}${path} is index.html`;
    const answer = await fetchOr(name, new URL(path, appUrl));
    if (!answer) continue;
    const problems = differences(answer, { type: html, headers: [['Cache-Control', CACHE_CONTROL.page]] });
    if (entry && entryScript(answer.body) !== entry) problems.push("body: not the app's index.html");
    check(name, problems);
  }

  const assetName = `asset ${entry ?? '(the entry script)'}: immutable and the security headers`;
  const asset = entry ? await fetchOr(assetName, new URL(entry, appUrl)) : null;
  if (!entry) check(assetName, ['index.html names no module script']);
  if (asset) {
    const headers = [['Cache-Control', CACHE_CONTROL.asset], ...security];
    check(assetName, differences(asset, { type: /javascript/, headers }));
  }
  check(
    'gzip: the entry script is sent compressed',
    asset ? differences(asset, { headers: [['Content-Encoding', 'gzip']] }) : ['no script to ask for'],
  );

  const missingName = 'a chunk that is not there is a 404, not index.html';
  const missing = await fetchOr(missingName, new URL(`assets/check-deploy-${Date.now()}.js`, appUrl));
  if (missing) check(missingName, differences(missing, { status: 404 }));

  const http2 = await overHttp2(site.origin, appUrl.pathname);
  check('HTTP/2', http2 ? [http2] : []);

  // What the page may call besides itself: the API, and the error reports' origin when the build has a DSN.
  const expectedCalls = connectSources(security.find(([name]) => name === 'Content-Security-Policy')[1]);
  const apiName = `API origin: the CSP and the deployed index.html call ${expectedCalls || 'the same origin'} (VITE_API_BASE_URL, VITE_SENTRY_DSN)`;
  const allowed = connectSources(String(index.headers['content-security-policy'] ?? ''));
  const preconnect = /<link rel="preconnect" href="([^"]+)"/.exec(index.body)?.[1] ?? '';
  const apiProblems = [];
  if (allowed !== expectedCalls) apiProblems.push(`the CSP's connect-src allows ${describe(allowed)}`);
  if (preconnect !== policy.apiOrigin) {
    apiProblems.push(`the deployed index.html was built for ${describe(preconnect)}`);
  }
  check(apiName, apiProblems);

  console.log(
    `NOTE WeChat (公众号设置): 网页授权域名 and JS接口安全域名 must be ${site.hostname}; ` +
      `the menu opens ${new URL('checkUser', appUrl).href}`,
  );
  const failed = results.filter((ok) => !ok).length;
  console.log(
    failed === 0
      ? `check-deploy: all ${results.length} checks OK`
      : `check-deploy: ${failed} of ${results.length} checks differ`,
  );
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();
