/**
 * The shape of src/: no import circle between its files (type-only imports count: a circle of names is still a circle
 * to a reader), no two folders of src/discord that import each other, and no file over 400 lines. Imports are read
 * with TypeScript's own scanner (`ts.preProcessFile`: `import`, `import type`, `export … from`, `import()`), so a
 * comment or a string that looks like an import is not one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** The longest a file in src/ may be (lines). */
const MAX_LINES = 400;

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

const root = resolve('.');
const SOURCES = new Map(files('src').map((f) => [f.split('\\').join('/'), readFileSync(f, 'utf8')]));

/** The files of src/ that `file` imports (relative imports that resolve to a file of src/). */
function importsOf(file: string, source: string): string[] {
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map((i) => i.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) =>
      relative(root, resolve(dirname(resolve(file)), spec))
        .split('\\')
        .join('/'),
    )
    .filter((target) => SOURCES.has(target));
}

/** Every strongly connected set of more than one node (or a node importing itself), each sorted (Tarjan's algorithm). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const GRAPH = new Map([...SOURCES].map(([file, source]) => [file, importsOf(file, source)]));

/** The folder of src/discord a file is in (`src/discord/render`, …), or null for a file of src/discord itself or elsewhere. */
const discordFolder = (file: string): string | null => /^src\/discord\/[^/]+\//.exec(file)?.[0].slice(0, -1) ?? null;

describe('the structure of src/', () => {
  it('reads imports of every kind, and finds a circle and a self-import in a made-up graph', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from '../discord/context.ts';",
      "export { c } from './c.ts';",
      "const d = await import('./d.ts');",
      "// import { e } from './e.ts';",
      'const text = "from \'./f.ts\'";',
    ].join('\n');
    expect(ts.preProcessFile(source, true, true).importedFiles.map((i) => i.fileName)).toEqual([
      './a.ts',
      '../discord/context.ts',
      './c.ts',
      './d.ts',
    ]);
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(cyclesOf(new Map([['a', ['b']]]))).toEqual([]);
  });

  it('resolves the imports of src/ files (the check below sees the real graph)', () => {
    expect(GRAPH.get('src/bot.ts')).toContain('src/discord/views.ts');
    expect(GRAPH.get('src/discord/context.ts')).toContain('src/discord/views.ts');
  });

  it('has no import circle', () => {
    expect(cyclesOf(GRAPH)).toEqual([]);
  });

  it('has no two folders of src/discord that import each other', () => {
    const folders = new Map<string, Set<string>>();
    for (const [file, targets] of GRAPH) {
      const from = discordFolder(file);
      if (!from) continue;
      for (const target of targets) {
        const to = discordFolder(target);
        if (to && to !== from) folders.set(from, (folders.get(from) ?? new Set()).add(to));
      }
    }
    expect(cyclesOf(new Map([...folders].map(([f, to]) => [f, [...to]])))).toEqual([]);
  });

  it(`has no file over ${MAX_LINES} lines`, () => {
    const long = [...SOURCES].flatMap(([file, source]) => {
      const lines = source.split('\n').length - (source.endsWith('\n') ? 1 : 0);
      return lines > MAX_LINES ? [`${file}: ${lines} lines`] : [];
    });
    expect(long).toEqual([]);
  });
});
