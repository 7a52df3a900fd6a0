#!/usr/bin/env node
// Builds the app in test mode (unless --no-build) and runs the Playwright browser tests against it.
// E2E_DIST / E2E_PORT let several people run browser tests at once without sharing a build.
import { spawnSync } from 'node:child_process';
import { buildTestApp } from './build-test-app.mjs';

const args = process.argv.slice(2);
const noBuild = args.includes('--no-build');
const passThrough = args.filter((arg) => arg !== '--no-build');
const dist = process.env.E2E_DIST ?? 'dist-test';
const env = { ...process.env, E2E_DIST: dist, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env });
  return result.status ?? 1;
}

if (!noBuild) {
  const status = buildTestApp(dist);
  if (status !== 0) process.exit(status);
}
process.exit(run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...passThrough]));
