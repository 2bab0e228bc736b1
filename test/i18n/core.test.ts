/**
 * The bot's own messages outside the games, records and weekly night, in both languages at their longest: the lobby
 * (a full table of 32-character names, every option of every game), `/table status`, every refusal in `common`, the
 * error answers, the narration of the table layer and `/settings`. Each stays within Discord's limits
 * (`messageProblems`), leaves no `{{variable}}` unfilled, and the German
 * really is German.
 */
import { describe, expect, it } from 'vitest';
import { AfterChangeError, missingPermissions, userMessage } from '../../src/discord/errors.ts';
import { MOVE_NOT_SHOWN } from '../../src/discord/hand/clicks.ts';
import { formatOption } from '../../src/discord/options.ts';
import { renderStatus } from '../../src/discord/render/index.ts';
import { renderLobby } from '../../src/discord/render/lobby.ts';
import type { OptionSpec } from '../../src/games/types.ts';
import { ENGLISH, type Locale, localeOf } from '../../src/i18n/index.ts';
import { RESOURCES } from '../../src/i18n/resources.ts';
import { Refusal } from '../../src/refusal.ts';
import { GAMES, type TableGame } from '../../src/tables/games.ts';
import { TableService } from '../../src/tables/service.ts';
import type { SeatInfo, TableRecord } from '../../src/tables/types.ts';
import { messageProblems } from '../support/fake-discord.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Tree = { [key: string]: string | Tree };

const GERMAN = localeOf('de');
const LOCALES: [string, Locale][] = [
  ['en', ENGLISH],
  ['de', GERMAN],
];
const json = (payload: unknown): Json => JSON.parse(JSON.stringify(payload));
const LONG = 'Ü'.repeat(32);

/** Only the table layer's `engine` and `view` are used: no store is touched. */
const tables = new TableService({
  tables: null as never,
  results: null as never,
  now: () => 0,
  newSeed: () => 'seed',
  newId: () => 'id',
});

/** The value of `spec` (a choice) whose name is longest in either language. */
const longestChoice = (game: TableGame, spec: Extract<OptionSpec, { type: 'choice' }>) =>
  [...spec.values].sort((a, b) => longest(game, spec, b) - longest(game, spec, a))[0]!;
const longest = (game: TableGame, spec: OptionSpec, value: number) =>
  Math.max(...LOCALES.map(([, loc]) => formatOption(loc, game, spec, value).length));

/** Every option at its longest value: switches on, numbers at their maximum, choices by their longest name. */
const longestOptions = (game: TableGame) =>
  Object.fromEntries(game.options.map((o) => [o.key, o.type === 'boolean' ? true : o.type === 'choice' ? longestChoice(game, o) : o.max]));

/** A table of `game` with every seat taken: people with 32-character names, the last seats computer players. */
function fullTable(game: TableGame, status: 'lobby' | 'playing'): TableRecord {
  const seats: SeatInfo[] = Array.from({ length: game.maxSeats }, (_, i) =>
    i < game.maxSeats - 2
      ? { userId: `${100000000000000000 + i}`, name: `${LONG.slice(0, 30)}${i}`.padEnd(32, 'x') }
      : { userId: `bot:${i}`, name: LONG, bot: i % 2 ? 'easy' : 'strong' },
  );
  const options = longestOptions(game);
  return {
    id: 'abcdef1234',
    channelId: '1',
    guildId: '2',
    game: game.id,
    options,
    seats,
    hostId: seats[0]!.userId,
    status,
    version: 3,
    seed: 'core-test',
    moves: [],
    state: status === 'playing' ? game.setup(options, seats.length, 'core-test') : null,
    turnTimer: 3600,
    deadline: null,
    messageId: '3',
    createdAt: 0,
    startedAt: status === 'playing' ? 0 : null,
    updatedAt: 0,
  };
}

/** Every text of a message: its content, embeds and button labels (quoted, to tell a label from other words). */
const textOf = (body: Json): string =>
  [
    body.content,
    ...(body.embeds ?? []).flatMap((e: Json) => [e.title, e.description, e.footer?.text]),
    ...(body.components ?? []).flatMap((r: Json) => r.components.map((c: Json) => `"${c.label}"`)),
  ].join('\n');

describe('the lobby', () => {
  it.each(GAMES.flatMap((g) => LOCALES.map(([lang, loc]) => [g.id, lang, g, loc] as const)))(
    '%s in %s: a full table, every option, within Discord limits',
    (_id, lang, game, loc) => {
      const body = json(renderLobby(loc, fullTable(game, 'lobby'), game));
      expect(messageProblems(body)).toEqual([]);
      const text = textOf(body);
      expect(text).not.toContain('{{');
      for (const o of game.options) expect(text).toContain(loc.t(`${game.id}:option.${o.key}`));
      if (lang === 'de') {
        for (const word of [
          'wartet auf Mitspieler',
          'Gastgeber',
          'Zugzeit',
          'Mitspielen',
          'Aufstehen',
          'Starten',
          'Computer, leicht',
          'Computer, stark',
        ])
          expect(text).toContain(word);
        for (const english of ['waiting for players', '(host)', 'Turn timer', 'per move', '"Join"', '"Leave"', 'Fill with bots', 'computer,'])
          expect(text).not.toContain(english);
      } else expect(text).toContain('waiting for players');
    },
  );
});

