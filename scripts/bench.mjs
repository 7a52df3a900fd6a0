#!/usr/bin/env node
// `npm run bench`: builds the production app and reports what each page loads (gzip bytes of JS and
// CSS: index.html's scripts, the entry, the page's lazy chunk and everything they import statically), then Lighthouse mobile
// runs (default throttling) of /login, /infoEnter and a report detail. The build is served over TLS
// with HTTP/2, as Deployment asks; the signed-in pages talk to a local demo API
// (scripts/demo-api-server.mjs, also TLS) that the production build is pointed at for the bench.
// Writes bench-output/bench.json and each Lighthouse report (bench-output/lighthouse-<page>.json), and
// prints Markdown tables for the README.
// Lighthouse runs each page --runs times (default 5) and reports the median run, chosen the way
// Lighthouse's own tooling does (computeMedianRun: closest to the median FCP and TTI), next to every
// run's score: single runs vary, most of all in whether the scripts finish before the first paint.
// Options: --no-build (reuse dist/), --no-lighthouse, --only=<path prefix> (Lighthouse for those pages
// only), --runs=<n>, --no-renderer-priority (see rendererPriority()).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startDemoApi } from './demo-api-server.mjs';

const args = new Set(process.argv.slice(2));
const option = (name) => [...args].find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = option('only');
const runs = Math.max(1, Math.floor(Number(option('runs') ?? 5)) || 5);
const dist = 'dist';
const API_PORT = 4398;
/** Niceness of the bench's own process and its static server (see lighthouse()). */
const BENCH_NICENESS = 10;
const env = {
  ...process.env,
  // HTTPS: the bench serves the build over TLS with HTTP/2, as Deployment asks, and an https page may
  // only call an https API.
  VITE_API_BASE_URL: `https://127.0.0.1:${API_PORT}`,
  VITE_WECHAT_APP_ID: process.env.VITE_WECHAT_APP_ID || 'wx0000000000000000',
  VITE_AES_KEY: process.env.VITE_AES_KEY || '0000000000000000',
};

