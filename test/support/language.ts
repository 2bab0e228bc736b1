/**
 * Which language a message body is in, judged by the resource files: each language's fixed phrases (the text of
 * its messages between the variables) that the other language does not also use. A body in German holds German
 * phrases and no English-only one, and the other way round.
 */
import { type Lang, LANGS } from '../../src/i18n/index.ts';
import { NAMESPACES, RESOURCES } from '../../src/i18n/resources.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Tree = { [key: string]: string | Tree };

const values = (tree: Tree): string[] => Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));

/** The phrases of a message: its text between variables, nestings and markdown, of two words or more. */
const phrasesOf = (text: string): string[] =>
  text
    .split(/\{\{[^}]*\}\}|\$t\([^)]*\)|\*\*|[`_~>|•·\n():;„“"]/)
    .map((p) => p.trim())
    .filter((p) => p.length >= 8 && /\p{L}{3,}\s+\p{L}{2,}/u.test(p));

const all = (lang: Lang) => new Set(NAMESPACES.flatMap((ns) => values(RESOURCES[lang][ns] as Tree)).flatMap(phrasesOf));
const phrases = Object.fromEntries(LANGS.map((l) => [l, all(l)])) as Record<Lang, Set<string>>;
/** Phrases only one language uses, longest first. */
const own = Object.fromEntries(
  LANGS.map((l) => [
    l,
    [...phrases[l]].filter((p) => LANGS.every((o) => o === l || ![...phrases[o]].some((q) => q.includes(p)))).sort((a, b) => b.length - a.length),
  ]),
) as Record<Lang, string[]>;

/** Every text of a message body a reader sees: content, embeds, component labels, placeholders and options. */
export function visibleText(body: Json): string {
  const out: string[] = [];
  const walk = (node: Json) => {
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (typeof v === 'string' && ['content', 'title', 'description', 'name', 'value', 'text', 'label', 'placeholder'].includes(k)) out.push(v);
      else if (typeof v === 'object' && k !== 'allowed_mentions' && k !== 'attachments') walk(v);
    }
  };
  walk(body);
  return out.join('\n');
}

/** The phrases of each language found in `body` (see the module comment). */
export function phrasesIn(body: Json): Record<Lang, string[]> {
  const text = visibleText(body);
  return Object.fromEntries(LANGS.map((l) => [l, own[l].filter((p) => text.includes(p))])) as Record<Lang, string[]>;
}
