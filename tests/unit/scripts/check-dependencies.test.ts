import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Runs the check on a lockfile with these packages (path under node_modules → version). */
function check(packages: Record<string, string>) {
  const file = join(mkdtempSync(join(tmpdir(), 'lock-')), 'package-lock.json');
  const entries = Object.fromEntries(
    Object.entries(packages).map(([path, version]) => [`node_modules/${path}`, { version }]),
  );
  writeFileSync(file, JSON.stringify({ lockfileVersion: 3, packages: { '': { name: 'app' }, ...entries } }));
  const result = spawnSync(process.execPath, ['scripts/check-dependencies.mjs', '--lock', file], {
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
    ['the first fixed version', { axios: '1.12.0' }],
    ['a fixed line of an older major', { ws: '7.5.10', semver: '6.3.1' }],
    ['an unrelated package', { 'left-pad': '1.0.0' }],
  ])('passes %s', (_label, packages) => {
    expect(check(packages).status).toBe(0);
  });

  it('counts a pre-release of a fixed version as not yet fixed', () => {
    expect(check({ 'pdfjs-dist': '4.2.67-beta.1' }).status).toBe(1);
  });
});
