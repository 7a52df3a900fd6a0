// A generated section of a Markdown document: the text between `<!-- <name>:start -->` and
// `<!-- <name>:end -->`, written by a script (the bench, `npm test`, `npm run docs`) and never by hand.
// The rest of the document is prose and stays as written.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';

const markers = (name) => [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];

/** `text` with the section `name` holding `content`; throws unless both markers are there once, in order. */
export function replaceSection(text, name, content) {
  const [start, end] = markers(name);
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from || text.indexOf(start, from + 1) >= 0 || text.indexOf(end, to + 1) >= 0)
    throw new Error(`expected one "${start}" followed by one "${end}"`);
  return `${text.slice(0, from + start.length)}\n\n${content.trim()}\n\n${text.slice(to)}`;
}

/** The document with its sections replaced, as `npm run format` leaves it (the lint checks that). */
export async function withSections(file, text, sections) {
  const replaced = Object.entries(sections).reduce(
    (result, [name, content]) => replaceSection(result, name, content),
    text,
  );
  return format(replaced, { ...(await resolveConfig(file)), filepath: file });
}

/** Rewrites the sections (name → Markdown) of the document `file`, leaving the rest as it is. */
export async function writeSections(file, sections) {
  writeFileSync(file, await withSections(file, readFileSync(file, 'utf8'), sections));
}

/** What figures were measured on, for a section's first line: the commit, and whether files differed from it. */
export function measuredOn() {
  const git = (...args) => spawnSync('git', args, { encoding: 'utf8' }).stdout?.trim() ?? '';
  const commit = git('rev-parse', '--short', 'HEAD') || 'an unknown commit';
  const changed = git('status', '--porcelain', '--untracked-files=no');
  return `${commit}${changed ? ' with uncommitted changes' : ''}, ${new Date().toISOString().slice(0, 10)}`;
}
