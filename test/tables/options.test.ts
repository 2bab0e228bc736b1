/**
 * Table options: each game's options are data with defaults and limits; bad values are refused.
 */
import { describe, expect, it } from 'vitest';
import { dreierles } from '../../src/games/dreierles/index.ts';
import { reunion } from '../../src/games/reunion/index.ts';
import { romme } from '../../src/games/romme/index.ts';
import { Refusal } from '../../src/refusal.ts';
import { gameById } from '../../src/tables/games.ts';
import { resolveOptions, resolveStoredOptions } from '../../src/tables/options.ts';

describe('table options', () => {
  it('fills in every default', () => {
    expect(resolveOptions(reunion, {})).toEqual({ piererTiers: false, kleineEkart: false, grosseEkart: false });
    expect(resolveOptions(dreierles, { rounds: 3 })).toEqual({
      rounds: 3,
      lastRoundRaeuberOrSolo: false,
      raisedRaeuberValue: 4,
      maxKnocks: 4,
      pfeifeByThirdTrick: false,
      tariff: 10,
    });
  });

  it('takes a choice option at any of its values, and its default', () => {
    expect(resolveOptions(romme, {})).toMatchObject({ jokers: 6, jokerValue: 30, firstMeldMinimum: 40, penaltyLimit: 0 });
    for (const spec of romme.options)
      if (spec.type === 'choice') for (const value of spec.values) expect(resolveOptions(romme, { [spec.key]: value })[spec.key]).toBe(value);
  });

  it.each([
    [dreierles, { rounds: 0 }, /from 1 to 10/],
    [dreierles, { rounds: 2.5 }, /whole number/],
    [dreierles, { raisedRaeuberValue: 5 }, /in steps of 2/],
    [dreierles, { piererTiers: true }, /has no option "piererTiers"/],
    [reunion, { piererTiers: 'yes' }, /on or off/],
    [romme, { jokers: 5 }, /^Jokers added to the two 52-card packs must be one of 6, 4\.$/],
    [romme, { penaltyLimit: 300 }, /must be one of 0, 250, 500, 1000\./],
    [romme, { firstMeldMinimum: '40' }, /must be one of 40, 30\./],
  ] as const)('refuses %#: %j', (game, given, message) => {
    expect(() => resolveOptions(game, given)).toThrow(Refusal);
    expect(() => resolveOptions(game, given)).toThrow(message);
  });

  it('replays a stored game with a penalty limit from before it was a choice, and only within the old range', () => {
    const game = gameById('romme')!;
    expect(() => resolveOptions(game, { penaltyLimit: 300 })).toThrow(/must be one of/);
    expect(resolveStoredOptions(game, { penaltyLimit: 300 }).penaltyLimit).toBe(300);
    expect(() => resolveStoredOptions(game, { penaltyLimit: 2500 })).toThrow(/from 0 to 2000/);
    // A choice that was never wider stays a choice for stored games too.
    expect(() => resolveStoredOptions(game, { jokers: 5 })).toThrow(/must be one of 6, 4/);
  });
});
