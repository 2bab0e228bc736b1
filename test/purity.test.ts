/**
 * The rule engines, cards and computer players stay pure: no Discord, storage, node:, environment, clock or Math.random,
 * named directly or reached through a relative import into another layer. Engines and cards may import only
 * src/games and src/cards; computer players also src/bots and the deal review's core (src/review), which may import
 * what computer players may.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

const FORBIDDEN = /from ['"](discord\.js|keyv|@keyv\/|node:|fs|redis|pino)|process\.env|Math\.random|Date\.now|new Date\(/;

/** Every module specifier of a source text: `from '…'`, bare `import '…'`, `import('…')` and `export … from '…'`. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)) found.push(m[1] as string);
  return found;
}

/** The layers (`src/<dir>`) a file of `layer` may import relatively. */
const ALLOWED: Record<string, string[]> = {
  'src/games': ['src/games', 'src/cards'],
  'src/cards': ['src/games', 'src/cards'],
  'src/bots': ['src/games', 'src/cards', 'src/bots', 'src/review'],
  'src/review': ['src/games', 'src/cards', 'src/bots', 'src/review'],
};

/**
 * The offending lines and imports of one pure-layer file: impure names on non-comment lines, and relative imports
 * that resolve outside the layers the file's own layer may use.
 */
function impurities(file: string, source: string): string[] {
  const layer = Object.keys(ALLOWED).find((l) => file.startsWith(`${l}/`));
  if (!layer) throw new Error(`${file} is not in a pure layer`);
  const lines = source.split('\n').filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line) && FORBIDDEN.test(line));
  const root = resolve('.');
  const outside = specifiers(source)
    .filter((s) => s.startsWith('.'))
    .map((s) =>
      relative(root, resolve(dirname(resolve(file)), s))
        .split('\\')
        .join('/'),
    )
    .filter((target) => !(ALLOWED[layer] as string[]).some((l) => target.startsWith(`${l}/`)))
    .map((target) => `imports ${target}`);
  return [...lines, ...outside];
}

describe('pure layers', () => {
  it.each([...files('src/games'), ...files('src/cards'), ...files('src/bots'), ...files('src/review')])('%s imports nothing impure', (file) => {
    expect(impurities(file, readFileSync(file, 'utf8'))).toEqual([]);
  });

  it.each([
    ['src/games/reunion/engine.ts', "import { lock } from '../../store/lock.ts';", 'imports src/store/lock.ts'],
    ['src/bots/reunion/easy.ts', "import type { Deps } from '../../discord/context.ts';", 'imports src/discord/context.ts'],
    ['src/games/romme/engine.ts', "export { TableService } from '../../tables/service.ts';", 'imports src/tables/service.ts'],
    ['src/cards/french.ts', "const m = await import('../bots/index.ts');", 'imports src/bots/index.ts'],
    ['src/games/types.ts', "import {\n  a,\n  b,\n} from '../weekly/night.ts';", 'imports src/weekly/night.ts'],
  ])('catches a relative import out of %s', (file, source, expected) => {
    expect(impurities(file, source)).toEqual([expected]);
  });

  it('lets an engine import its own layer and the cards', () => {
    expect(impurities('src/games/reunion/engine.ts', "import { a } from './types.ts';\nimport { b } from '../../cards/french.ts';")).toEqual([]);
  });
});
