import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replaceSection, writeSections } from '../../../scripts/generated-section.mjs';

const DOC = [
  '# Figures',
  '',
  'Prose before.',
  '',
  '<!-- bench:start -->',
  '',
  'old bench figures',
  '',
  '<!-- bench:end -->',
  '',
  'Prose between.',
  '',
  '<!-- tests:start -->',
  'old test figures',
  '<!-- tests:end -->',
  '',
  'Prose after.',
  '',
].join('\n');

describe('scripts/generated-section.mjs (the sections the bench, npm test and npm run docs write)', () => {
  it('replaces only the text between the section’s own markers', () => {
    const result = replaceSection(DOC, 'bench', 'new bench figures');
    expect(result).toContain('<!-- bench:start -->\n\nnew bench figures\n\n<!-- bench:end -->');
    expect(result).not.toContain('old bench figures');
    expect(result.replace('new bench figures', 'old bench figures')).toBe(DOC);
  });

  it.each([
    ['no markers', 'Prose only.'],
    ['only the start marker', '<!-- bench:start -->\nfigures'],
    ['the markers in the wrong order', '<!-- bench:end -->\n<!-- bench:start -->'],
    [
      'the section twice',
      '<!-- bench:start -->\n<!-- bench:end -->\n<!-- bench:start -->\n<!-- bench:end -->',
    ],
  ])('refuses a document with %s rather than guess where the figures go', (_case, text) => {
    expect(() => replaceSection(text, 'bench', 'figures')).toThrow('<!-- bench:start -->');
  });

  it('writes a file’s sections formatted as the lint’s Prettier check wants, the prose untouched', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'section-')), 'figures.md');
    writeFileSync(file, DOC);
    await writeSections(file, { tests: '| stage | time |\n|---|---:|\n| unit | 96 s |' });
    const written = readFileSync(file, 'utf8');
    expect(written).toContain('| stage | time |\n| ----- | ---: |\n| unit  | 96 s |');
    expect(written).toContain('old bench figures');
    expect(written.replace(/<!-- tests:start -->[^]*<!-- tests:end -->/, '')).toBe(
      DOC.replace(/<!-- tests:start -->[^]*<!-- tests:end -->/, ''),
    );
  });

  it('finds both sections the bench and npm test write in docs/performance.md', () => {
    const doc = readFileSync(resolve('docs/performance.md'), 'utf8');
    expect(() => replaceSection(replaceSection(doc, 'bench', 'x'), 'tests', 'x')).not.toThrow();
  });
});
