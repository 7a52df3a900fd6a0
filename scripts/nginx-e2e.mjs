#!/usr/bin/env node
// The nginx stage: the built app served by Debian's nginx with the configuration its build wrote
// (deploy/nginx.conf filled in), in Chromium (tests/nginx, playwright.nginx.config.ts). Builds in test
// mode, unless --no-build: the browser tests' build (E2E_DIST, unless --reuse-test-build: npm test has
// just made it), the same app under a sub-path, and a later build of that, the next deploy of the
// stale-index test, which adds error reports (a Sentry DSN: check-deploy must pass on it too). Needs nginx (`apt-get install nginx`; NGINX_PATH for one elsewhere than /usr/sbin).
import { spawnSync } from 'node:child_process';
import { buildTestApp } from './build-test-app.mjs';

const args = process.argv.slice(2);
const flags = ['--no-build', '--reuse-test-build'];
const passThrough = args.filter((arg) => !flags.includes(arg));
const dist = process.env.E2E_DIST ?? 'dist-test';
const env = {
  ...process.env,
  E2E_DIST: dist,
  NGINX_SUBPATH_DIST: `${dist}-h5`,
  NGINX_SUBPATH_BASE: '/h5/',
  NGINX_NEXT_DIST: `${dist}-h5-next`,
  // Reserved for documentation (RFC 2606): nothing is ever sent there.
  NGINX_NEXT_SENTRY_DSN: 'https://e2epublickey@sentry.example.com/7',
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
};

if (!args.includes('--no-build')) {
  const builds = [
    ...(args.includes('--reuse-test-build') ? [] : [[dist, {}]]),
    [env.NGINX_SUBPATH_DIST, { VITE_PUBLIC_BASE: env.NGINX_SUBPATH_BASE }],
    [
      env.NGINX_NEXT_DIST,
      { VITE_PUBLIC_BASE: env.NGINX_SUBPATH_BASE, VITE_SENTRY_DSN: env.NGINX_NEXT_SENTRY_DSN },
    ],
  ];
  for (const [outDir, variables] of builds) {
    const status = buildTestApp(outDir, variables);
    if (status !== 0) process.exit(status);
  }
}
const result = spawnSync(
  process.execPath,
  ['node_modules/@playwright/test/cli.js', 'test', '--config', 'playwright.nginx.config.ts', ...passThrough],
  { stdio: 'inherit', env },
);
process.exit(result.status ?? 1);
