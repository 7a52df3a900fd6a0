#!/usr/bin/env node
// `npm test`: every check the project has, in order, then one closing line that CI reads:
//   tests: N passed, N failed
// Lint, typecheck and each build count as one test each; vitest and Playwright report their own counts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const node = process.execPath;
const results = [];
mkdirSync('test-results', { recursive: true });

/** Seconds each stage took, by name, for the summary. */
const seconds = {};

/** Runs a stage: one command's arguments, or a list of commands run in turn until one fails. */
function run(name, args, env = {}) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const commands = Array.isArray(args[0]) ? args : [args];
  let ok = true;
  for (const command of commands) {
    if (!ok) break;
    ok = spawnSync(node, command, { stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;
  }
  seconds[name] = (Date.now() - started) / 1000;
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${seconds[name].toFixed(1)} s)`);
  return ok;
}

/** A stage that counts as one test: passed when its command exits with 0. */
function single(name, args, env = {}) {
  results.push({ name, ...(run(name, args, env) ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }) });
}

function counted(name, args, jsonFile, read, env = {}) {
  rmSync(jsonFile, { force: true });
  const ok = run(name, args, env);
  if (!existsSync(jsonFile)) {
    results.push({ name, passed: 0, failed: 1 });
    return;
  }
  const { passed, failed, flaky = 0 } = read(JSON.parse(readFileSync(jsonFile, 'utf8')));
  // A runner that crashed after writing partial results still counts as a failure.
  results.push({ name, passed, failed: failed + (ok || failed > 0 ? 0 : 1), flaky });
}

const vitestCounts = (json) => ({
  passed: json.numPassedTests ?? 0,
  failed: (json.numFailedTests ?? 0) + (json.numRuntimeErrorTestSuites ?? 0),
});
// A flaky test (failed, then passed on CI's one retry) counts as passed and is named in the summary.
const playwrightCounts = (json) => ({
  passed: (json.stats?.expected ?? 0) + (json.stats?.flaky ?? 0),
  failed: json.stats?.unexpected ?? 0,
  flaky: json.stats?.flaky ?? 0,
});

/** Placeholder values for the production build check: it must build with them and without the demo. */
const productionEnv = {
  VITE_API_BASE_URL: 'https://api.example.invalid:8686',
  VITE_WECHAT_APP_ID: 'wx0000000000000000',
  VITE_AES_KEY: '0000000000000000',
};

// ESLint, then the offline check of package-lock.json against known advisories (npm audit needs a
// registry these machines cannot reach).
single('lint', [['node_modules/eslint/bin/eslint.js', '.'], ['scripts/check-dependencies.mjs']]);
single('unused code', ['node_modules/knip/bin/knip.js']);
single('formatting', ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', '.']);
single('typecheck', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']);
counted(
  'unit and component tests',
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    '--outputFile=test-results/unit.json',
  ],
  'test-results/unit.json',
  vitestCounts,
);
single('production build', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], productionEnv);
counted(
  'build output tests',
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--config',
    'vitest.build.config.ts',
    '--reporter=default',
    '--reporter=json',
    '--outputFile=test-results/build.json',
  ],
  'test-results/build.json',
  vitestCounts,
);
counted('browser tests', ['scripts/e2e.mjs'], 'test-results/e2e-results.json', playwrightCounts);
// The main journeys again in WebKit (iOS WeChat's engine): MiniBrowser through WebKitWebDriver, under
// xvfb-run (scripts/webkit.mjs).
counted(
  'WebKit journeys',
  ['scripts/webkit.mjs', '--reporter=default', '--reporter=json', '--outputFile=test-results/webkit.json'],
  'test-results/webkit.json',
  vitestCounts,
);

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log('\n=== summary');
for (const r of results) {
  const flaky = r.flaky ? ` (${r.flaky} flaky: failed once, passed on retry; see the report above)` : '';
  console.log(
    `${r.failed ? 'FAIL' : 'ok  '} ${r.name}: ${r.passed} passed, ${r.failed} failed, ${seconds[r.name].toFixed(1)} s${flaky}`,
  );
}
const total = Object.values(seconds).reduce((sum, s) => sum + s, 0);
console.log(`time: ${(total / 60).toFixed(1)} min`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
