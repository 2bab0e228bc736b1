/**
 * The 32-card French pack (labels, parsing) and the seeded shuffle.
 * Rule source: docs/rules/reunion.md § Pack, § Deal (1.).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FRENCH_32, RANKS, SUITS, type Card, makeCard, naturalRank, parseCard, rankOf, suitOf } from '../src/cards/french.ts';
import { seededRng, shuffle } from '../src/cards/random.ts';

describe('the 32-card pack', () => {
  it('has 32 different cards: 4 suits of A 10 K Q J 9 8 7', () => {
    expect(FRENCH_32).toHaveLength(32);
    expect(new Set(FRENCH_32).size).toBe(32);
    for (const suit of SUITS) {
      const ranks = FRENCH_32.filter((c) => suitOf(c) === suit).map(rankOf);
      expect(new Set(ranks)).toEqual(new Set(['A', '10', 'K', 'Q', 'J', '9', '8', '7']));
    }
  });

  it.each(['A♠', '10♥', 'K♦', 'Q♣', 'J♠', '9♥', '8♦', '7♣'])('contains the card labelled %s', (label) => {
    expect(FRENCH_32).toContain(label);
  });

  it.each([...FRENCH_32])('round-trips %s through parseCard and makeCard', (card) => {
    expect(parseCard(card)).toBe(card);
    expect(makeCard(rankOf(card), suitOf(card))).toBe(card);
  });

  it.each([
    ['10H', '10♥'],
    ['10h', '10♥'],
    ['qs', 'Q♠'],
    ['QS', 'Q♠'],
    ['jc', 'J♣'],
    ['Ad', 'A♦'],
    ['  7d  ', '7♦'],
    ['a♠', 'A♠'],
    ['k♦', 'K♦'],
  ])('parses the typed input "%s" as %s', (input, card) => {
    expect(parseCard(input)).toBe(card);
  });

  it.each(['', ' ', 'A', '♥', '10', '1♥', '11♥', 'T♥', 'B♥', '6♠', '2C', '10X', 'J♥♥', 'AH ♥', 'joker'])(
    'refuses "%s" with a readable error',
    (input) => {
      expect(() => parseCard(input)).toThrow(/Not a card of the 32-card pack/);
    },
  );

  it('ranks cards for the draw in natural order A K Q J 10 9 8 7, suits equal', () => {
    const order: Card[] = ['A♣', 'K♠', 'Q♥', 'J♦', '10♣', '9♠', '8♥', '7♦'];
    const ranks = order.map(naturalRank);
    for (let i = 1; i < ranks.length; i++) expect(ranks[i - 1]).toBeGreaterThan(ranks[i] as number);
    for (const r of RANKS) expect(new Set(SUITS.map((s) => naturalRank(makeCard(r, s)))).size).toBe(1);
  });
});

describe('the seeded shuffle', () => {
  it('gives the same order for the same seed', () => {
    expect(shuffle(FRENCH_32, seededRng('table-42'))).toEqual(shuffle(FRENCH_32, seededRng('table-42')));
  });

  it('returns a permutation of the pack and leaves the input alone', () => {
    const before = FRENCH_32.slice();
    const shuffled = shuffle(FRENCH_32, seededRng('perm'));
    expect(shuffled).not.toBe(FRENCH_32);
    expect(shuffled.slice().sort()).toEqual(FRENCH_32.slice().sort());
    expect(FRENCH_32).toEqual(before);
  });

  it('gives different orders for different seeds', () => {
    const orders = new Set(Array.from({ length: 100 }, (_, i) => shuffle(FRENCH_32, seededRng(`seed-${i}`)).join(' ')));
    expect(orders.size).toBe(100);
    expect(shuffle(FRENCH_32, seededRng('a'))).not.toEqual(shuffle(FRENCH_32, seededRng('b')));
  });

  it('actually moves cards (not the identity order)', () => {
    expect(shuffle(FRENCH_32, seededRng('x')).join(' ')).not.toBe(FRENCH_32.join(' '));
  });

  it('puts every card in every position over many seeds (no stuck position)', () => {
    const seen = Array.from({ length: 32 }, () => new Set<Card>());
    for (let i = 0; i < 2000; i++) shuffle(FRENCH_32, seededRng(`spread-${i}`)).forEach((c, pos) => (seen[pos] as Set<Card>).add(c));
    for (const s of seen) expect(s.size).toBe(32);
  });

  it('is deterministic and a permutation for any seed string (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.integer(), { maxLength: 40 }), (seed, items) => {
        const a = shuffle(items, seededRng(seed));
        const b = shuffle(items, seededRng(seed));
        expect(a).toEqual(b);
        expect(a.slice().sort((x, y) => x - y)).toEqual(items.slice().sort((x, y) => x - y));
      }),
      { seed: 20240601, numRuns: 300 },
    );
  });

  it('draws floats in [0, 1) from the PRNG', () => {
    const rng = seededRng('floats');
    for (let i = 0; i < 10_000; i++) {
      const x = rng();
      expect(x >= 0 && x < 1).toBe(true);
    }
    const firsts = new Set(Array.from({ length: 1000 }, (_, i) => seededRng(`h${i}`)()));
    expect(firsts.size).toBe(1000);
  });
});

describe('typed card input from phones', () => {
  it.each([
    ['10♥\uFE0F', '10♥'],
    ['Q♡', 'Q♥'],
    ['7♢', '7♦'],
  ])('reads %j as %s', (typed, card) => {
    expect(parseCard(typed)).toBe(card);
  });
});
