/**
 * The Rommé meld finder: every set and run a small hand can make (exact lists), every lay-off onto the
 * table, and the most valuable combination of melds that share no card. Rule source:
 * docs/rules/romme.md (§ Melds, § Card values, § First meld).
 */
import { describe, expect, it } from 'vitest';
import { isJoker, labelOf } from '../../src/games/romme/pack.ts';
import { bestMelds, findLayOffs, findMelds, readings, readingValue, type Found } from '../../src/games/romme/index.ts';
import { cards, meldOf } from './table.ts';

const OFF = { aroundTheCorner: false };
const ON = { aroundTheCorner: true };

/** Pair each table row with a readable test name. */
function titled<T>(rows: T[], title: (row: T) => string): [string, T][] {
  return rows.map((row) => [title(row), row]);
}

/** A found meld as `labels (value)`, cards in meld order. */
const show = (f: Found): string => `${f.cards.map(labelOf).join(' ')} (${f.value})`;

describe('findMelds', () => {
  it.each(
    titled(
      [
        { hand: '7♥ 7♣ 7♦ 2♠', options: OFF, found: ['7♣ 7♥ 7♦ (21)'], why: 'one set of three' },
        {
          hand: '7♥ 7♣ 7♦ 7♠',
          options: OFF,
          found: ['7♣ 7♠ 7♥ (21)', '7♣ 7♠ 7♦ (21)', '7♣ 7♥ 7♦ (21)', '7♠ 7♥ 7♦ (21)', '7♣ 7♠ 7♥ 7♦ (28)'],
          why: 'every set of three and the set of four',
        },
        { hand: '7♥ 7♥ 7♣ 2♠', options: OFF, found: [], why: 'nothing from two sevens of hearts and one of clubs' },
        {
          hand: '5♥ 6♥ 7♥ 8♥',
          options: OFF,
          found: ['5♥ 6♥ 7♥ (18)', '5♥ 6♥ 7♥ 8♥ (26)', '6♥ 7♥ 8♥ (21)'],
          why: 'every run of three or more in a row of four',
        },
        { hand: '5♥ 6♥ Joker', options: OFF, found: ['Joker 5♥ 6♥ (15)', '5♥ 6♥ Joker (18)'], why: 'a joker at either end of two naturals' },
        {
          hand: '5♥ 7♥ Joker 5♣',
          options: OFF,
          found: ['5♣ 5♥ Joker (15)', '5♥ Joker 7♥ (18)'],
          why: 'a set with a joker, and a run with the joker in the gap',
        },
        { hand: 'Q♠ K♠ A♠ 2♠', options: OFF, found: ['Q♠ K♠ A♠ (31)'], why: 'the ace high and not around the corner' },
        {
          hand: 'Q♠ K♠ A♠ 2♠',
          options: ON,
          found: ['Q♠ K♠ A♠ (31)', 'Q♠ K♠ A♠ 2♠ (33)', 'K♠ A♠ 2♠ (23)'],
          why: 'around the corner when the option is on',
        },
        { hand: 'A♦ 2♦ 3♦', options: OFF, found: ['A♦ 2♦ 3♦ (6)'], why: 'the ace low' },
      ],
      (r) => `finds ${r.why}: ${r.hand}`,
    ),
  )('%s', (_, { hand, options, found }) => {
    expect(findMelds(cards(hand), options).map(show)).toEqual(found);
  });

  it('finds only melds of cards in the hand, each a valid reading with its value', () => {
    const hand = cards('3♥ 4♥ 5♥ 6♥ 7♥ 5♣ 5♦ 5♠ Joker Joker 9♣ 10♣ K♦');
    for (const f of findMelds(hand, OFF)) {
      expect(f.cards.every((c) => hand.includes(c))).toBe(true);
      expect(new Set(f.cards).size).toBe(f.cards.length);
      expect(readings(f.cards, OFF)).toContainEqual({
        kind: f.kind,
        ...(f.kind === 'run' ? { suit: f.suit, start: f.start } : { rank: f.rank }),
        cards: f.cards,
      });
      expect(readingValue(f)).toBe(f.value);
    }
  });
});

