import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** README.md: what a new colleague reads first, so it stays short, and its commands and links work. */
const README = readFileSync('README.md', 'utf8');
const MAX_BYTES = 15_000;

const scripts = Object.keys(
  (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts,
);
const command = (script: string) =>
  script === 'start' || script === 'test' ? `npm ${script}` : `npm run ${script}`;

/** Relative link targets of a Markdown file, without their #anchor, from the repository root. */
function linkTargets(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
    .map((match) => match[1])
    .filter((target) => !/^[a-z]+:/.test(target))
    .map((target) => join(dirname(file), target));
}

describe('README.md', () => {
  it(`is at most ${MAX_BYTES / 1000} kB, so it is read in ten minutes`, () => {
    expect(Buffer.byteLength(README)).toBeLessThanOrEqual(MAX_BYTES);
  });

  it.each(['npm ci && npm start', 'npm ci && npm test'])(
    'gives the set-up command `%s` as a command block of its own',
    (setUp) => {
      expect(README).toContain(`\`\`\`sh\n${setUp}\n\`\`\``);
    },
  );

  it('lists every npm script, one row each, and no script that does not exist', () => {
    const rows = [...README.matchAll(/^\| `(npm [^`]+)` +\|/gm)].map((match) => match[1]);
    expect(rows.sort()).toEqual(scripts.map(command).sort());
  });

  it.each(['README.md', ...readdirSync('docs').map((file) => `docs/${file}`)])(
    'links from %s only to files that exist',
    (file) => {
      expect(linkTargets(file).filter((target) => !existsSync(target))).toEqual([]);
    },
  );
});
