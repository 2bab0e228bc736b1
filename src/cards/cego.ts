/**
 * The 54-card Cego pack for Dreierles: 22 trumps (Stiess, 21 … 1) and four 8-card suits. Red suits
 * rank K Q C J A 2 3 4, black suits K Q C J 10 9 8 7. A card is its label: `Stiess`, `21`, `1`, `C♥`, `10♣`.
 * Rule source: docs/rules/dreierles.md § Pack, § Card points.
 */
import type { Suit } from './french.ts';

export type { Suit } from './french.ts';

/** A Cego card label. Trumps are `Stiess` and `1` … `21`; suit cards are rank + suit symbol. */
export type CegoCard = string;

export const STIESS = 'Stiess';
/** Trump 1, the Pfeife (Pagat). */
export const PFEIFE = '1';

/** Ranks of the red suits (♥ ♦), high to low. */
export const RED_RANKS = ['K', 'Q', 'C', 'J', 'A', '2', '3', '4'] as const;
/** Ranks of the black suits (♣ ♠), high to low. */
export const BLACK_RANKS = ['K', 'Q', 'C', 'J', '10', '9', '8', '7'] as const;

const SUIT_LIST: readonly Suit[] = ['♣', '♠', '♥', '♦'];
const ranksOf = (suit: Suit): readonly string[] => (suit === '♥' || suit === '♦' ? RED_RANKS : BLACK_RANKS);

/** The 22 trumps, highest first: Stiess, 21 … 1. */
export const TRUMPS: readonly CegoCard[] = [STIESS, ...Array.from({ length: 21 }, (_, i) => String(21 - i))];

/** The 54 cards in a fixed order: trumps high to low, then ♣ ♠ ♥ ♦ each high to low. */
export const CEGO_54: readonly CegoCard[] = [...TRUMPS, ...SUIT_LIST.flatMap((s) => ranksOf(s).map((r) => `${r}${s}`))];

const CARD_SET = new Set(CEGO_54);

/** Facts about each card, precomputed as plain lookups: suit ('T' for trumps), strength in its suit (higher wins), value. */
const SUIT: Record<CegoCard, Suit | 'T'> = {};
const STRENGTH: Record<CegoCard, number> = {};
const VALUE: Record<CegoCard, number> = {};
TRUMPS.forEach((t, i) => {
  SUIT[t] = 'T';
  STRENGTH[t] = 22 - i;
  VALUE[t] = t === STIESS || t === '21' || t === PFEIFE ? 5 : 1;
});
for (const s of SUIT_LIST)
  ranksOf(s).forEach((r, i) => {
    const card = `${r}${s}`;
    SUIT[card] = s;
    STRENGTH[card] = 8 - i;
    VALUE[card] = ({ K: 5, Q: 4, C: 3, J: 2 } as Record<string, number>)[r] ?? 1;
  });

/** True for the 22 trumps. */
export const isTrump = (card: CegoCard): boolean => SUIT[card] === 'T';
/** 'T' for trumps, else the suit symbol. */
export const cegoSuit = (card: CegoCard): Suit | 'T' => SUIT[card] as Suit | 'T';
/** Strength within the card's suit: trumps Stiess 22, 21 … 1; suit cards K 8 … lowest 1. */
export const cegoStrength = (card: CegoCard): number => STRENGTH[card] as number;
/** Counting value: Stiess, 21, 1 and Kings 5; Queens 4; Cavaliers 3; Jacks 2; every other card 1. */
export const cardValue = (card: CegoCard): number => VALUE[card] as number;
export const isKing = (card: CegoCard): boolean => card.startsWith('K');

/**
 * Card points of a pile by Tarock counting: groups of three are worth their values' sum minus 2, a
 * leftover of 1 or 2 cards its sum minus 1 — `sum − 2·floor(n/3) − (n mod 3 ≠ 0 ? 1 : 0)`. The whole pack counts 70.
 */
export function countPile(cards: readonly CegoCard[]): number {
  let sum = 0;
  for (const c of cards) sum += cardValue(c);
  const n = cards.length;
  return n === 0 ? 0 : sum - 2 * Math.floor(n / 3) - (n % 3 ? 1 : 0);
}

/** Parse a typed card: `Stiess` (also `Sküs`, `Gstieß`, `Fool`), `1`–`21`, or rank + suit (`C♥`, `10♣`, letter suits `CH`). */
export function parseCego(text: string): CegoCard {
  const t = text.replace(/\uFE0F/g, '').trim();
  if (/^(stiess|gstie(ss|ß)|sküs|fool)$/i.test(t)) return STIESS;
  const letters: Record<string, Suit> = { C: '♣', S: '♠', H: '♥', D: '♦', '♡': '♥', '♢': '♦' };
  let card = t.toUpperCase();
  const last = card.slice(-1);
  if (card.length > 1 && letters[last] && !/^\d+$/.test(card)) card = card.slice(0, -1) + letters[last];
  if (!CARD_SET.has(card)) throw new Error(`Not a card of the Cego pack: "${text}"`);
  return card;
}
