/**
 * A Dreierles deal's payment lines read right (src/discord/games/dreierles/format.ts): "each" only when one side has
 * several players; Räuber's one payer to two others is one line.
 */
import { describe, expect, it } from 'vitest';
import { formatDeal } from '../../src/discord/games/dreierles/format.ts';
import type { DealScore } from '../../src/games/dreierles/index.ts';
import { ENGLISH, localeOf } from '../../src/i18n/index.ts';

const names = ['alice', 'bob', 'carol'];
const deal = (payments: DealScore['payments'], net: number[]): DealScore => ({
  dealNo: 0,
  dealer: 0,
  contract: null,
  declarer: null,
  knocks: 0,
  declarerPoints: null,
  defenderPoints: null,
  raeuberPoints: [14, 16, 28],
  won: null,
  value: 2,
  payments,
  net,
  blind: [],
});

describe('Dreierles payment lines', () => {
  it('Räuber: one payer to the two others is one line, "2 each" / "je 2"', () => {
    const d = deal(
      [
        { from: 2, to: 0, points: 2, reason: 'raeuber' },
        { from: 2, to: 1, points: 2, reason: 'raeuber' },
      ],
      [2, 2, -4],
    );
    expect(formatDeal(ENGLISH, d, names, 0).split('\n')[1]).toBe('  Räuber: carol → alice and bob 2 each');
    expect(formatDeal(localeOf('de'), d, names, 0).split('\n')[1]).toBe('  Räuber: carol → alice und bob je 2');
  });

  it('a bonus from two payers to one: "each"; one payer to one: no "each"', () => {
    const d = deal(
      [
        { from: 0, to: 2, points: 1, reason: 'zehnDruck' },
        { from: 1, to: 2, points: 1, reason: 'zehnDruck' },
        { from: 0, to: 1, points: 2, reason: 'raeuber' },
      ],
      [-3, 1, 2],
    );
    const lines = formatDeal(ENGLISH, d, names, 0).split('\n');
    expect(lines[1]).toMatch(/^ {2}.+: alice and bob → carol 1 each$/);
    expect(lines[2]).toBe('  Räuber: alice → bob 2');
  });
});