if (!args.has('--no-build')) {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const gzipCache = new Map();
const gzipSize = (file) => {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
};

/** Files a manifest chunk loads before it runs: itself, its static imports (transitively), their CSS. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}
const sum = (set) => [...set].reduce((total, file) => total + gzipSize(file), 0);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entry = closure(entryKey);
// Classic scripts index.html loads besides the entry (the route chunk preloader); every page pays for them.
const htmlScripts = [...readFileSync(join(dist, 'index.html'), 'utf8').matchAll(/<script async src="[^"]*?(assets\/[^"]+)"/g)].map((m) => m[1]);
function files(keys) {
  const js = new Set(htmlScripts);
  const css = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
  }
  return { js, css };
}
const pages = Object.keys(manifest).filter((k) => k.startsWith('src/features/') && k.includes('/pages/'));
const loginKey = pages.find((k) => k.endsWith('login-page.tsx'));
const loginFiles = files(closure(loginKey, new Set(entry)));
const loginJs = sum(loginFiles.js);
const loginCss = sum(loginFiles.css);

const rows = pages
  .map((key) => {
    const all = files(closure(key, new Set(entry)));
    const extraJs = [...all.js].filter((f) => !loginFiles.js.has(f));
    return {
      page: key.replace(/^src\/features\//, '').replace(/\.tsx$/, ''),
      js: sum(all.js),
      css: sum(all.css),
      addedOverLoginJs: extraJs.reduce((t, f) => t + gzipSize(f), 0),
    };
  })
  .sort((a, b) => a.page.localeCompare(b.page));

const pdfChunks = Object.entries(manifest).filter(([key]) => key.includes('node_modules/pdfjs-dist')).map(([, chunk]) => chunk);
const inAnyPage = pages.some((key) => [...files(closure(key, new Set(entry))).js].some((f) => pdfChunks.some((c) => c.file === f)));

const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log('\n## Bundle (gzip, production build)\n');
console.log(`Login page: ${kb(loginJs)} kB JS + ${kb(loginCss)} kB CSS = ${kb(loginJs + loginCss)} kB\n`);
console.log('| page | JS kB | CSS kB | JS added over login kB |');
console.log('|---|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.page} | ${kb(r.js)} | ${kb(r.css)} | ${kb(r.addedOverLoginJs)} |`);
console.log(`\npdf.js in any page's static imports: ${inAnyPage ? 'YES (bad)' : 'no'}`);

const result = { login: { js: loginJs, css: loginCss }, pages: rows, pdfInPageChunks: inAnyPage };

/** The LCP element Lighthouse names (its selector and a snippet), to see what the largest paint was. */
function lcpElementOf(lhr) {
  const items = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = items.flatMap((item) => item.items ?? [item]).find((item) => item.node)?.node;
  return node ? `${node.selector ?? ''} ${String(node.snippet ?? '').slice(0, 80)}` : '';
}

/** POSTs JSON to the bench's API, accepting its self-signed certificate; resolves with the parsed body. */
function postJson(url, body) {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(url, { method: 'POST', rejectUnauthorized: false, headers: { 'content-type': 'application/json' } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/**
 * The page's renderer main thread in a Lighthouse trace (the busiest CrRendererMain): the wall time of
 * its tasks, the CPU time the thread got in them (trace events' thread duration), and the blocking
 * time (over 50 ms each) those tasks would add up to at Lighthouse's 4x CPU slowdown if each lasted
 * only its CPU time. Lighthouse simulates from wall time, so a thread kept waiting (by the machine's
 * other work) is counted as blocked; the difference shows how much of a TBT figure is that. An upper
 * bound: every task of the trace counts at 4x, where Lighthouse counts layout at 2x and only tasks
 * after the first paint.
 */
function mainThreadTime(events) {
  const mains = events.filter((event) => event.name === 'thread_name' && event.args.name === 'CrRendererMain');
  const tasksOf = (thread) => events.filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.name === 'RunTask' && event.ph === 'X');
  const tasks = mains.map(tasksOf).sort((a, b) => b.length - a.length)[0] ?? [];
  const sum = (values) => Math.round(values.reduce((total, value) => total + value, 0));
  return {
    wallMs: sum(tasks.map((task) => task.dur / 1000)),
    cpuMs: sum(tasks.map((task) => (task.tdur ?? task.dur) / 1000)),
    cpuBlockingMs: sum(tasks.map((task) => Math.max(0, (4 * (task.tdur ?? task.dur)) / 1000 - 50))),
  };
}

/**
 * Gives the page's renderer the scheduling priority Chrome gives its own browser process (Linux).
 *
 * Chrome raises its browser process and GPU process (nice -8 here) and leaves a page's renderer at the
 * default 0. Under Lighthouse the browser process is busy during a load (its main thread took ~250 ms of
 * CPU in a report-detail load, handling the protocol and the trace), so on a machine with only two
 * cores, the minimum Lighthouse's variability guide asks for, the renderer's main thread is preempted in
 * the middle of its tasks: in the report detail's traces its tasks got the CPU for 30-40% of their wall
 * time. Lighthouse's simulation multiplies each task's wall time by 4 as if all of it were the page's
 * work, so a 39 ms timer task with 2 ms of CPU counted as 106 ms of blocking, and the same build scored
 * 0.87 to 0.99 from run to run. At equal priority the renderer competes on level terms and the
 * figures measure the page. With --no-renderer-priority, or where the bench may not raise a priority
 * (not root, no CAP_SYS_NICE) or Chrome's browser runs at the default, nothing changes; bench.json says
 * which (`lighthouseRendererNiceness`).
 *
 * setpriority() applies to one thread: each renderer's main thread, and Chrome's zygote, whose forks
 * (the renderers opened after this) start with it. Called again before each run.
 */
function rendererPriority(chromePid) {
  const none = { niceness: null, apply: () => {} };
  if (process.platform !== 'linux' || args.has('--no-renderer-priority')) return none;
  const niceness = getPriority(chromePid);
  if (niceness >= 0) return none;
  const commandLines = () =>
    readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .flatMap((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
          // Chrome rewrites its processes' titles, so the arguments are one string, not NUL-separated.
          return [{ pid: Number(pid), parent, command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ') }];
        } catch {
          return []; // exited meanwhile
        }
      });
  const descendants = (root) => {
    const all = commandLines();
    const found = [];
    const queue = [root];
    while (queue.length > 0) {
      const parent = queue.shift();
      const children = all.filter((entry) => entry.parent === parent);
      found.push(...children);
      queue.push(...children.map((child) => child.pid));
    }
    return found;
  };
  // Page renderers (not the browser's own WebUI) and the zygote they are forked from (the GPU process
  // comes from the other one, started with --no-zygote-sandbox).
  const isZygote = ({ command }) => command.includes('--type=zygote') && !command.includes('--no-zygote-sandbox');
  const forPages = (entry) => (entry.command.includes('--type=renderer') && !entry.command.includes('--top-chrome-webui')) || isZygote(entry);
  const set = (pid, value) => {
    try {
      setPriority(pid, value);
    } catch {
      // exited meanwhile, or not permitted (checked below)
    }
  };
  const apply = () => {
    const processes = descendants(chromePid);
    for (const renderer of processes.filter(forPages)) set(renderer.pid, niceness);
    // Other processes the raised zygote forks (Chrome's tracing service, for one) back to the default.
    const zygotes = new Set(processes.filter(isZygote).map((zygote) => zygote.pid));
    for (const other of processes.filter((entry) => zygotes.has(entry.parent) && !forPages(entry))) set(other.pid, 0);
  };
  apply();
  const zygote = descendants(chromePid).find(isZygote);
  if (!zygote || getPriority(zygote.pid) !== niceness) return none; // not permitted to raise a priority
  return { niceness, apply };
}

async function lighthouse() {
  const { default: lh } = await import('lighthouse');
  const { computeMedianRun } = await import('lighthouse/core/lib/median-run.js');
  const chromeLauncher = await import('chrome-launcher');
  const puppeteer = await import('puppeteer-core');
  const api = await startDemoApi(API_PORT, { tls: true });
  const port = 4399;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    // The bench's certificate is self-signed (scripts/self-signed-cert.mjs).
    chromeFlags: ['--headless=new', '--ignore-certificate-errors', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  // The local servers and Lighthouse itself run at a lower CPU priority than the browser (which was
  // started first, at the normal one): on a machine with few cores they would otherwise take the
  // renderer's CPU in the middle of a page load and lengthen its tasks, which Lighthouse multiplies by
  // its 4x slowdown. A deployed app's servers are on other machines. The static server inherits it.
  setPriority(BENCH_NICENESS);
  const renderers = rendererPriority(chrome.pid);
  const server = spawn(process.execPath, ['scripts/serve-static.mjs', '--dir', dist, '--port', String(port), '--api', api.origin, '--tls'], { stdio: ['ignore', 'pipe', 'inherit'] });
  // It prints a line once it listens (after compressing the build's files).
  await new Promise((resolve, reject) => {
    server.stdout.once('data', resolve);
    server.once('exit', (code) => reject(new Error(`serve-static exited with ${code}`)));
  });
  server.stdout.resume();
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const origin = `https://127.0.0.1:${port}`;
  const login = async () => {
    const body = await postJson(`${api.origin}/api/v1/Account/LoginManage`, { accountName: 'admin', accountPwd: '123456' });
    return body.responseData.token;
  };
  const report = api.db.state.reports[0];
  const targets = [
    { path: '/login', session: false },
    { path: '/infoEnter', session: true },
    { path: `/repoetDetail?id=${encodeURIComponent(report.id)}`, session: true },
  ];
  const out = {};
  try {
    for (const target of targets.filter((t) => !only || t.path.startsWith(only))) {
      const lhrs = [];
      const mainThread = new Map();
      for (let run = 0; run < runs; run += 1) {
        const page = await browser.newPage();
        if (target.session) {
          // The session goes into sessionStorage as each new document starts (after Lighthouse's storage
          // and cache reset), so every page is measured cold, the way a user's first visit is.
          const token = await login();
          await page.evaluateOnNewDocument((t) => {
            sessionStorage.setItem('token', t);
            sessionStorage.setItem('session-audience', 'work');
          }, token);
        }
        renderers.apply();
        const runnerResult = await lh(`${origin}${target.path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, undefined, page);
        lhrs.push(runnerResult.lhr);
        mainThread.set(runnerResult.lhr, mainThreadTime(runnerResult.artifacts.Trace.traceEvents));
        await page.close();
      }
      const lhr = computeMedianRun(lhrs);
      // The median run's whole report, to read the request chain and main-thread tasks behind a figure.
      mkdirSync('bench-output', { recursive: true });
      writeFileSync(`bench-output/lighthouse-${target.path.replace(/\?.*/, '').replace(/\W+/g, '') || 'root'}.json`, JSON.stringify(lhr));
      out[target.path.replace(/\?.*/, '')] = {
        performance: lhr.categories.performance.score,
        runs: lhrs.map((run) => run.categories.performance.score),
        accessibility: lhr.categories.accessibility.score,
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        lcpElement: lcpElementOf(lhr),
        mainThread: mainThread.get(lhr),
      };
    }
  } finally {
    await browser.disconnect();
    await chrome.kill();
    server.kill();
    await api.close();
  }
  return { pages: out, rendererNiceness: renderers.niceness };
}

if (!args.has('--no-lighthouse')) {
  const { pages, rendererNiceness } = await lighthouse();
  result.lighthouse = pages;
  result.lighthouseRendererNiceness = rendererNiceness;
  console.log('\n## Lighthouse (mobile, default throttling)\n');
  console.log(`Median of ${runs} runs; every run's performance score in the second column.`);
  console.log(rendererNiceness === null ? "Page renderers at Chrome's default priority.\n" : `Page renderers at the browser process's priority (nice ${rendererNiceness}; see rendererPriority()).\n`);
  console.log('| page | performance | runs | accessibility | LCP ms | FCP ms | TBT ms | CLS |');
  console.log('|---|---:|---|---:|---:|---:|---:|---:|');
  for (const [path, r] of Object.entries(result.lighthouse)) {
    console.log(`| ${path} | ${r.performance} | ${r.runs.join(' · ')} | ${r.accessibility} | ${r.lcpMs} | ${r.fcpMs} | ${r.tbtMs} | ${r.cls.toFixed(3)} |`);
  }
  console.log('\nThe median run\'s page main thread, from its trace: time in tasks (wall), the CPU time the thread got in them,');
  console.log('and the blocking time its tasks would add up to at the 4x slowdown if each took only its CPU time.\n');
  console.log('| page | tasks wall ms | tasks CPU ms | blocking by CPU time ms |');
  console.log('|---|---:|---:|---:|');
  for (const [path, r] of Object.entries(result.lighthouse)) console.log(`| ${path} | ${r.mainThread.wallMs} | ${r.mainThread.cpuMs} | ${r.mainThread.cpuBlockingMs} |`);
  console.log('\nLCP elements:');
  for (const [path, r] of Object.entries(result.lighthouse)) console.log(`- ${path}: ${r.lcpElement || '(none named)'}`);
}
mkdirSync('bench-output', { recursive: true });
writeFileSync('bench-output/bench.json', JSON.stringify(result, null, 2));
