// What each page of a build loads before it shows, in gzip bytes: used by `npm run bench` (the figures
// of docs/performance.md) and by the build-output tests (the budgets), so both count the same files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The root layout: a lazy route like the pages, loaded with every one of them. */
const ROOT_LAYOUT = 'src/app/root-layout.tsx';

/**
 * Where the build writes its chunk graph (scripts/vite-plugins.ts `chunkGraph`): beside the output
 * directory, `dist` -> `dist-chunks.json`, so it is never copied to the web root.
 */
export function chunkGraphPath(outDir) {
  return `${outDir.replace(/[/\\]+$/, '')}-chunks.json`;
}

/**
 * The chunk graph of a build made with `--manifest`, for builds without the graph (bench baselines of
 * older commits). A manifest names the module each chunk starts from, not the modules it holds.
 */
export function chunkGraphFromManifest(manifest) {
  const fileOf = (key) => manifest[key].file;
  const chunks = {};
  for (const item of Object.values(manifest)) {
    if (!item.file.endsWith('.js')) continue;
    chunks[item.file] = {
      facade: item.src ?? null,
      imports: (item.imports ?? []).map(fileOf),
      dynamicImports: (item.dynamicImports ?? []).map(fileOf),
      css: item.css ?? [],
    };
  }
  const entry = Object.values(manifest).find((item) => item.isEntry).file;
  return { entry, chunks };
}

/** A chunk and every chunk it imports statically, directly or through another: what runs as it loads. */
export function staticClosure(graph, file, seen = new Set()) {
  if (seen.has(file) || !graph.chunks[file]) return seen;
  seen.add(file);
  for (const imported of graph.chunks[file].imports) staticClosure(graph, imported, seen);
  return seen;
}

/**
 * Gzip bytes each page loads before it shows: index.html's scripts, stylesheets and inline styles, the
 * entry, the root layout and the page's chunk, each with its static imports. Keyed by the page's module
 * (`auth/pages/login-page`); `addedOverLogin` is the JS a page loads that the login page does not.
 */
export function pageBytes(dist, graph) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const gzip = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const htmlScripts = [...html.matchAll(/<script[^>]*\ssrc="[^"]*?(assets\/[^"]+)"/g)].map((m) => m[1]);
  const htmlStyles = [...html.matchAll(/<link rel="stylesheet"[^>]*\shref="[^"]*?(assets\/[^"]+)"/g)].map(
    (m) => m[1],
  );
  const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].reduce(
    (t, m) => t + gzipSync(m[1]).length,
    0,
  );
  const files = Object.keys(graph.chunks);
  const chunkOf = (facade) => files.find((file) => graph.chunks[file].facade === facade);
  const always = staticClosure(graph, graph.entry);
  const rootLayout = chunkOf(ROOT_LAYOUT);
  if (rootLayout) staticClosure(graph, rootLayout, always);
  const sum = (set) => [...set].reduce((total, file) => total + gzip(file), 0);
  const perPage = files
    .filter((file) => /^src\/features\/.*\/pages\//.test(graph.chunks[file].facade ?? ''))
    .map((file) => {
      const js = new Set([...htmlScripts, ...staticClosure(graph, file, new Set(always))]);
      const css = new Set([...htmlStyles, ...[...js].flatMap((chunk) => graph.chunks[chunk]?.css ?? [])]);
      return {
        page: graph.chunks[file].facade.replace(/^src\/features\//, '').replace(/\.tsx?$/, ''),
        js,
        total: sum(js) + sum(css) + inlineCss,
      };
    });
  const login = perPage.find((p) => p.page.endsWith('login-page'));
  return Object.fromEntries(
    perPage.map((p) => [
      p.page,
      { total: p.total, addedOverLogin: sum(new Set([...p.js].filter((file) => !login.js.has(file)))) },
    ]),
  );
}
