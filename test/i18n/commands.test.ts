/**
 * Every slash command, subcommand, option and choice has a German localization within Discord's rules (names
 * lowercase, 1–32 characters of letters, digits, `-` and `_`; descriptions and choice names 1–100 characters), the
 * localized names of siblings differ, and the English defaults are the names users and tests know.
 */
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import { ENGLISH, localeOf } from '../../src/i18n/index.ts';
import { GAMES } from '../../src/tables/games.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Discord's rule for command and option names (CHAT_INPUT). */
const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/** Every command, subcommand (group) and option with its path of English names, e.g. `table new game`. */
function* nodes(node: Json, prefix = ''): Generator<{ path: string; node: Json }> {
  const path = `${prefix} ${node.name}`.trim();
  yield { path, node };
  for (const child of node.options ?? []) yield* nodes(child, path);
}

const ALL = COMMANDS.flatMap((c) => [...nodes(c.data.toJSON())]);

/** The English names as they were before the commands were localized (and /settings). */
const ENGLISH_NAMES = [
  'table',
  'table new',
  'table new reunion',
  'table new reunion pierer_tiers',
  'table new reunion kleine_ekart',
  'table new reunion grosse_ekart',
  'table new reunion turn_timer',
  'table new dreierles',
  'table new dreierles rounds',
  'table new dreierles last_round_raeuber_or_solo',
  'table new dreierles raised_raeuber_value',
  'table new dreierles max_knocks',
  'table new dreierles pfeife_by_third_trick',
  'table new dreierles tariff',
  'table new dreierles turn_timer',
  'table new romme',
  'table new romme jokers',
  'table new romme joker_value',
  'table new romme first_meld_minimum',
  'table new romme start_with14',
  'table new romme fourteenth_to_forehand',
  'table new romme discard_pickup_must_be_melded',
  'table new romme around_the_corner',
  'table new romme strict_set_swap',
  'table new romme hand_romme',
  'table new romme deals',
  'table new romme penalty_limit',
  'table new romme turn_timer',
  'table join',
  'table leave',
  'table start',
  'table status',
  'table cancel',
  'table takeover',
  'table open',
  'table bot',
  'table bot add',
  'table bot add level',
  'table bot remove',
  'hand',
  'rules',
  'rules game',
  'scoreboard',
  'scoreboard game',
  'scoreboard period',
  'scoreboard sort',
  'scoreboard page',
  'scoreboard include_bots',
  'scoreboard chart',
  'stats',
  'stats user',
  'stats game',
  'history',
  'history game',
  'history user',
  'history page',
  'replay',
  'replay id',
  'replay practice_from',
  'weekly',
  'weekly setup',
  'weekly setup game',
  'weekly setup day',
  'weekly setup time',
  'weekly setup timezone',
  'weekly setup channel',
  'weekly setup role',
  'weekly setup format',
  'weekly standings',
  'weekly standings week',
  'weekly pause',
  'weekly resume',
  'weekly cancel',
  'settings',
  'settings language',
  'settings timezone',
];

/** The turn timer's choices, the same in every game's `/table new`. */
const TIMER = ['30 s', '60 s', '120 s (default)', '300 s', '600 s', 'off'];

const ENGLISH_CHOICES: Record<string, string[]> = {
  'table new reunion turn_timer': TIMER,
  'table new dreierles turn_timer': TIMER,
  'table new romme jokers': ['6 (default)', '4'],
  'table new romme joker_value': ['30 (default)', '25', '20'],
  'table new romme first_meld_minimum': ['40 (default)', '30'],
  'table new romme penalty_limit': ['off (default)', '250', '500 (the usual limit)', '1000'],
  'table new romme turn_timer': TIMER,
  'table bot add level': ['easy', 'strong', 'expert'],
  'rules game': ['Réunion', 'Dreierles', 'Rommé'],
  'scoreboard game': ['Réunion', 'Dreierles', 'Rommé'],
  'scoreboard period': ['this week', 'this month', 'this season', 'all time'],
  'scoreboard sort': ['net result', 'wins', 'rating', 'games played'],
  'stats game': ['Réunion', 'Dreierles', 'Rommé'],
  'history game': ['Réunion', 'Dreierles', 'Rommé'],
  'weekly setup game': ['Réunion', 'Dreierles', 'Rommé'],
  'weekly setup day': ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  'weekly setup format': ['Plain', 'Duplicate (the same deals at every table)'],
  'settings language': ['German', 'English', "The server's own language"],
};

