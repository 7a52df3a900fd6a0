#!/usr/bin/env node
// `npm run bench`: builds the production app and reports what each page loads (gzip bytes of the JS and
// CSS index.html, the entry, the root layout and the page's chunk import before it shows), then runs Lighthouse as
// it ships (mobile, default simulated throttling) on /login, /infoEnter and a report detail, each
// --runs times (default 5), reporting the median run (Lighthouse's computeMedianRun) and the spread.
// The build is served over TLS with HTTP/2, as Deployment asks; signed-in pages talk to a local demo API.
//
// --baseline=<git ref> builds that commit too (in a temporary git worktree sharing node_modules) and
// measures both in the same run, alternating run by run, so the two sets of figures meet the same
// machine load. Writes bench-output/bench.json, prints Markdown tables and writes them into
// docs/performance.md's generated section (between `<!-- bench:start -->` and `<!-- bench:end -->`).
// Then the journeys of scripts/bench-journeys.mjs on a simulated slow phone, --runs times each.
// Then the offline queue's storm (tests/unit/offline-queue/storm.isolated.test.ts, in simulated time):
// phones × entries flushing at once against a gateway serving two requests at a time.
// Options: --no-build (reuse dist/), --no-lighthouse, --no-journeys, --no-storm, --only=<path prefix>,
// --runs=<n>, --baseline=<ref>.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { figure, measureJourneys } from './bench-journeys.mjs';
import { postJson, serve } from './bench-serve.mjs';
import { startDemoApi } from './demo-api-server.mjs';
import { measuredOn, writeSections } from './generated-section.mjs';
import { chunkGraphFromManifest, chunkGraphPath, pageBytes } from './page-bytes.mjs';

const args = process.argv.slice(2);
const option = (name) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = option('only');
const runs = Math.max(1, Math.floor(Number(option('runs') ?? 5)) || 5);
const baselineRef = option('baseline');
const API_PORT = 4398;
const buildEnv = {
  ...process.env,
  VITE_API_BASE_URL: `https://127.0.0.1:${API_PORT}`,
  VITE_WECHAT_APP_ID: process.env.VITE_WECHAT_APP_ID || 'wx0000000000000000',
  VITE_AES_KEY: process.env.VITE_AES_KEY || '0000000000000000',
};