describe('findLayOffs', () => {
  it('lists each card that fits a table meld, a joker on a run once per end', () => {
    const melds = [meldOf(cards('5♥ 6♥ 7♥'), 1, 0), meldOf(cards('7♥/1 7♣ 7♦'), 2, 1)];
    const hand = cards('8♥ 4♥ 7♠ Joker K♣ 9♥');
    expect(findLayOffs(hand, melds, OFF)).toEqual([
      { card: '8♥/0', meld: 1 },
      { card: '4♥/0', meld: 1 },
      { card: '7♠/0', meld: 2 },
      { card: 'Joker/0', meld: 1, end: 'low' },
      { card: 'Joker/0', meld: 1, end: 'high' },
      { card: 'Joker/0', meld: 2 },
    ]);
  });

  it('lists nothing when no card fits', () => {
    const melds = [meldOf(cards('Q♥ K♥ A♥'), 1, 0), meldOf(cards('7♣ 7♦ 7♠ 7♥'), 2, 1)];
    expect(findLayOffs(cards('2♥ 9♥ 7♥ K♣'), melds, OFF)).toEqual([]);
  });

  it('lists K below A-2-3 only around the corner', () => {
    const melds = [meldOf(cards('A♥ 2♥ 3♥'), 1, 0)];
    expect(findLayOffs(cards('K♥'), melds, OFF)).toEqual([]);
    expect(findLayOffs(cards('K♥'), melds, ON)).toEqual([{ card: 'K♥/0', meld: 1 }]);
  });
});

describe('bestMelds', () => {
  /** The chosen melds as sorted strings, and checks that they share no card and add up. */
  function best(hand: string, options = OFF): { melds: string[]; value: number } {
    const ids = cards(hand);
    const b = bestMelds(ids, options);
    const used = b.melds.flatMap((f) => f.cards);
    expect(new Set(used).size).toBe(used.length);
    expect(used.every((c) => ids.includes(c))).toBe(true);
    expect(b.melds.reduce((t, f) => t + f.value, 0)).toBe(b.value);
    return { melds: b.melds.map(show).sort(), value: b.value };
  }

  it('beats greedy: three melds of 93 rather than the set of four jacks (40) first', () => {
    // The most valuable single meld is J♣ J♠ J♥ J♦ (40); after it only A-A-A (33) is left: 73.
    expect(best('J♥ Q♥ K♥ A♥ J♣ J♠ J♦ A♣ A♠')).toEqual({
      melds: ['A♣ A♠ A♥ (33)', 'J♣ J♠ J♦ (30)', 'J♥ Q♥ K♥ (30)'],
      value: 93,
    });
  });

  it('uses both copies of a card: a set and a run that each need a 7♥', () => {
    expect(best('7♥ 7♥ 7♣ 7♦ 5♥ 6♥')).toEqual({ melds: ['5♥ 6♥ 7♥ (18)', '7♣ 7♥ 7♦ (21)'], value: 39 });
  });

  it('makes the same run twice from two copies of each card', () => {
    expect(best('9♠ 10♠ J♠ 9♠ 10♠ J♠')).toEqual({ melds: ['9♠ 10♠ J♠ (29)', '9♠ 10♠ J♠ (29)'], value: 58 });
  });

  it('finds nothing in a hand without melds', () => {
    expect(best('2♣ 5♥ 9♦ K♠ A♥')).toEqual({ melds: [], value: 0 });
  });

  it('handles a 20-card hand with two jokers: disjoint valid melds of at least the obvious value', () => {
    const hand = cards('A♣ 2♣ 3♣ 4♣ 5♣ 9♥ 10♥ J♥ Q♥ K♥ 6♦ 6♠ 6♥ 2♦ 8♠ 8♦ Joker Joker 4♥ Q♠');
    expect(hand).toHaveLength(20);
    const b = bestMelds(hand, OFF);
    const used = b.melds.flatMap((f) => f.cards);
    expect(new Set(used).size).toBe(used.length);
    for (const f of b.melds) expect(readings(f.cards, OFF).some((r) => JSON.stringify(r.cards) === JSON.stringify(f.cards))).toBe(true);
    expect(used.filter(isJoker).length).toBeLessThanOrEqual(2);
    // A♣–5♣ (15) + 9♥–K♥ (49) + 6♦ 6♠ 6♥ (18) + 8♠ 8♦ Joker (24) = 106 without the second joker.
    expect(b.value).toBeGreaterThanOrEqual(106);
    expect(b.value).toBe(b.melds.reduce((t, f) => t + f.value, 0));
  });
});
