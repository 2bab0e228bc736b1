/**
 * Card facts the Dreierles players share: who is winning a trick, which card beats it, hand strength.
 * Rule source: docs/rules/dreierles.md § Pack, § Card points, § Play.
 */
import { type CegoCard, PFEIFE, STIESS, cardValue, cegoStrength, cegoSuit, isKing, isTrump } from '../../cards/cego.ts';
import type { Play } from '../../games/dreierles/types.ts';

export { PFEIFE, STIESS, cardValue, cegoStrength, cegoSuit, isKing, isTrump };

/** The four plain suits. */
export const SUITS = ['♣', '♠', '♥', '♦'] as const;

/** The play currently winning a (possibly incomplete, non-empty) trick: highest trump, else highest card of the suit led. */
export function winningPlay(trick: readonly Play[]): Play {
  const first = trick[0] as Play;
  const led = cegoSuit(first.card);
  let best = first;
  for (let i = 1; i < trick.length; i++) {
    const p = trick[i] as Play;
    if (beats(p.card, best.card, led)) best = p;
  }
  return best;
}

/** Whether `card` beats `best` (the card winning so far) in a trick led in suit `led` ('T' for trumps). */
export function beats(card: CegoCard, best: CegoCard, led: string): boolean {
  const s = cegoSuit(card);
  const b = cegoSuit(best);
  if (s === 'T') return b !== 'T' || cegoStrength(card) > cegoStrength(best);
  return b !== 'T' && s === led && b === led && cegoStrength(card) > cegoStrength(best);
}

/** Sum of the counting values of `cards` (raw values: 5 for Stiess, 21, 1 and Kings, 4 Q, 3 C, 2 J, 1 else). */
export function rawValue(cards: readonly CegoCard[]): number {
  let sum = 0;
  for (const c of cards) sum += cardValue(c);
  return sum;
}

/** Number of trumps in `hand`. */
export function trumpCount(hand: readonly CegoCard[]): number {
  let n = 0;
  for (const c of hand) if (isTrump(c)) n++;
  return n;
}

/**
 * A hand-strength count for bidding (in "strength points", no game meaning): 1 per trump, +2.5 for the
 * Stiess, +1.5 for the 21, +1 for trumps 18–20, +1.5 per King, +1 per void plain suit, +0.5 per singleton.
 */
export function handStrength(hand: readonly CegoCard[]): number {
  let score = 0;
  const bySuit: Record<string, number> = { '♣': 0, '♠': 0, '♥': 0, '♦': 0 };
  for (const c of hand) {
    if (isTrump(c)) {
      score += 1;
      if (c === STIESS) score += 2.5;
      else if (c === '21') score += 1.5;
      else if (cegoStrength(c) >= 18) score += 1;
    } else {
      bySuit[cegoSuit(c)] = (bySuit[cegoSuit(c)] as number) + 1;
      if (isKing(c)) score += 1.5;
    }
  }
  for (const s of SUITS) {
    const n = bySuit[s] as number;
    if (n === 0) score += 1;
    else if (n === 1) score += 0.5;
  }
  return score;
}
