import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chunkGraphPath, pageBytes, staticClosure, type ChunkGraph } from '../../scripts/page-bytes.mjs';

/**
 * The bundle budgets of docs/performance.md, over the production build in dist/ (scripts/test-all.mjs)
 * and the chunk graph its build wrote beside it (scripts/vite-plugins.ts `chunkGraph`).
 */
/**
 * Grown from 183.5 to 184 by what issue 57 and 60 put on the login page itself: 微信登录 beside the staff
 * form for a shared page opened without a session, the idle lock's note, and the 16 px text floor in
 * the app's one stylesheet. To 184.5 by issue 68's, every page's as well: the rule that picks a
 * shared page's sign-in in its place (the entry and index.html's first script), the one rule for
 * every dialog at large text and the entry form's first-screen layout (the one stylesheet).
 */
const LOGIN_PAGE_BUDGET_KB = 184.5;
/**
 * Grown once by the read cache (TanStack Query with lib/query-client.ts, issue 58): one shared chunk of
 * that size that every page with server data loads and /login does not; by 0.8 kB when the app's writes
 * became its mutations and its provider came in (issue 66: useMutation, QueryClientProvider).
 */
const QUERY_LIBRARY_KB = 12.1;
const ADDED_OVER_LOGIN_BUDGET_KB = 35 + QUERY_LIBRARY_KB;

const dist = 'dist';
const graph: ChunkGraph | undefined = existsSync(chunkGraphPath(dist))
  ? (JSON.parse(readFileSync(chunkGraphPath(dist), 'utf8')) as ChunkGraph)
  : undefined;
const pages = graph ? pageBytes(dist, graph) : {};
const kB = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Libraries only the pages that need them may load: their modules, not a `?url` of one of their files. */
const LATE_LIBRARIES = [
  ['axios', /^node_modules\/axios\/.*\.js$/],
  ['pdf.js', /^node_modules\/pdfjs-dist\/.*\.m?js$/],
] as const;

describe('bundle budgets', () => {
  it('the build wrote its chunk graph, and every page of the app is in it', () => {
    expect(graph).toBeDefined();
    const names = Object.keys(pages);
    expect(names).toEqual(expect.arrayContaining(['auth/pages/login-page', 'home/pages/work-home-page']));
    expect(names.length).toBeGreaterThan(20);
  });

  it.each(LATE_LIBRARIES)('the entry and what it imports statically do not evaluate %s', (_name, module) => {
    const modulesOf = (file: string) => graph!.chunks[file].modules ?? [];
    // The library is in the build (the check below cannot pass for want of it), just not at start-up.
    expect(Object.keys(graph!.chunks).some((file) => modulesOf(file).some((id) => module.test(id)))).toBe(
      true,
    );
    const atStart = [...staticClosure(graph!, graph!.entry)].flatMap(modulesOf);
    expect(atStart.length).toBeGreaterThan(0);
    expect(atStart.filter((id) => module.test(id))).toEqual([]);
  });

  it(`the login page loads at most ${LOGIN_PAGE_BUDGET_KB} kB gzip of JS and CSS`, () => {
    const login = pages['auth/pages/login-page'];
    expect(kB(login.total)).toBeLessThanOrEqual(LOGIN_PAGE_BUDGET_KB);
  });

  it('the read cache is one shared chunk, not loaded by the login page', () => {
    const holds = (file: string) =>
      (graph!.chunks[file].modules ?? []).some((id) => /node_modules\/@tanstack\//.test(id));
    const chunks = Object.keys(graph!.chunks).filter(holds);
    expect(chunks).toHaveLength(1);
    const loginPage = Object.keys(graph!.chunks).find(
      (file) => graph!.chunks[file].facade === 'src/features/auth/pages/login-page.tsx',
    );
    expect(loginPage).toBeDefined();
    const atLogin = new Set([...staticClosure(graph!, graph!.entry), ...staticClosure(graph!, loginPage!)]);
    expect([...atLogin].filter(holds)).toEqual([]);
  });

  it(`no page adds more than ${ADDED_OVER_LOGIN_BUDGET_KB} kB gzip of JS over the login page`, () => {
    const overBudget = Object.entries(pages)
      .map(([page, bytes]) => ({ page, addedKb: kB(bytes.addedOverLogin) }))
      .filter(({ addedKb }) => addedKb > ADDED_OVER_LOGIN_BUDGET_KB);
    expect(overBudget).toEqual([]);
  });
});
