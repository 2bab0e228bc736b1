/**
 * Table options: each game's options are data with defaults and limits; bad values are refused.
 */
import { describe, expect, it } from 'vitest';
import { dreierles } from '../../src/games/dreierles/index.ts';
import { reunion } from '../../src/games/reunion/index.ts';
import { Refusal } from '../../src/refusal.ts';
import { resolveOptions } from '../../src/tables/options.ts';

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

  it.each([
    [dreierles, { rounds: 0 }, /from 1 to 10/],
    [dreierles, { rounds: 2.5 }, /whole number/],
    [dreierles, { raisedRaeuberValue: 5 }, /in steps of 2/],
    [dreierles, { piererTiers: true }, /has no option "piererTiers"/],
    [reunion, { piererTiers: 'yes' }, /on or off/],
  ] as const)('refuses %#: %j', (game, given, message) => {
    expect(() => resolveOptions(game, given)).toThrow(Refusal);
    expect(() => resolveOptions(game, given)).toThrow(message);
  });
});
