import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { routeTable } from '@/app/route-table';

/** Runs after `vite build` (production mode) in scripts/test-all.mjs. */

const dist = 'dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)!;
const entryFiles = new Set([...closure(entryKey)].map((key) => manifest[key].file));

/** What the page module needs beyond the entry: its chunks and their stylesheets, as URLs. */
function expectedFor(pageModule: string): string[] {
  const keys = [...closure(pageModule)].filter((key) => !entryFiles.has(manifest[key].file));
  const js = keys.map((key) => manifest[key].file);
  const css = keys.flatMap((key) => manifest[key].css ?? []);
  return [...js, ...css].map((file) => `/${file}`).sort();
}

const scriptSrc = /<script async src="([^"]+)"><\/script>/.exec(html)?.[1];

/** Runs the emitted script the way a browser would at `pathname`, and returns the links it added. */
function linksAt(pathname: string): { rel: string; as?: string; href: string; crossOrigin: string }[] {
  const source = readFileSync(join(dist, scriptSrc!.replace(/^\//, '')), 'utf8');
  const links: { rel: string; as?: string; href: string; crossOrigin: string }[] = [];
  const document = {
    createElement: () => ({ rel: '', href: '', crossOrigin: null as string | null }),
    head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
  };
  runInNewContext(source, { document, location: { pathname } });
  return links;
}

/** The loader's module path, e.g. `src/features/auth/pages/login-page.tsx`, from its source text. */
function pageModuleOf(load: () => unknown): string {
  // Vitest compiles `import('@/x')` to `__vite_ssr_dynamic_import__("/src/x.tsx")`.
  const specifier = /import__\(["']\/(src\/[^"']+)["']\)/.exec(String(load))?.[1];
  return specifier ?? String(load);
}

describe('route chunk preload', () => {
  it('is an async same-origin script before the entry, so the CSP stays script-src self', () => {
    expect(scriptSrc).toMatch(/^\/assets\/route-preload-[\w-]+\.js$/);
    expect(html.indexOf(scriptSrc!)).toBeLessThan(html.indexOf('<script type="module"'));
  });

  it.each(routeTable.map((route) => [route.path, route] as const))('%s preloads exactly what its page needs beyond the entry', (path, route) => {
    const pageModule = pageModuleOf(route.load);
    expect(manifest[pageModule], `${pageModule} is a chunk of its own`).toBeDefined();
    const links = linksAt(path);
    expect(links.map((link) => link.href).sort()).toEqual(expectedFor(pageModule));
    for (const link of links) {
      expect(link.crossOrigin).toBe('');
      if (link.href.endsWith('.css')) expect([link.rel, link.as]).toEqual(['preload', 'style']);
      else expect(link.rel).toBe('modulepreload');
    }
    expect(links.some((link) => link.href === `/${manifest[pageModule].file}`)).toBe(true);
  });

  it.each(['/', '/no-such-page', '/login/extra'])('preloads nothing at %s', (path) => {
    expect(linksAt(path)).toEqual([]);
  });
});
