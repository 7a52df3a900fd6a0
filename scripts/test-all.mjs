#!/usr/bin/env node
// `npm test`: every check the project has, in order, then one closing line that CI reads:
//   tests: N passed, N failed
// Lint, typecheck and each build count as one test each; vitest and Playwright report their own counts.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { measuredOn, writeSections } from './generated-section.mjs';

const node = process.execPath;
const startedAt = Date.now();
mkdirSync('test-results', { recursive: true });

/** Seconds each stage took, by name, for the summary. */
const seconds = {};

/** Runs one command; `output` (an array) collects what it prints instead of passing it through. */
function exec(command, env, output) {
  return new Promise((resolve) => {
    const child = spawn(node, command, {
      stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

/**
 * Runs a stage: one command's arguments, or a list of commands run in turn until one fails. A stage
 * that runs beside another (`beside`) prints its output in one piece when it has finished.
 */
async function run(name, args, { env = {}, beside = false } = {}) {
  const output = beside ? [] : null;
  if (!beside) console.log(`\n=== ${name}`);
  const started = Date.now();
  const commands = Array.isArray(args[0]) ? args : [args];
  let ok = true;
  for (const command of commands) {
    if (!ok) break;
    ok = await exec(command, env, output);
  }
  seconds[name] = (Date.now() - started) / 1000;
  if (beside) {
    console.log(`\n=== ${name}`);
    process.stdout.write(Buffer.concat(output));
  }
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${seconds[name].toFixed(1)} s)`);
  return ok;
}

/** A stage that counts as one test: passed when its command exits with 0. */
async function single(name, args, options = {}) {
  const ok = await run(name, args, options);
  return { name, ...(ok ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }) };
}

async function counted(name, args, jsonFile, read, options = {}) {
  rmSync(jsonFile, { force: true });
  const ok = await run(name, args, options);
  if (!existsSync(jsonFile)) return { name, passed: 0, failed: 1 };
  const { passed, failed, flaky = 0, failures = [] } = read(JSON.parse(readFileSync(jsonFile, 'utf8')));
  // A runner that crashed after writing partial results still counts as a failure.
  return { name, passed, failed: failed + (ok || failed > 0 ? 0 : 1), flaky, failures };
}

/** `file › test` for each failed test (or file that failed to run), for the summary CI shows last. */
function vitestFailures(json) {
  const root = process.cwd() + '/';
  return (json.testResults ?? []).flatMap((file) => {
    const path = String(file.name ?? '').replace(root, '');
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (tests.length === 0 && file.status === 'failed') return [`${path} (the file failed to run)`];
    return tests.map((t) => `${path} › ${t.fullName ?? t.title}`);
  });
}

/** Tests that failed, then passed on CI's retry (vitest.webkit.config.ts `retry`): passed, with the first failure kept. */
function vitestFlaky(json) {
  const root = process.cwd() + '/';
  return (json.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((t) => t.status === 'passed' && (t.failureMessages ?? []).length > 0)
      .map((t) => `${String(file.name ?? '').replace(root, '')} › ${t.fullName ?? t.title} (flaky)`),
  );
}

const vitestCounts = (json) => {
  const flaky = vitestFlaky(json);
  return {
    passed: json.numPassedTests ?? 0,
    failed: (json.numFailedTests ?? 0) + (json.numRuntimeErrorTestSuites ?? 0),
    flaky: flaky.length,
    failures: [...vitestFailures(json), ...flaky],
  };
};

/** `file › test` for each Playwright test that failed even after CI's retry. */
function playwrightFailures(suite, titles = []) {
  const here = suite.title ? [...titles, suite.title] : titles;
  return [
    ...(suite.specs ?? [])
      .filter((spec) => (spec.tests ?? []).some((t) => t.status === 'unexpected'))
      .map((spec) => `${spec.file ?? here[0]} › ${[...here.slice(1), spec.title].join(' › ')}`),
    ...(suite.suites ?? []).flatMap((child) => playwrightFailures(child, here)),
  ];
}

/** A stage that runs vitest (`command`: the script and its arguments), counted from its JSON `report`. */
function vitestStage(name, command, report, options = {}) {
  const args = [...command, '--reporter=default', '--reporter=json', `--outputFile=${report}`];
  return counted(name, args, report, vitestCounts, options);
}

// A flaky test (failed, then passed on CI's one retry) counts as passed and is named in the summary.
const playwrightCounts = (json) => ({
  passed: (json.stats?.expected ?? 0) + (json.stats?.flaky ?? 0),
  failed: json.stats?.unexpected ?? 0,
  flaky: json.stats?.flaky ?? 0,
  failures: (json.suites ?? []).flatMap((suite) => playwrightFailures(suite)),
});

/** Placeholder values for the production build check: it must build with them and without the demo. */
const productionEnv = {
  VITE_API_BASE_URL: 'https://api.example.invalid:8686',
  VITE_WECHAT_APP_ID: 'wx0000000000000000',
  VITE_AES_KEY: '0000000000000000',
};

const beside = { beside: true };
// Two lanes side by side, then the timed tests alone. Every stage leaves part of this machine's two
// cores idle on its own (waiting on a browser, a timer or a file), and side by side they finished
// sooner than in turn. A lane runs its stages in turn, and neither waits for the other.
// 1. Lane A needs no build: the typecheck, ESLint, then the unit tests.
// 2. Lane B: the quick static checks, the production build with its checks and the browser tests' build,
//    then the WebKit journeys (one MiniBrowser at a time), the nginx stage over the browser tests' build,
//    and the browser tests, which keep both cores busy on their own and so come last.
const results = await Promise.all([
  (async () => [
    await single('typecheck', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'], beside),
    // With the offline check of package-lock.json against known advisories (npm audit needs a registry).
    await single(
      'lint',
      [['node_modules/eslint/bin/eslint.js', '.'], ['scripts/check-dependencies.mjs']],
      beside,
    ),
    await vitestStage(
      'unit and component tests',
      ['node_modules/vitest/vitest.mjs', 'run'],
      'test-results/unit.json',
      beside,
    ),
  ])(),
  (async () => [
    await single('unused code', ['node_modules/knip/bin/knip.js'], beside),
    await single(
      'formatting',
      ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', '.'],
      beside,
    ),
    await single('production build', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      env: productionEnv,
      ...beside,
    }),
    await vitestStage(
      'build output tests',
      ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.build.config.ts'],
      'test-results/build.json',
      beside,
    ),
    // The browser tests' build (.env.test), which the nginx stage serves too.
    await single('test build', ['scripts/build-test-app.mjs'], beside),
    // The main journeys again in WebKit (iOS WeChat's engine): MiniBrowser through WebKitWebDriver,
    // under xvfb-run (scripts/webkit.mjs).
    await vitestStage('WebKit journeys', ['scripts/webkit.mjs'], 'test-results/webkit.json', beside),
    // The app through Debian's nginx with the configuration its build wrote, over the browser tests'
    // build and two more (a sub-path, and its next deploy) (scripts/nginx-e2e.mjs).
    await counted(
      'nginx',
      ['scripts/nginx-e2e.mjs', '--reuse-test-build'],
      'test-results/nginx-results.json',
      playwrightCounts,
      beside,
    ),
    await counted(
      'browser tests',
      ['scripts/e2e.mjs', '--no-build', '--project=chromium', '--project=minimal'],
      'test-results/e2e-results.json',
      playwrightCounts,
      beside,
    ),
  ])(),
]).then((lanes) => lanes.flat());
// 3. The tests that assert a duration a person feels (tagged @timed), when nothing else runs.
results.push(
  await counted(
    'timed browser tests',
    ['scripts/e2e.mjs', '--no-build', '--project=timed', '--no-deps'],
    'test-results/timed/e2e-results.json',
    playwrightCounts,
    { env: { E2E_OUTPUT: 'test-results/timed' } },
  ),
);

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log('\n=== summary');
for (const r of results) {
  const flaky = r.flaky ? ` (${r.flaky} flaky: failed once, passed on retry; see the report above)` : '';
  console.log(
    `${r.failed ? 'FAIL' : 'ok  '} ${r.name}: ${r.passed} passed, ${r.failed} failed, ${seconds[r.name].toFixed(1)} s${flaky}`,
  );
  // CI keeps only the end of the output: the failed tests' names are here, their reports above.
  for (const failure of (r.failures ?? []).slice(0, 20)) console.log(`       ✗ ${failure}`);
  if ((r.failures ?? []).length > 20) console.log(`       … and ${r.failures.length - 20} more`);
}
// From start to end: the two lanes of static checks overlap.
const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
console.log(`time: ${minutes} min`);
// A passing run's stage times go into docs/performance.md: the times of the suite as it ships.
if (failed === 0) {
  await writeSections('docs/performance.md', {
    tests: [
      `Written by \`npm test\` on ${measuredOn()}: ${passed} tests, ${minutes} min from start to end.`,
      '',
      '| stage | tests | time |',
      '| --- | ---: | ---: |',
      ...results.map((r) => `| ${r.name} | ${r.passed} | ${Math.round(seconds[r.name])} s |`),
    ].join('\n'),
  });
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