describe('slash commands', () => {
  it('keep their English names as the defaults', () => {
    expect(ALL.map((n) => n.path)).toEqual(ENGLISH_NAMES);
    const choices = Object.fromEntries(ALL.filter((n) => n.node.choices).map((n) => [n.path, n.node.choices.map((c: Json) => c.name)]));
    expect(choices).toEqual(ENGLISH_CHOICES);
  });

  it.each(ALL.map((n) => [n.path, n.node] as const))('%s has a valid German name and description', (_path, node) => {
    for (const name of [node.name, node.name_localizations?.de]) {
      expect(name).toMatch(NAME);
      expect(name).toBe(name.toLowerCase());
    }
    for (const description of [node.description, node.description_localizations?.de]) {
      expect(typeof description).toBe('string');
      expect(description.length).toBeGreaterThanOrEqual(1);
      expect(description.length).toBeLessThanOrEqual(100);
    }
    expect(Object.keys(node.name_localizations)).toEqual(['de']);
    expect(Object.keys(node.description_localizations)).toEqual(['de']);
    for (const choice of node.choices ?? []) {
      for (const name of [choice.name, choice.name_localizations?.de]) {
        expect(typeof name).toBe('string');
        expect(name.length).toBeGreaterThanOrEqual(1);
        expect(name.length).toBeLessThanOrEqual(100);
      }
    }
    const siblings = (node.options ?? []) as Json[];
    expect(new Set(siblings.map((o) => o.name_localizations?.de)).size).toBe(siblings.length);
  });

  it('are German where the two languages differ (e.g. /tisch neu romme joker:…)', () => {
    const table = ALL.find((n) => n.path === 'table')!.node;
    expect(table.name_localizations.de).toBe('tisch');
    expect(ALL.find((n) => n.path === 'table new')!.node.name_localizations.de).toBe('neu');
    expect(ALL.find((n) => n.path === 'table new romme')!.node.name_localizations.de).toBe('romme');
    expect(ALL.find((n) => n.path === 'table new romme jokers')!.node.name_localizations.de).toBe('joker');
    expect(new Set(COMMANDS.map((c) => c.data.toJSON().name_localizations?.de)).size).toBe(COMMANDS.length);
  });
});

describe('/table new <game>', () => {
  const group = ALL.find((n) => n.path === 'table new')!.node;
  const GERMAN = localeOf('de');

  it('is a subcommand group with one subcommand per game, named by its id in both languages', () => {
    expect(group.type).toBe(2);
    expect(group.options.map((s: Json) => [s.type, s.name, s.name_localizations.de])).toEqual(GAMES.map((g) => [1, g.id, g.id]));
  });

  it.each(GAMES.map((g) => [g.id, g] as const))('%s has exactly its game’s options and the turn timer, within 25', (id, game) => {
    const sub = group.options.find((s: Json) => s.name === id);
    const names = game.options.map((o) => ENGLISH.t(`commands:table.new.option.${o.key}.name`));
    expect(sub.options.map((o: Json) => o.name)).toEqual([...names, 'turn_timer']);
    expect(sub.options.length).toBeLessThanOrEqual(25);
    game.options.forEach((spec, i) => {
      const option = sub.options[i];
      // Each name is its own, not the key path i18next gives back for a missing message.
      for (const name of [option.name, option.name_localizations.de]) expect(name).not.toContain('.');
      expect(option.description).toBe(ENGLISH.t(`${id}:option.${spec.key}`));
      expect(option.description_localizations.de).toBe(GERMAN.t(`${id}:option.${spec.key}`));
      expect(option.required ?? false).toBe(false);
      if (spec.type === 'boolean') return expect(option.type).toBe(5);
      expect(option.type).toBe(4);
      if (spec.type === 'integer') return expect([option.min_value, option.max_value, option.choices]).toEqual([spec.min, spec.max, undefined]);
      // A choice: exactly its values, in order, the default among them and marked in both languages, every name its own.
      expect(option.choices.map((c: Json) => c.value)).toEqual(spec.values);
      expect(spec.values).toContain(spec.default);
      for (const c of option.choices as Json[]) {
        for (const [loc, name] of [
          [ENGLISH, c.name],
          [GERMAN, c.name_localizations.de],
        ] as const) {
          const label = loc.t(`${id}:choice.${spec.key}.${c.value}`);
          expect(label).not.toContain(':choice.');
          expect(name).toBe(c.value === spec.default ? loc.t('commands:table.new.choice_default', { label }) : label);
        }
      }
      expect(new Set(option.choices.map((c: Json) => c.name_localizations.de)).size).toBe(spec.values.length);
    });
  });

  it('has descriptions and choice names that fit without being cut', () => {
    for (const { path, node } of ALL.filter((n) => n.path.startsWith('table new')))
      for (const text of [
        node.description,
        node.description_localizations.de,
        ...(node.choices ?? []).flatMap((c: Json) => [c.name, c.name_localizations.de]),
      ])
        expect(text, path).not.toMatch(/…$/);
  });
});
