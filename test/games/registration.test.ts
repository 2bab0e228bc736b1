/**
 * A game is one module: outside the game's own folders (its engine in src/games/<id>, its computer players in
 * src/bots/<id>, its Discord UI in src/discord/games/<id>), no code of src/ or commands/ names it — no import of
 * its files, no identifier or string with its id or its name — except the lists that register every game (and its
 * resource files).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/tables/games.ts';

/**
 * The places that register every game: one list for the table layer, records and nights, one for the Discord UI, and
 * the list of resource files (each game's words are a namespace of their own, src/i18n/<lang>/<game>.json), the
 * web table's bundle of those resources (src/web/client/i18n.ts).
 */
const REGISTRATIONS = ['src/tables/games.ts', 'src/discord/games/index.ts', 'src/i18n/resources.ts', 'src/web/client/i18n.ts'];

/** The lists of the games that have a deal review (their reviews, and the reviews' texts): a game joins them or not. */
const REVIEW_REGISTRATIONS = ['src/review/index.ts', 'src/discord/review/text.ts'];

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

/** The code of a file without its comments (a comment may speak of any game). */
const code = (file: string): string =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const ownFolders = (id: string): string[] => [`src/games/${id}/`, `src/bots/${id}/`, `src/discord/games/${id}/`];

describe('registering a game', () => {
  const all = [...files('src'), ...files('commands')];

  it('knows the games (the scan below has something to look for)', () => {
    expect(GAMES.map((g) => g.id)).toEqual(['reunion', 'dreierles', 'romme']);
  });

  it.each(GAMES.map((g) => [g.id, g.name]))('names %s (%s) outside its own folders only in the registration lists', (id, name) => {
    const pattern = new RegExp(`${id}|${name}`, 'i');
    const naming = all.filter((file) => !ownFolders(id).some((dir) => file.startsWith(dir)) && pattern.test(code(file)));
    expect(naming.filter((file) => !REVIEW_REGISTRATIONS.includes(file)).sort()).toEqual(REGISTRATIONS.slice().sort());
  });
});
