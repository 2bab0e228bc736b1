/**
 * Joker swaps the engine offers (`legalMoves`, used by the computer players and the pick-up search) under strict set
 * swap. docs/rules/romme.md § Joker swap: with `strict_set_swap` a set gives up its joker(s) only when it ends up as
 * four natural cards of four suits, both missing cards going in at once.
 */
import { describe, expect, it } from 'vitest';
import { applyOrThrow, legalMoves, type RommeMove } from '../../src/games/romme/index.ts';
import { arrange } from './table.ts';

const swaps = (moves: RommeMove[]) => moves.filter((m): m is Extract<RommeMove, { type: 'swap' }> => m.type === 'swap');
const labels = (ids: readonly string[]) => ids.map((c) => c.slice(0, c.indexOf('/'))).sort();

describe('joker swaps offered under strict set swap', () => {
  it.each([
    { what: 'a set of two naturals and two jokers: both jokers for 7♠ 7♦', set: '7♥ 7♣ Joker Joker', hand: '7♠ 7♦ 8♥ 8♣ K♦', freed: 2 },
    { what: 'a set of three with a joker: the joker for both missing cards', set: '7♥ 7♣ Joker', hand: '7♠ 7♦ 8♥ 8♣ K♦', freed: 1 },
  ])('$what', ({ set, hand, freed }) => {
    for (const strictSetSwap of [true, false]) {
      const s = arrange({ options: { strictSetSwap }, hands: [hand, '2♣ 3♣ 4♣'], melds: [{ owner: 1, cards: set }], melded: [0, 1], phase: 'play' });
      const offered = swaps(legalMoves(s, 0));
      if (!strictSetSwap) {
        // Without the option one natural frees one joker (two 8s and a joker are a meld).
        expect(offered.length).toBeGreaterThan(0);
        expect(offered.every((m) => m.naturals.length === 1)).toBe(true);
        continue;
      }
      expect(offered.length).toBeGreaterThan(0);
      for (const m of offered) {
        expect(labels(m.naturals)).toEqual(['7♠', '7♦']);
        const after = applyOrThrow(s, 0, m).state;
        expect(after.melds[0]!.cards.filter((c) => c.startsWith('Joker'))).toHaveLength(0);
        expect(after.melds[1]!.cards.filter((c) => c.startsWith('Joker'))).toHaveLength(freed);
      }
    }
  });
});
