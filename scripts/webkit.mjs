#!/usr/bin/env node
// The WebKit stage: builds the app in test mode with its API on its own origin (WebDriver cannot answer
// requests for another host; tests/webkit/support/server.ts answers both) into dist-webkit, unless
// --no-build, then runs the WebKit journeys under xvfb-run (MiniBrowser needs a display).
// Needs Debian's webkit2gtk-driver and xvfb.
import { spawnSync } from 'node:child_process';
import { buildTestApp } from './build-test-app.mjs';

const args = process.argv.slice(2);
const noBuild = args.includes('--no-build');
const passThrough = args.filter((arg) => arg !== '--no-build');
const dist = process.env.WEBKIT_DIST ?? 'dist-webkit';

function run(command, commandArgs, env = {}) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.error) console.error(`${command}: ${result.error.message}`);
  return result.status ?? 1;
}

if (!noBuild) {
  // Same origin; and the spec's 10 s timeout: a software-rendered WebKit on a 2-core machine is slow.
  const status = buildTestApp(dist, { VITE_API_BASE_URL: '', VITE_REQUEST_TIMEOUT_MS: '10000' });
  if (status !== 0) process.exit(status);
}
process.exit(
  run(
    'xvfb-run',
    [
      '-a',
      '-s',
      '-screen 0 1280x1024x24',
      process.execPath,
      'node_modules/vitest/vitest.mjs',
      'run',
      '--config',
      'vitest.webkit.config.ts',
      ...passThrough,
    ],
    {
      WEBKIT_DIST: dist,
      // WebKitGTK's accelerated compositing has no GPU under Xvfb and draws its layers with Mesa's
      // software OpenGL: off, the same pages and scripts take less of the machine (the figures are in
      // the commit that turned it off). The journeys test the app's behaviour in WebKit, not its layers.
      WEBKIT_DISABLE_COMPOSITING_MODE: '1',
    },
  ),
);
