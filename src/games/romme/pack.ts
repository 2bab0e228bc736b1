/**
 * The Rommé pack: two 52-card French packs plus jokers (6, option 4) = 110 cards. Every physical card
 * has its own id, `<label>/<copy>` — `7♥/0` and `7♥/1` are the two seven of hearts, `Joker/0` … `Joker/5`
 * the jokers — so two identical cards are never confused. Labels: `A♠`, `10♥`, `K♦`, `Joker`.
 * Rule source: docs/rules/romme.md § Pack, § Card values.
 */
import { JOKER, RANKS_52, SUITS, type Suit } from '../../cards/french.ts';

export type { Suit } from '../../cards/french.ts';

/** A physical card: `<label>/<copy>`. */
export type CardId = string;

/** Ranks A 2 … 10 J Q K; the number is the rank's position with the ace low (1) — ace high is 14. */
export const ROMME_RANKS = RANKS_52;
export type RommeRank = (typeof ROMME_RANKS)[number];

export { JOKER };

/** The pack's card ids in a fixed order: both packs suit by suit, A to K, then the jokers. */
export function rommePack(jokers: number): CardId[] {
  const ids: CardId[] = [];
  for (let copy = 0; copy < 2; copy++) for (const s of SUITS) for (const r of ROMME_RANKS) ids.push(`${r}${s}/${copy}`);
  for (let j = 0; j < jokers; j++) ids.push(`${JOKER}/${j}`);
  return ids;
}

/** The label of a card id: `7♥`, `Joker`. */
export const labelOf = (id: CardId): string => id.slice(0, id.indexOf('/'));

export const isJoker = (id: CardId): boolean => id.startsWith(JOKER);

/** Suit of a natural card (by id or label). */
export const suitOfCard = (card: string): Suit => labelOf(card.includes('/') ? card : `${card}/`).slice(-1) as Suit;

/** Rank number of a natural card (by id or label), ace = 1. */
export function rankNumber(card: string): number {
  const label = card.includes('/') ? labelOf(card) : card;
  return ROMME_RANKS.indexOf(label.slice(0, -1) as RommeRank) + 1;
}

/** Label of the natural card with rank number `rank` (1–14; 14 is the ace) in `suit`. */
export const labelFor = (rank: number, suit: Suit): string => `${ROMME_RANKS[(rank - 1) % 13]}${suit}`;

/** Value of a rank number when melded: 2–10 face value, J Q K 10, ace 1 when low (1), 11 when high (14) or in a set. */
export function meldValue(rank: number): number {
  if (rank === 1) return 1;
  if (rank === 14) return 11;
  return Math.min(rank, 10);
}

/** Penalty points of a card left in hand: 2–10 face value, J Q K 10, ace 11, joker `jokerValue` (30, option 20 or 25). */
export function handValue(id: CardId, jokerValue: number): number {
  if (isJoker(id)) return jokerValue;
  const r = rankNumber(id);
  return r === 1 ? 11 : Math.min(r, 10);
}

export { SUITS };
