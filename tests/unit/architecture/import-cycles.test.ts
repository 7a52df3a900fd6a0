import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * No import circles in the app or the scripts, type-only ones and dynamic imports included. ESLint's
 * import-x/no-cycle (src/**) skips `import type`, and a circle of types is still a knot a reader has to
 * untie: this test walks every import TypeScript sees.
 */
const root = process.cwd();
const { options } = ts.parseJsonConfigFileContent(
  ts.readConfigFile(join(root, 'tsconfig.json'), (path) => ts.sys.readFile(path)).config,
  ts.sys,
  root,
);

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => join(root, folder, file));
}

/** Each module's imports among `files` (the project's own modules; packages and styles left out). */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule)
        .flatMap((resolved) =>
          resolved && known.has(resolved.resolvedFileName) ? [resolved.resolvedFileName] : [],
        );
      return [file, [...new Set(targets)]];
    }),
  );
}

/** The strongly connected components with more than one module (Tarjan): each is a circle. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (module: string) => {
    index.set(module, index.size);
    low.set(module, index.get(module)!);
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(module, Math.min(low.get(module)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(module, Math.min(low.get(module)!, index.get(target)!));
      }
    }
    if (low.get(module) !== index.get(module)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1 || graph.get(module)?.includes(module)) found.push(component);
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return found.map((component) => component.map((file) => relative(root, file)).sort());
}

describe('imports', () => {
  it('finds a circle when there is one (the check itself)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('form no circle in src and scripts, type-only and dynamic imports included', () => {
    expect(circles(importGraph([...sources('src'), ...sources('scripts')]))).toEqual([]);
  });
});