describe('/table status', () => {
  it.each(GAMES.flatMap((g) => LOCALES.flatMap(([lang, loc]) => (['lobby', 'playing'] as const).map((s) => [g.id, s, lang, g, loc, s] as const))))(
    '%s (%s) in %s within Discord limits',
    (_id, _s, lang, game, loc, status) => {
      const body = json(renderStatus(loc, tables, fullTable(game, status), 'reader'));
      expect(messageProblems(body)).toEqual([]);
      expect(body.components).toEqual([]);
      const text = textOf(body);
      expect(text).not.toContain('{{');
      expect(text).toContain(lang === 'de' ? 'Zugzeit: **3.600 s** pro Zug' : 'Turn timer: **3,600 s** per move');
      if (game.options.length) expect(text).toContain(lang === 'de' ? 'Optionen — ' : 'Options — ');
    },
  );
});

/** Every message of `tree` by its dotted path. */
function flatten(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`),
  );
}

/** Long values for every `{{variable}}` of `text`: numbers for counts and limits, 40 characters for the rest. */
function longVars(text: string): Record<string, unknown> {
  const vars: Record<string, unknown> = {};
  for (const [, name] of text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g))
    vars[name!] = /^(count|min|max|step|seat|seconds|n|seated)$/.test(name!) ? 9999 : 'Ü'.repeat(40);
  return vars;
}

const COMMON = RESOURCES.en.common as unknown as Tree;
/** The messages of `common` this part of the bot owns (the rest belong to the games and the foundation). */
const OWN = ['refusal', 'error', 'done', 'answer', 'hand', 'turn', 'timer', 'table', 'settings', 'lobby', 'status', 'permission', 'level'];
const keys = (section: string) => [...new Set(flatten(COMMON[section] as Tree, `${section}.`).map(([k]) => k.replace(/_(one|other)$/, '')))];

describe('every refusal in common', () => {
  it.each(keys('refusal').flatMap((key) => LOCALES.map(([lang, loc]) => [key, lang, loc] as const)))('%s in %s', (key, lang, loc) => {
    const english = flatten(COMMON, '').find(([k]) => k === key || k === `${key}_other`)![1];
    for (const count of [1, 9999]) {
      const text = userMessage(new Refusal('bad_input', key, { ...longVars(english), count }), loc);
      expect(messageProblems({ content: text })).toEqual([]);
      expect(text).not.toContain('{{');
      expect(text).not.toBe(key);
      if (lang === 'de' && !/^refusal\.(unknown_command)$/.test(key))
        expect(text).not.toBe(userMessage(new Refusal('bad_input', key, { ...longVars(english), count }), ENGLISH));
    }
  });
});

describe('the rest of the bot’s own messages', () => {
  it.each(OWN.flatMap((section) => keys(section).flatMap((key) => LOCALES.map(([lang, loc]) => [key, lang, loc] as const))))(
    '%s in %s',
    (key, _lang, loc) => {
      const english = flatten(COMMON, '').find(([k]) => k === key || k === `${key}_other`)![1];
      const text = loc.t(key, { ...longVars(english), count: 2 });
      expect(text.length).toBeGreaterThan(0);
      expect(text.length).toBeLessThanOrEqual(2000);
      expect(text).not.toContain('{{');
      expect(text).not.toBe(key);
    },
  );

  it('say what was stored when showing it failed, in the reader’s language', () => {
    const err = new AfterChangeError({ key: 'done.move' }, MOVE_NOT_SHOWN, { cause: new Error('x') });
    expect(err.message).toBe('Your move was made, but your hand could not be updated. Press **My hand** on the table to see your cards.');
    expect(userMessage(err, GERMAN)).toBe(
      'Dein Zug ist gespielt, aber deine Hand konnte nicht aktualisiert werden. Drück am Tisch auf **Meine Karten**, um deine Karten zu sehen.',
    );
  });

  it('name permissions as Discord shows them in each language', () => {
    expect(missingPermissions(ENGLISH)).toContain('**View Channel**, **Send Messages**, **Embed Links**, and **Read Message History**');
    expect(missingPermissions(GERMAN)).toContain(
      '**Kanal ansehen**, **Nachrichten senden**, **Links einbetten** und **Nachrichtenverlauf anzeigen**',
    );
  });

  it('keep the English sentences players and tests know', () => {
    expect(new Refusal('not_enough_players', 'refusal.not_enough_players', { game: 'Réunion', min: 3, count: 2 }).message).toBe(
      'Réunion needs 3 players; 2 seated.',
    );
    expect(ENGLISH.t('turn.yours', { user: '1' })).toBe('<@1>, your turn.');
    expect(GERMAN.t('turn.yours', { user: '1' })).toBe('<@1>, du bist dran.');
  });
});
