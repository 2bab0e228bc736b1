/**
 * Compact cards for the Réunion computer players: a card is its index 0..31 in `FRENCH_32` (suit ♣ ♠ ♥ ♦,
 * then rank A K Q J 10 9 8 7), a set of cards is a 32-bit mask (bit i = card i, read with `>>> 0`). Per trump
 * suit, a table gives each card's effective suit, trick strength and card points, so the policies and the
 * rollouts never touch strings in their inner loops.
 * Rule source: docs/rules/reunion.md § Trumps and ranking, § Card points.
 */
import { type Card, FRENCH_32, type Suit, SUITS } from '../../cards/french.ts';
import type { Rng } from '../../cards/random.ts';
import { cardPoints, effectiveSuit, leftBower, rightBower, strength } from '../../games/reunion/ranking.ts';

/** Index of each card label in `FRENCH_32`. */
const INDEX = new Map<Card, number>(FRENCH_32.map((c, i) => [c, i]));

/** The card index (0..31) of a label. */
export function cardIndex(card: Card): number {
  return INDEX.get(card) as number;
}

/** The label of a card index. */
export function cardLabel(index: number): Card {
  return FRENCH_32[index] as Card;
}

/** Suit index 0..3 (♣ ♠ ♥ ♦) of a suit symbol. */
export function suitIndex(suit: Suit): number {
  return SUITS.indexOf(suit);
}

/** Mask of a list of labels. */
export function maskOf(cards: readonly Card[]): number {
  let m = 0;
  for (const c of cards) m |= 1 << cardIndex(c);
  return m >>> 0;
}

/** Labels of a mask, in index order. */
export function labelsOf(mask: number): Card[] {
  const out: Card[] = [];
  for (let m = mask >>> 0; m !== 0; m = (m & (m - 1)) >>> 0) out.push(cardLabel(lowestBit(m)));
  return out;
}

/** Index of the lowest set bit of a non-zero mask. */
export function lowestBit(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}

/** Number of cards in a mask. */
export function popcount(mask: number): number {
  let m = mask >>> 0;
  m = m - ((m >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return (((m + (m >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Everything the players need to know about the cards once trumps are fixed. In the suit game (Große Ekart,
 * § Variants) every jack is a trump (11 trumps) and each plain suit has 7 cards.
 */
export interface TrumpTable {
  trump: number;
  /** True in the suit game (Große Ekart): all four jacks are trumps. */
  suitGame: boolean;
  /** Effective suit 0..3 of each card (the left bower belongs to trumps; in the suit game every jack). */
  suit: Int8Array;
  /** Trick strength of each card within its effective suit; trumps are all above 100, plain cards 1..8. */
  power: Int16Array;
  /** Card points of each card (bowers 12, A 11, 10 10, K 4, Q 3, other jacks 2, 9-8-7 none). */
  points: Int8Array;
  /** Mask of the cards of each effective suit. */
  suitMask: number[];
  /** Mask of the trumps (9 cards; 11 in the suit game). */
  trumpMask: number;
  rightBower: number;
  leftBower: number;
  /** Aces (may not be discarded). */
  aceMask: number;
  /** Tens (at most one may be discarded). */
  tenMask: number;
  /** The cards of each effective suit from strongest to weakest. */
  bySuitHighToLow: number[][];
}

function buildTable(trump: Suit, suitGame: boolean): TrumpTable {
  const t = suitIndex(trump);
  const suit = new Int8Array(32);
  const power = new Int16Array(32);
  const points = new Int8Array(32);
  const suitMask = [0, 0, 0, 0];
  let aceMask = 0;
  let tenMask = 0;
  FRENCH_32.forEach((card, i) => {
    const s = suitIndex(effectiveSuit(card, trump, suitGame));
    suit[i] = s;
    power[i] = strength(card, trump, suitGame);
    points[i] = cardPoints(card, trump);
    suitMask[s] = (suitMask[s]! | (1 << i)) >>> 0;
    if (card.startsWith('A')) aceMask = (aceMask | (1 << i)) >>> 0;
    if (card.startsWith('10')) tenMask = (tenMask | (1 << i)) >>> 0;
  });
  const bySuitHighToLow = suitMask.map((m) =>
    labelsOf(m)
      .map(cardIndex)
      .sort((a, b) => power[b]! - power[a]!),
  );
  return {
    trump: t,
    suitGame,
    suit,
    power,
    points,
    suitMask,
    trumpMask: suitMask[t] as number,
    rightBower: cardIndex(rightBower(trump)),
    leftBower: cardIndex(leftBower(trump)),
    aceMask,
    tenMask,
    bySuitHighToLow,
  };
}

const TABLES = SUITS.map((s) => buildTable(s, false));
const SUIT_GAME_TABLES = SUITS.map((s) => buildTable(s, true));

/** The card table for a trump suit; `suitGame` for the Große Ekart suit game (every jack a trump, § Variants). */
export function tableFor(trump: Suit, suitGame = false): TrumpTable {
  return (suitGame ? SUIT_GAME_TABLES : TABLES)[suitIndex(trump)] as TrumpTable;
}

/** Sum of card points of a mask. */
export function maskPoints(t: TrumpTable, mask: number): number {
  let total = 0;
  for (let m = mask >>> 0; m !== 0; m = (m & (m - 1)) >>> 0) total += t.points[lowestBit(m)]!;
  return total;
}

/** The full pack as a mask. */
export const ALL_CARDS = 0xffffffff >>> 0;

/**
 * A fast PRNG (sfc32) for the search's inner loops, keyed by four draws of `seed` (the seeded ChaCha20 stream
 * of src/cards/random.ts, which costs too much per draw for sampling thousands of deals per decision).
 */
export function fastRng(seed: Rng): Rng {
  let a = (seed() * 4294967296) >>> 0;
  let b = (seed() * 4294967296) >>> 0;
  let c = (seed() * 4294967296) >>> 0;
  let d = (seed() * 4294967296) >>> 0 || 1;
  return () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
}
