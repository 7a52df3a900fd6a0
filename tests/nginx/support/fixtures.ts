import { test as browserTest } from '../../e2e/support/fixtures';
import { startNginx, type NginxSite, type SiteOptions } from './nginx';

/** The builds scripts/nginx-e2e.mjs makes (run the stage through it: `npm run test:nginx`). */
function build(variable: string): string {
  const value = process.env[variable];
  if (!value) throw new Error(`${variable} is not set: run these tests with npm run test:nginx`);
  return value;
}
export const builds = {
  /** The browser tests' build, at /. */
  app: () => build('E2E_DIST'),
  /** The same app built for a sub-path. */
  subPath: () => ({ dist: build('NGINX_SUBPATH_DIST'), base: build('NGINX_SUBPATH_BASE') }),
  /** A later build for the sub-path: its next deploy, which adds error reports (a Sentry DSN). */
  nextSubPath: () => build('NGINX_NEXT_DIST'),
  /** The DSN the next deploy was built with. */
  nextSentryDsn: () => build('NGINX_NEXT_SENTRY_DSN'),
};

export const test = browserTest.extend<
  { startSite: (options: SiteOptions) => Promise<NginxSite> },
  { site: NginxSite }
>({
  /** The app's build served by nginx at /, for every test of a worker that reads it. */
  site: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const site = await startNginx({ dist: builds.app() });
      await use(site);
      await site.stop();
    },
    { scope: 'worker' },
  ],
  /** Another site for one test (a sub-path build, one a deploy replaces, a broken configuration). */
  // eslint-disable-next-line no-empty-pattern
  startSite: async ({}, use) => {
    const started: NginxSite[] = [];
    await use(async (options) => {
      const site = await startNginx(options);
      started.push(site);
      return site;
    });
    await Promise.all(started.map((site) => site.stop()));
  },
});

export { expect } from '../../e2e/support/fixtures';
