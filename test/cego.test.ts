/**
 * The 54-card Cego pack: labels, suits and ranks, card values, Tarock counting and parsing.
 * Rule source: docs/rules/dreierles.md § Pack, § Card points.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLACK_RANKS,
  CEGO_54,
  type CegoCard,
  PFEIFE,
  RED_RANKS,
  STIESS,
  TRUMPS,
  cardValue,
  cegoStrength,
  cegoSuit,
  countPile,
  isKing,
  isTrump,
  parseCego,
} from '../src/cards/cego.ts';

const TRUMP_LABELS = ['Stiess', ...Array.from({ length: 21 }, (_, i) => String(21 - i))];

describe('the 54-card Cego pack', () => {
  it('has 54 different cards: 22 trumps and four suits of 8', () => {
    expect(CEGO_54).toHaveLength(54);
    expect(new Set(CEGO_54).size).toBe(54);
    expect(CEGO_54.filter(isTrump)).toHaveLength(22);
    for (const suit of ['♣', '♠', '♥', '♦'] as const) expect(CEGO_54.filter((c) => cegoSuit(c) === suit)).toHaveLength(8);
  });

  it('labels the trumps Stiess, 21 … 1, the Pfeife being 1', () => {
    expect(TRUMPS).toEqual(TRUMP_LABELS);
    expect(STIESS).toBe('Stiess');
    expect(PFEIFE).toBe('1');
    expect(TRUMPS.at(-1)).toBe(PFEIFE);
  });

  it('ranks the red suits K Q C J A 2 3 4 and the black suits K Q C J 10 9 8 7', () => {
    expect([...RED_RANKS]).toEqual(['K', 'Q', 'C', 'J', 'A', '2', '3', '4']);
    expect([...BLACK_RANKS]).toEqual(['K', 'Q', 'C', 'J', '10', '9', '8', '7']);
  });

  it.each([
    ['♥', ['K♥', 'Q♥', 'C♥', 'J♥', 'A♥', '2♥', '3♥', '4♥']],
    ['♦', ['K♦', 'Q♦', 'C♦', 'J♦', 'A♦', '2♦', '3♦', '4♦']],
    ['♣', ['K♣', 'Q♣', 'C♣', 'J♣', '10♣', '9♣', '8♣', '7♣']],
    ['♠', ['K♠', 'Q♠', 'C♠', 'J♠', '10♠', '9♠', '8♠', '7♠']],
  ])('has the suit %s, high to low %j', (suit, cards) => {
    const inPack = CEGO_54.filter((c) => cegoSuit(c) === suit);
    expect(inPack).toEqual(cards);
    const strengths = cards.map(cegoStrength);
    for (let i = 1; i < strengths.length; i++) expect(strengths[i - 1]).toBeGreaterThan(strengths[i] as number);
  });

  it('ranks the trumps Stiess highest, then 21 down to the Pfeife', () => {
    const strengths = TRUMP_LABELS.map(cegoStrength);
    expect(strengths[0]).toBe(22);
    for (let i = 1; i < strengths.length; i++) expect(strengths[i - 1]).toBeGreaterThan(strengths[i] as number);
    for (const t of TRUMP_LABELS) expect(cegoSuit(t)).toBe('T');
  });

  it.each(['A♣', '10♥', '1♥', '5♥', '6♠', 'A♠', '22', '0', 'K', 'Fool', 'stiess'])('does not contain %s', (label) => {
    expect(CEGO_54).not.toContain(label);
  });

  it('knows the Kings and nothing else as Kings', () => {
    expect(CEGO_54.filter(isKing)).toEqual(['K♣', 'K♠', 'K♥', 'K♦']);
  });
});

describe('card values', () => {
  it.each([
    ['Stiess', 5],
    ['21', 5],
    ['1', 5],
    ['K♥', 5],
    ['K♣', 5],
    ['Q♦', 4],
    ['Q♠', 4],
    ['C♥', 3],
    ['C♣', 3],
    ['J♦', 2],
    ['J♠', 2],
    ['20', 1],
    ['2', 1],
    ['A♥', 1],
    ['4♦', 1],
    ['10♣', 1],
    ['7♠', 1],
  ])('%s is worth %i', (card, value) => {
    expect(cardValue(card)).toBe(value);
  });

  it('adds up to 106 over the pack: 15 for the Trull, 19 for the other trumps, 20 + 16 + 12 + 8 for the courts, 16 for the rest', () => {
    const sum = (cards: readonly CegoCard[]) => cards.reduce((a, c) => a + cardValue(c), 0);
    expect(sum(CEGO_54)).toBe(106);
    expect(sum([STIESS, '21', PFEIFE])).toBe(15);
    expect(sum(TRUMPS.filter((t) => t !== STIESS && t !== '21' && t !== PFEIFE))).toBe(19);
    expect(['K', 'Q', 'C', 'J'].map((r) => sum(CEGO_54.filter((c) => !isTrump(c) && c.startsWith(r))))).toEqual([20, 16, 12, 8]);
    expect(CEGO_54.filter((c) => cardValue(c) === 1)).toHaveLength(19 + 16);
  });
});

describe('Tarock counting (countPile)', () => {
  it.each([
    ['[K, Q, trump 7]', 8, ['K♥', 'Q♠', '7']],
    ['[Stiess, 7♣]', 5, ['Stiess', '7♣']],
    ['[Q] alone', 3, ['Q♦']],
    ['three empty cards', 1, ['2', 'A♥', '8♠']],
    ['the whole pack', 70, [...CEGO_54]],
    ['an empty pile', 0, []],
    ['a King alone', 4, ['K♣']],
    ['two groups of three Kings and trumps', 26, ['K♥', 'K♦', 'Stiess', '21', '1', 'K♠']],
    ['four cards (a group and one left over: 14 − 2 − 1)', 11, ['K♥', 'Q♥', 'C♥', 'J♥']],
  ] as [string, number, CegoCard[]][])('counts %s as %i', (_name, points, cards) => {
    expect(countPile(cards)).toBe(points);
  });

  it('follows sum − 2·floor(n/3) − (n mod 3 ≠ 0 ? 1 : 0) for any pile', () => {
    fc.assert(
      fc.property(fc.subarray([...CEGO_54]), (pile) => {
        const sum = pile.reduce((a, c) => a + cardValue(c), 0);
        const n = pile.length;
        expect(countPile(pile)).toBe(n === 0 ? 0 : sum - 2 * Math.floor(n / 3) - (n % 3 !== 0 ? 1 : 0));
      }),
    );
  });

  it('splits the pack into two piles that always count 70 together, whatever their sizes', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([...CEGO_54]), (pile) => {
        const rest = CEGO_54.filter((c) => !pile.includes(c));
        expect(countPile(pile) + countPile(rest)).toBe(70);
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ['Dreier', 3, 69],
    ['Zweier', 4, 69],
    ['Einer', 5, 68],
    ['Solo', 6, 68],
  ])('lets the unused blind of %s (%i cards) count at least 70 − %i for the defenders', (_contract, size, max) => {
    // The declarer's maximum (digest § Exchange): the cheapest possible unused blind.
    const cheapest = CEGO_54.filter((c) => cardValue(c) === 1).slice(0, size);
    expect(70 - countPile(cheapest)).toBe(max);
    fc.assert(
      fc.property(fc.shuffledSubarray([...CEGO_54], { minLength: size, maxLength: size }), (rest) => {
        expect(countPile(rest)).toBeGreaterThanOrEqual(70 - max);
      }),
      { numRuns: 200 },
    );
  });
});

describe('parsing typed cards', () => {
  it.each([...CEGO_54])('round-trips %s', (card) => {
    expect(parseCego(card)).toBe(card);
  });

  it.each([
    ['stiess', 'Stiess'],
    ['STIESS', 'Stiess'],
    ['Gstieß', 'Stiess'],
    ['gstiess', 'Stiess'],
    ['Sküs', 'Stiess'],
    ['fool', 'Stiess'],
    ['  21 ', '21'],
    ['1', '1'],
    ['10', '10'],
    ['CH', 'C♥'],
    ['ch', 'C♥'],
    ['qd', 'Q♦'],
    ['10c', '10♣'],
    ['7S', '7♠'],
    ['AH', 'A♥'],
    ['2d', '2♦'],
    ['k♠', 'K♠'],
    ['A♡', 'A♥'],
    ['4♢', '4♦'],
    ['K♥\uFE0F', 'K♥'],
  ])('parses "%s" as %s', (input, card) => {
    expect(parseCego(input)).toBe(card);
  });

  it.each(['', ' ', '0', '22', '23', 'K', '♥', '10♥', 'A♣', '1♥', '5♦', '6♠', 'B♥', 'KX', 'Stiess♥', 'joker'])('refuses "%s"', (input) => {
    expect(() => parseCego(input)).toThrow(/Not a card of the Cego pack/);
  });
});
