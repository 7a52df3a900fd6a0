import { execFile } from 'node:child_process';
import type { NginxSite } from './support/nginx';
import { builds, expect, test } from './support/fixtures';

/** `npm run check-deploy` against a site of this test, trusting its throwaway certificate. */
function checkDeploy(
  site: NginxSite,
  env: Record<string, string> = {},
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/check-deploy.mjs', `${site.origin}/`, '--mode', 'test'],
      { env: { ...process.env, ...env, NODE_EXTRA_CA_CERTS: site.certFile } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

/** `conf` with `pattern` replaced, which must be there. */
function broken(conf: string, pattern: RegExp, replacement: string): string {
  expect(conf, `the configuration should have ${pattern.source}`).toMatch(pattern);
  return conf.replace(pattern, replacement);
}

test.describe('npm run check-deploy', () => {
  test('finds every point on the nginx sites at / and at a sub-path', async ({ site, startSite }) => {
    const atRoot = await checkDeploy(site);
    expect(atRoot.output).not.toMatch(/^DIFF/m);
    expect(atRoot.output).toContain('check-deploy: all 8 checks OK');
    expect(atRoot.output).toContain('网页授权域名 and JS接口安全域名 must be 127.0.0.1');
    expect(atRoot.code).toBe(0);

    const { dist, base } = builds.subPath();
    const subPath = await checkDeploy(await startSite({ dist, base }), { VITE_PUBLIC_BASE: base });
    expect(subPath.output).toContain(`OK   history fallback: ${base}infoEnter is index.html`);
    expect(subPath.output).toContain('check-deploy: all 8 checks OK');
    expect(subPath.code).toBe(0);
  });

  test('passes on a correct deployment of a build with error reports (its Sentry origin in connect-src)', async ({
    startSite,
  }) => {
    const { base } = builds.subPath();
    const dsn = builds.nextSentryDsn();
    const site = await startSite({ dist: builds.nextSubPath(), base });
    const { code, output } = await checkDeploy(site, { VITE_PUBLIC_BASE: base, VITE_SENTRY_DSN: dsn });
    expect(output).toContain(`${new URL(dsn).origin} (VITE_API_BASE_URL, VITE_SENTRY_DSN)`);
    expect(output).not.toMatch(/^DIFF/m);
    expect(output).toContain('check-deploy: all 8 checks OK');
    expect(code).toBe(0);

    // The same site checked as a build without the DSN: its connect-src has an origin that build would not.
    const withoutDsn = await checkDeploy(site, { VITE_PUBLIC_BASE: base });
    expect(withoutDsn.output).toMatch(
      /^DIFF API origin: .*\n\s+the CSP's connect-src allows ".*sentry\.example\.com"/m,
    );
    expect(withoutDsn.code).toBe(1);
  });

  test('names what a broken configuration gets wrong, and fails', async ({ startSite }) => {
    const site = await startSite({
      dist: builds.app(),
      edit: (conf) => {
        let text = broken(conf, / http2;/, ';');
        text = broken(text, /^\s*try_files \$uri \/index\.html;\n/m, '');
        text = broken(
          text,
          /add_header Cache-Control "no-cache";/,
          'add_header Cache-Control "max-age=600";',
        );
        return broken(text, /^\s*add_header X-Frame-Options .*\n/gm, '');
      },
    });
    const { code, output } = await checkDeploy(site);
    expect(output).toMatch(
      /^DIFF index\.html at \/: .*\n.*Cache-Control: expected "no-cache", got "max-age=600"/m,
    );
    expect(output).toMatch(/X-Frame-Options: expected "DENY", got none/);
    expect(output).toMatch(
      /^DIFF history fallback: \/infoEnter is index\.html\n\s+status: expected 200, got 404/m,
    );
    expect(output).toMatch(/^DIFF HTTP\/2\n\s+not offered/m);
    expect(output).toMatch(/^OK {3}gzip/m);
    expect(output).toContain('check-deploy: 5 of 8 checks differ');
    expect(code).toBe(1);
  });
});