function build(cwd, outDir) {
  const vite = resolve('node_modules/vite/bin/vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd, stdio: 'inherit', env: buildEnv },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The baseline commit checked out beside this one, sharing node_modules; its build in dist-baseline/. */
function buildBaseline(ref) {
  const dir = resolve('bench-output/baseline-src');
  spawnSync('git', ['worktree', 'remove', '--force', dir], { stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
  const added = spawnSync('git', ['worktree', 'add', '--detach', dir, ref], { stdio: 'inherit' });
  if (added.status !== 0) process.exit(1);
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  build(dir, resolve('dist-baseline'));
  spawnSync('git', ['worktree', 'remove', '--force', dir], { stdio: 'ignore' });
  return 'dist-baseline';
}

/** What each page loads (scripts/page-bytes.mjs), from the build's chunk graph or, for a baseline of an
 * older commit that writes none, its manifest. */
function bundleFigures(dist) {
  const graph = existsSync(chunkGraphPath(dist))
    ? JSON.parse(readFileSync(chunkGraphPath(dist), 'utf8'))
    : chunkGraphFromManifest(JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')));
  return pageBytes(dist, graph);
}

async function lighthouse(builds) {
  const { default: lh } = await import('lighthouse');
  const { computeMedianRun } = await import('lighthouse/core/lib/median-run.js');
  const chromeLauncher = await import('chrome-launcher');
  const puppeteer = await import('puppeteer-core');
  const api = await startDemoApi(API_PORT, { tls: true });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    // The bench's certificate is self-signed (scripts/self-signed-cert.mjs).
    chromeFlags: [
      '--headless=new',
      '--ignore-certificate-errors',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const servers = await Promise.all(builds.map((b, i) => serve(b.dist, 4390 + i, api.origin)));
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const report = api.db.state.reports[0];
  const targets = [
    { path: '/login', session: false },
    { path: '/infoEnter', session: true },
    { path: `/repoetDetail?id=${encodeURIComponent(report.id)}`, session: true },
  ].filter((t) => !only || t.path.startsWith(only));
  const lhrs = builds.map(() => targets.map(() => []));
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const [t, target] of targets.entries()) {
        for (const [b] of builds.entries()) {
          const page = await browser.newPage();
          if (target.session) {
            const token = (
              await postJson(`${api.origin}/api/v1/Account/LoginManage`, {
                accountName: 'admin',
                accountPwd: '123456',
              })
            ).responseData.token;
            // Into sessionStorage as each document starts (after Lighthouse's storage reset): measured cold.
            await page.evaluateOnNewDocument((value) => {
              sessionStorage.setItem('token', value);
              sessionStorage.setItem('session-audience', 'work');
              sessionStorage.setItem('session-account', 'admin');
            }, token);
          }
          const url = `https://127.0.0.1:${4390 + b}${target.path}`;
          const result = await lh(
            url,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
            undefined,
            page,
          );
          lhrs[b][t].push(result.lhr);
          await page.close();
        }
      }
    }
  } finally {
    await browser.disconnect();
    await chrome.kill();
    servers.forEach((server) => server.kill());
    await api.close();
  }
  return builds.map((_, b) =>
    Object.fromEntries(
      targets.map((target, t) => {
        const median = computeMedianRun(lhrs[b][t]);
        // The median run's whole report, to read the main-thread tasks and request chain behind a figure.
        mkdirSync('bench-output', { recursive: true });
        writeFileSync(
          `bench-output/lighthouse-${b}-${target.path.replace(/\?.*/, '').replace(/\W+/g, '')}.json`,
          JSON.stringify(median),
        );
        const scores = lhrs[b][t].map((lhr) => lhr.categories.performance.score);
        return [
          target.path.replace(/\?.*/, ''),
          {
            performance: median.categories.performance.score,
            min: Math.min(...scores),
            max: Math.max(...scores),
            runs: scores,
            lcpMs: Math.round(median.audits['largest-contentful-paint'].numericValue),
            tbtMs: Math.round(median.audits['total-blocking-time'].numericValue),
            // Lighthouse's own measure of the machine's speed at each run: its simulated 4× slowdown
            // multiplies the tasks this machine ran, so the same build scores higher on a faster day.
            benchmarkIndexes: lhrs[b][t].map((lhr) => Math.round(lhr.environment.benchmarkIndex)),
          },
        ];
      }),
    ),
  );
}

if (!args.includes('--no-build')) build(process.cwd(), resolve('dist'));
const builds = [{ name: 'this build', dist: 'dist' }];
if (baselineRef) builds.push({ name: `baseline ${baselineRef}`, dist: buildBaseline(baselineRef) });
for (const b of builds) {
  if (!existsSync(join(b.dist, '.vite/manifest.json')))
    throw new Error(`${b.dist} has no manifest: build it with npm run bench`);
  b.bundle = bundleFigures(b.dist);
}
if (!args.includes('--no-lighthouse'))
  (await lighthouse(builds)).forEach((figures, b) => (builds[b].lighthouse = figures));
if (!args.includes('--no-journeys'))
  (await measureJourneys(builds, { runs, apiPort: API_PORT, firstPort: 4395 })).forEach(
    (figures, b) => (builds[b].journeys = figures),
  );

/** Phones × queued entries of each storm: the storm test's own size, and a screening day's. */
const STORMS = [
  [5, 4],
  [10, 10],
];

/**
 * Runs the storm test at phones × entries and returns its figures (simulated time, so this machine's
 * load does not change them); the test's assertions hold at every size, so a failure stops the bench.
 */
function storm(phones, entries) {
  const out = resolve(`bench-output/storm-${phones}x${entries}.json`);
  rmSync(out, { force: true });
  const result = spawnSync(
    process.execPath,
    [
      resolve('node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      'unit, isolated',
      'tests/unit/offline-queue/storm.isolated.test.ts',
    ],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        STORM_PHONES: String(phones),
        STORM_ENTRIES: String(entries),
        STORM_FIGURES: out,
      },
    },
  );
  if (result.status !== 0 || !existsSync(out)) process.exit(result.status || 1);
  return JSON.parse(readFileSync(out, 'utf8'));
}

mkdirSync('bench-output', { recursive: true });
const storms = args.includes('--no-storm') ? [] : STORMS.map(([phones, entries]) => storm(phones, entries));

/** The report: printed, and written into docs/performance.md once the bench is done. */
const report = [];
const print = (markdown) => {
  console.log(markdown);
  report.push(markdown);
};
const kb = (bytes) => (bytes / 1024).toFixed(1);
const names = builds.map((b) => b.name);
print('\n### Bundle (gzip): the login page in all, every other page as added over it\n');
print(`| page | ${names.join(' | ')} |\n|---|${names.map(() => '---:').join('|')}|`);
for (const page of Object.keys(builds[0].bundle).sort()) {
  const cell = (b) =>
    b.bundle[page]
      ? kb(page.endsWith('login-page') ? b.bundle[page].total : b.bundle[page].addedOverLogin)
      : '—';
  print(
    `| ${page}${page.endsWith('login-page') ? ' (JS + CSS)' : ' (+JS)'} | ${builds.map(cell).join(' | ')} |`,
  );
}
if (builds[0].lighthouse) {
  print(
    `\n### Lighthouse ${runs} runs each, mobile, as it ships: performance median (min–max), LCP and TBT of the median run\n`,
  );
  print(`| page | ${names.join(' | ')} |\n|---|${names.map(() => '---').join('|')}|`);
  for (const path of Object.keys(builds[0].lighthouse)) {
    const cell = (b) => {
      const r = b.lighthouse[path];
      return `${r.performance} (${r.min}–${r.max}), LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms`;
    };
    print(`| ${path} | ${builds.map(cell).join(' | ')} |`);
  }
  const speed = figure(builds.flatMap((b) => Object.values(b.lighthouse).flatMap((r) => r.benchmarkIndexes)));
  print(
    `\nThis machine's speed, Lighthouse's benchmarkIndex over all runs: median ${speed.median} (${speed.min}–${speed.max})`,
  );
}
if (builds[0].journeys) {
  print(
    `\n### Slow phone (4G 150 ms / 1.6 Mbps, CPU ÷4, API +300 ms), ${runs} runs each: median (min–max)\n`,
  );
  print(`| journey | budget | ${names.join(' | ')} |\n|---|---|${names.map(() => '---').join('|')}|`);
  const rows = [
    ['报告原件 scrolled to → first PDF page drawn', '≤ 1500 ms', 'pdfFirstPageMs', ' ms'],
    ['保存报告图片 in WeChat → page 1 shown', '≤ 1500 ms', 'picturesFirstPageMs', ' ms'],
    ['保存报告图片 in WeChat → page 1 picture saveable', '—', 'pictureReadyMs', ' ms'],
    ['/login → 绑定成功: waiting (typing excluded)', '≤ 6000 ms', 'registrationWaitMs', ' ms'],
    ['/login → 绑定成功: taps beyond typing', '≤ 5', 'registrationTaps', ''],
    ['slowest first change after 登录 / 提交并绑定 / 确认提交', '≤ 100 ms', 'slowestFirstChangeMs', ' ms'],
    // A failing check: this build's median over it fails the bench.
    ['WeChat menu link → own status on screen (cold)', '≤ 4000 ms', 'firstVisitMs', ' ms', 4000],
  ];
  for (const [label, budget, key, unit, limit] of rows) {
    const cell = (b) => {
      const f = b.journeys[key];
      return f ? `${f.median}${unit} (${f.min}–${f.max})` : '—';
    };
    const over = limit !== undefined && builds[0].journeys[key].median > limit;
    if (over) process.exitCode = 1;
    print(`| ${label} | ${budget}${over ? ' **over: fails**' : ''} | ${builds.map(cell).join(' | ')} |`);
  }
  print(`\n/login → 绑定成功, the waiting of each step: median (min–max)\n`);
  print(`| step | ${names.join(' | ')} |\n|---|${names.map(() => '---').join('|')}|`);
  for (const step of Object.keys(builds[0].journeys.registrationStepsMs)) {
    const cell = (b) => {
      const f = b.journeys.registrationStepsMs[step];
      return f ? `${f.median} ms (${f.min}–${f.max})` : '—';
    };
    print(`| ${step} | ${builds.map(cell).join(' | ')} |`);
  }
  print(`\nWeChat menu link → own status on screen, the waiting of each step: median (min–max)\n`);
  print(`| step | ${names.join(' | ')} |\n|---|${names.map(() => '---').join('|')}|`);
  for (const step of Object.keys(builds[0].journeys.firstVisitStepsMs)) {
    const cell = (b) => {
      const f = b.journeys.firstVisitStepsMs?.[step];
      return f ? `${f.median} ms (${f.min}–${f.max})` : '—';
    };
    print(`| ${step} | ${builds.map(cell).join(' | ')} |`);
  }
}
if (storms.length > 0) {
  print(
    '\n### Offline queue storm: phones flushing at once, a gateway serving 2 requests at a time (503 beyond, 429 once, one committed Submit dropped); simulated time\n',
  );
  print(
    '| phones × entries | requests | turned away (503/429) | all landed after | peak requests in 1 s |\n|---|---:|---:|---:|---:|',
  );
  for (const f of storms)
    print(
      `| ${f.phones} × ${f.entriesPerPhone} | ${f.requests} | ${f.turnedAway} | ${(f.landedAfterMs / 1000).toFixed(1)} s | ${f.peakRequestsPerSecond} |`,
    );
}
writeFileSync(
  'bench-output/bench.json',
  JSON.stringify(
    builds.map(({ name, bundle, lighthouse: lhFigures, journeys }) => ({
      name,
      bundle,
      lighthouse: lhFigures,
      journeys,
    })),
    null,
    2,
  ),
);
await writeSections('docs/performance.md', {
  bench: [
    `Written by \`npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}\` on ${measuredOn()}, ${runs} runs each.`,
    ...report,
  ].join('\n'),
});
