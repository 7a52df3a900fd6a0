import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Runs the check on a lockfile with these packages (path under node_modules → version). */
function check(packages: Record<string, string>, extra: string[] = []) {
  const file = join(mkdtempSync(join(tmpdir(), 'lock-')), 'package-lock.json');
  const entries = Object.fromEntries(
    Object.entries(packages).map(([path, version]) => [`node_modules/${path}`, { version }]),
  );
  writeFileSync(file, JSON.stringify({ lockfileVersion: 3, packages: { '': { name: 'app' }, ...entries } }));
  const result = spawnSync(process.execPath, ['scripts/check-dependencies.mjs', '--lock', file, ...extra], {
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('scripts/check-dependencies.mjs (offline advisory check)', () => {
  it('passes the project’s own lockfile', () => {
    const result = spawnSync(process.execPath, ['scripts/check-dependencies.mjs'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
  });

  it('fails on a known-bad version, naming the package, where it sits and the advisory', () => {
    const result = check({ axios: '1.7.9', dompurify: '3.2.3', 'x/node_modules/semver': '7.5.1' });
    expect(result.status).toBe(1);
    expect(result.output).toContain('axios@1.7.9 (node_modules/axios): CVE-2025-27152');
    expect(result.output).toContain('dompurify@3.2.3 (node_modules/dompurify): CVE-2025-26791');
    expect(result.output).toContain('semver@7.5.1 (node_modules/x/node_modules/semver): CVE-2022-25883');
  });

  it.each([
    ['axios@1.5.1', 'CVE-2023-45857', { axios: '1.5.1' }],
    ['axios@0.27.2', 'CVE-2023-45857', { axios: '0.27.2' }],
    ['axios@1.7.3', 'CVE-2024-39338', { axios: '1.7.3' }],
    ['dompurify@3.1.2', 'CVE-2024-47875', { dompurify: '3.1.2' }],
    ['dompurify@2.4.9', 'CVE-2024-47875', { dompurify: '2.4.9' }],
    ['react-router@7.5.1', 'CVE-2025-43864', { 'react-router': '7.5.1' }],
    ['valibot@1.1.0', 'GHSA-vqpr-j7v3-hqw9', { valibot: '1.1.0' }],
  ])('fails on %s, in the range %s was published for', (name, id, packages) => {
    const result = check(packages);
    expect(result.status).toBe(1);
    expect(result.output).toContain(`${name} (node_modules/${name.split('@')[0]}): ${id}`);
  });

  it.each([
    ['the first fixed version', { axios: '1.12.0' }],
    [
      'the versions before and after a published range',
      { valibot: '0.30.0', 'x/node_modules/valibot': '1.2.0' },
    ],
    ['a fixed line of an older major', { ws: '7.5.10', semver: '6.3.1' }],
    ['an unrelated package', { 'left-pad': '1.0.0' }],
  ])('passes %s', (_label, packages) => {
    expect(check(packages).status).toBe(0);
  });

  it('says which advisories it knows, from where and as of when, and that it knows nothing newer', () => {
    const { output } = check({ axios: '1.12.0' }, ['--today', '2026-12-01']);
    expect(output).toMatch(
      /offline, against \d+ advisories from the GitHub Advisory Database .*, pinned on \d{4}-\d{2}-\d{2}; nothing published since is known here/,
    );
    expect(output).not.toContain('days old');
  });

  it('says the list is stale once it is older than 90 days, and how to bring it up to date', () => {
    const { output, status } = check({ axios: '1.12.0' }, ['--today', '2027-06-01']);
    expect(status).toBe(0);
    expect(output).toMatch(/the list is \d+ days old: run a live audit \(docs\/deployment.md/);
  });

  it('says when an installed version it covers is newer than the list, and passes', () => {
    const { output, status } = check({ axios: '1.99.0', 'x/node_modules/ws': '9.0.0', 'left-pad': '1.0.0' });
    expect(status).toBe(0);
    expect(output).toMatch(/the list is older than 2 installed version\(s\) it covers/);
    expect(output).toContain('axios@1.99.0 (node_modules/axios): the list was checked against 1.21.1');
    expect(output).toContain(
      'ws@9.0.0 (node_modules/x/node_modules/ws): the list was checked against 7.5.14, 8.23.0',
    );
    expect(output).not.toContain('left-pad');
  });

  it('counts a pre-release of a fixed version as not yet fixed', () => {
    expect(check({ 'pdfjs-dist': '4.2.67-beta.1' }).status).toBe(1);
  });
});
