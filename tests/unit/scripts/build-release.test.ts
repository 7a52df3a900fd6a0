import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildRelease } from '../../../scripts/vite-plugins';

const { name, version } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  name: string;
  version: string;
};

describe('the release error reports name (scripts/vite-plugins.ts buildRelease)', () => {
  it("is package.json's name and version, and the commit being built", () => {
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8' }).trim();
    expect(buildRelease()).toBe(`${name}@${version}+${commit}`);
  });

  it('names the commit it is given (APP_COMMIT, for a build without .git), or none', () => {
    expect(buildRelease('3f2a9c1d0b7e')).toBe(`${name}@${version}+3f2a9c1d0b7e`);
    expect(buildRelease('')).toBe(`${name}@${version}`);
  });
});
