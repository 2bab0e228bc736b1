/**
 * The resource files of both languages agree: the same keys (plural forms by the language's own rules), the same
 * interpolation variables in each message, and no empty message.
 */
import { describe, expect, it } from 'vitest';
import { NAMESPACES, RESOURCES } from '../../src/i18n/resources.ts';

type Tree = { [key: string]: string | Tree };

/** Every message of a namespace by its dotted path. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(path, v);
    else for (const [p, s] of flatten(v, path)) out.set(p, s);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A key without its plural suffix. */
const base = (key: string) => key.replace(PLURAL, '');
/** `{{name}}` and `{{count, number}}` variables, and `$t(…)` nestings, of a message. */
const variables = (text: string) =>
  [
    ...new Set(
      [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!).concat([...text.matchAll(/\$t\(([^),]+)/g)].map((m) => `$t:${m[1]}`)),
    ),
  ].sort();

describe.each(NAMESPACES)('namespace %s', (ns) => {
  const en = flatten(RESOURCES.en[ns] as Tree);
  const de = flatten(RESOURCES.de[ns] as Tree);

  it('has the same messages in English and German', () => {
    expect([...new Set([...de.keys()].map(base))].sort()).toEqual([...new Set([...en.keys()].map(base))].sort());
  });

  it('gives every plural both the _one and the _other form in both languages', () => {
    for (const messages of [en, de])
      for (const key of messages.keys())
        if (PLURAL.test(key)) {
          expect(messages.has(`${base(key)}_one`), `${ns}:${base(key)}_one`).toBe(true);
          expect(messages.has(`${base(key)}_other`), `${ns}:${base(key)}_other`).toBe(true);
        }
  });

  it('uses the same interpolation variables in both languages', () => {
    const byBase = (messages: Map<string, string>) => {
      const out = new Map<string, Set<string>>();
      for (const [key, text] of messages) {
        const set = out.get(base(key)) ?? new Set<string>();
        for (const v of variables(text)) set.add(v);
        out.set(base(key), set);
      }
      return out;
    };
    const enVars = byBase(en);
    const deVars = byBase(de);
    for (const [key, vars] of enVars) {
      const other = deVars.get(key);
      if (!other) continue; // reported by the first test
      // `count` may be implied by the plural form in one language (e.g. "one trick" / "einen Stich").
      const strip = (s: Set<string>) => [...s].filter((v) => v !== 'count').sort();
      expect(strip(other), `${ns}:${key}`).toEqual(strip(vars));
    }
  });

  it('has no empty message', () => {
    for (const [key, text] of [...en, ...de]) expect(text.trim(), `${ns}:${key}`).not.toBe('');
  });
});
