/**
 * Every word a player reads comes from the resource files: a scan of src/ and commands/ finds no user-facing string
 * literal outside src/i18n (log and console text, thrown internal errors, ids, keys and markup are not user-facing),
 * the web client's .tsx included (text between tags and shown attributes such as `aria-label`), and every message
 * key the code names exists in the English resources.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { NAMESPACES, RESOURCES } from '../../src/i18n/resources.ts';

const ROOT = join(import.meta.dirname, '../..');

/** Files whose literals are all for the console or the log: entry points and operations. */
const LOG_ONLY = new Set([
  'src/deploy-commands.ts',
  'src/index.ts',
  'src/shard.ts',
  'src/env.ts',
  'src/logger.ts',
  'src/config.ts',
  'src/discord/reach.ts',
]);
/** Folders below the players' view: operations, storage (SQL, Lua, errors for the log), the resources themselves. */
const LOG_ONLY_DIRS = ['src/ops/', 'src/store/', 'src/i18n/'];
/**
 * Text that is not a message: log text handed to a helper that logs it (a retry's or a job's label), and the games'
 * names, which are the same in every language.
 */
const LOG_TEXT = new Set(['connecting to the store', 'checking whether the night is over', 'showing the sign-ups', 'Réunion', 'Dreierles', 'Rommé']);

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (name.endsWith('.ts') || name.endsWith('.tsx')) yield path;
  }
}

const SOURCES = [...files(join(ROOT, 'src')), ...files(join(ROOT, 'commands'))]
  .map((path) => relative(ROOT, path))
  .filter((file) => !LOG_ONLY.has(file) && !LOG_ONLY_DIRS.some((d) => file.startsWith(d)));

/** Methods whose string arguments are shown to players. */
const SHOWN_BY = new Set(['setLabel', 'setPlaceholder', 'setTitle', 'setDescription', 'setName', 'setFooter', 'setContent', 'addChoices']);
/** Properties whose string values are shown to players. */
const SHOWN_AS = new Set(['content', 'label', 'placeholder', 'title', 'description', 'text', 'name']);
/** JSX attributes whose string values are shown to players or read out by screen readers. */
const SHOWN_ATTR = new Set(['aria-label', 'aria-description', 'aria-roledescription', 'aria-placeholder', 'title', 'alt', 'placeholder', 'label']);
/** Calls whose arguments are for the log, the console or a developer. */
const LOG_CALL = /^(.*\.)?(log|logger|console)\.(trace|debug|info|warn|error|fatal|log)$|^(this\.)?log\.\w+$/;
const KEY = new RegExp(`^(?:(?:${NAMESPACES.join('|')}):)?[a-z][\\w-]*(?:\\.[\\w-]+)+$`);
/** Calls whose string arguments are CSS selectors (`button.card`), not keys. */
const SELECTOR_CALL = /\.(querySelector|querySelectorAll|closest|matches)$/;
/** Key-shaped strings that are not message keys: the web client's browser-storage key of the suit colours. */
const NOT_KEYS = new Set(['stammtisch.colours']);
/** A file name (`rating.png`), not a key. */
const FILE_NAME = /\.(png|jpe?g|json|txt|ttf|sqlite|html)$/;
/** Two words of letters: a sentence or a phrase. */
const WORDS = /\p{L}{2,}[^\n]*?[\s’']+\p{L}{2,}/u;

/** Whether `node` sits where its text only reaches the log, a developer or the type system. */
function notShown(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n) || ts.isLiteralTypeNode(n) || ts.isTypeNode(n)) return true;
    if (ts.isCallExpression(n) && LOG_CALL.test(n.expression.getText())) return true;
    if (ts.isNewExpression(n) && /^(Error|TypeError|RangeError|AggregateError)$/.test(n.expression.getText())) return true;
    if (ts.isPropertyAssignment(n) && n.name === node) return true;
    if (ts.isJsxAttribute(n)) return !SHOWN_ATTR.has(n.name.getText());
    if (ts.isElementAccessExpression(n)) return true;
    if (ts.isBinaryExpression(n) && /^(===|!==|==|!=)$/.test(n.operatorToken.getText())) return true;
    if (ts.isCaseClause(n)) return true;
    if (ts.isFunctionLike(n) || ts.isSourceFile(n)) return false;
  }
  return false;
}

/** The method or property a literal is handed to, if any. */
function shownBy(node: ts.Node): string | null {
  const p = node.parent;
  if (ts.isCallExpression(p) && ts.isPropertyAccessExpression(p.expression) && SHOWN_BY.has(p.expression.name.text)) return p.expression.name.text;
  if (ts.isPropertyAssignment(p) && p.initializer === node && ts.isIdentifier(p.name) && SHOWN_AS.has(p.name.text)) return p.name.text;
  if (ts.isJsxAttribute(p) && SHOWN_ATTR.has(p.name.getText())) return p.name.getText();
  return null;
}

interface Found {
  file: string;
  line: number;
  text: string;
}

function scan(): { literals: Found[]; keys: Found[] } {
  const literals: Found[] = [];
  const keys: Found[] = [];
  for (const file of SOURCES) {
    const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      let text: string | null = null;
      if (ts.isJsxText(node)) {
        // Text between tags is always shown: any word in it is a literal (a lone letter or sign, such as the dealer's chip, is not).
        if (/\p{L}{2,}/u.test(node.text))
          literals.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text.trim() });
        return;
      }
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
      else if (ts.isTemplateExpression(node)) text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
      if (text !== null) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        const selector = ts.isCallExpression(node.parent) && SELECTOR_CALL.test(node.parent.expression.getText());
        if (KEY.test(text) && !FILE_NAME.test(text)) {
          if (!selector && !NOT_KEYS.has(text) && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent))
            keys.push({ file, line, text });
        } else if (!LOG_TEXT.has(text) && !notShown(node) && (WORDS.test(text) || (shownBy(node) && /\p{L}{2,}/u.test(text))))
          literals.push({ file, line, text });
        if (ts.isTemplateExpression(node)) node.templateSpans.forEach((s) => visit(s.expression));
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { literals, keys };
}

type Tree = { [key: string]: string | Tree };
const hasKey = (ns: string, path: string): boolean => {
  let node: string | Tree | undefined = RESOURCES.en[ns as keyof typeof RESOURCES.en] as Tree;
  const parts = path.split('.');
  const last = parts.pop()!;
  for (const p of parts) node = typeof node === 'object' ? node[p] : undefined;
  if (typeof node !== 'object') return false;
  return last in node || `${last}_one` in node || `${last}_other` in node;
};

describe('user-facing text', () => {
  const { literals, keys } = scan();

  it('lives in the resource files, not in src/ or commands/', () => {
    expect(literals.map((f) => `${f.file}:${f.line} ${JSON.stringify(f.text)}`)).toEqual([]);
  });

  it('is named by keys that exist in the English resources', () => {
    const missing = keys.filter((k) => {
      const [ns, path] = k.text.includes(':') ? (k.text.split(':') as [string, string]) : ['common', k.text];
      // A key prefix completed at run time (`reunion:refusal.` + code) is checked where its messages are rendered.
      return !k.text.endsWith('.') && !hasKey(ns, path);
    });
    expect(missing.map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([]);
  });
});
