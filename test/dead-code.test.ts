/**
 * No dead exports: every name exported from src/ is used somewhere — in its own file, another source file, a
 * command script, a benchmark or a test. A name that appears only in its own declaration is dead code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

const sources = new Map(['src', 'commands', 'bench', 'test'].flatMap(files).map((f) => [f, readFileSync(f, 'utf8')]));
const DECLARATION = /^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|type|interface|enum|abstract\s+class)\s+([A-Za-z0-9_$]+)/gm;

/** How often `name` appears as a whole word in `text` (comments included: a name only a comment mentions is still dead). */
const uses = (text: string, name: string): number =>
  text.split(new RegExp(`(?<![A-Za-z0-9_$])${name.replace('$', '\\$')}(?![A-Za-z0-9_$])`)).length - 1;

/** Exported names of `file` that nothing but their own declaration names. */
function deadExports(file: string): string[] {
  const own = sources.get(file) as string;
  return [...own.matchAll(DECLARATION)]
    .map((m) => m[1] as string)
    .filter((name) => uses(own, name) === 1 && ![...sources].some(([f, text]) => f !== file && uses(text, name) > 0));
}

describe('exports', () => {
  it.each([...sources.keys()].filter((f) => f.startsWith('src/')))('%s exports nothing unused', (file) => {
    expect(deadExports(file)).toEqual([]);
  });
});
