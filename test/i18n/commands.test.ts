/**
 * Every slash command, subcommand, option and choice has a German localization within Discord's rules (names
 * lowercase, 1–32 characters of letters, digits, `-` and `_`; descriptions and choice names 1–100 characters), the
 * localized names of siblings differ, and the English defaults are the names users and tests know.
 */
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';

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
  'table new game',
  'table new turn_timer',
  'table new pierer_tiers',
  'table new kleine_ekart',
  'table new grosse_ekart',
  'table new rounds',
  'table new last_round_raeuber_or_solo',
  'table new raised_raeuber_value',
  'table new max_knocks',
  'table new pfeife_by_third_trick',
  'table new tariff',
  'table new jokers',
  'table new joker_value',
  'table new first_meld_minimum',
  'table new start_with14',
  'table new fourteenth_to_forehand',
  'table new discard_pickup_must_be_melded',
  'table new around_the_corner',
  'table new strict_set_swap',
  'table new hand_romme',
  'table new deals',
  'table new penalty_limit',
  'table join',
  'table leave',
  'table start',
  'table status',
  'table cancel',
  'table takeover',
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
  'weekly',
  'weekly setup',
  'weekly setup game',
  'weekly setup day',
  'weekly setup time',
  'weekly setup timezone',
  'weekly setup channel',
  'weekly setup role',
  'weekly standings',
  'weekly standings week',
  'weekly pause',
  'weekly resume',
  'weekly cancel',
  'settings',
  'settings language',
  'settings timezone',
];

const ENGLISH_CHOICES: Record<string, string[]> = {
  'table new game': ['Réunion', 'Dreierles', 'Rommé'],
  'table new turn_timer': ['30 s', '60 s', '120 s (default)', '300 s', '600 s', 'off'],
  'table bot add level': ['easy', 'strong'],
  'rules game': ['Réunion', 'Dreierles', 'Rommé'],
  'scoreboard game': ['Réunion', 'Dreierles', 'Rommé'],
  'scoreboard period': ['this week', 'this month', 'this season', 'all time'],
  'scoreboard sort': ['net result', 'wins', 'rating', 'games played'],
  'stats game': ['Réunion', 'Dreierles', 'Rommé'],
  'history game': ['Réunion', 'Dreierles', 'Rommé'],
  'weekly setup game': ['Réunion', 'Dreierles', 'Rommé'],
  'weekly setup day': ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
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

  it('are German where the two languages differ (e.g. /tisch neu spiel:…)', () => {
    const table = ALL.find((n) => n.path === 'table')!.node;
    expect(table.name_localizations.de).toBe('tisch');
    const created = ALL.find((n) => n.path === 'table new game')!.node;
    expect(created.name_localizations.de).toBe('spiel');
    expect(ALL.find((n) => n.path === 'table new')!.node.name_localizations.de).toBe('neu');
    expect(new Set(COMMANDS.map((c) => c.data.toJSON().name_localizations?.de)).size).toBe(COMMANDS.length);
  });
});
