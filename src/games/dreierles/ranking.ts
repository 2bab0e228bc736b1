/**
 * Trick play basics for Dreierles: follow suit, else trump, else anything; the highest trump wins,
 * else the highest card of the suit led. Rule source: docs/rules/dreierles.md § Play.
 */
import { type CegoCard, cegoStrength, cegoSuit } from '../../cards/cego.ts';
import type { Play } from './types.ts';

/** Cards of `hand` that may be played to `trick` by the basic rules (restrictions come on top, in legal.ts). */
export function basicPlayable(hand: readonly CegoCard[], trick: readonly Play[]): CegoCard[] {
  if (trick.length === 0) return hand.slice();
  const led = cegoSuit((trick[0] as Play).card);
  const follow = hand.filter((c) => cegoSuit(c) === led);
  if (follow.length) return follow;
  const trumps = hand.filter((c) => cegoSuit(c) === 'T');
  return trumps.length ? trumps : hand.slice();
}

/** How strongly `card` bids for a trick led in suit `led`: trumps above the suit led, other suits never win. */
function trickScore(card: CegoCard, led: string): number {
  const suit = cegoSuit(card);
  return suit === 'T' ? 100 + cegoStrength(card) : suit === led ? cegoStrength(card) : -1;
}

/** The play that wins a complete trick. */
export function trickWinner(plays: readonly Play[]): Play {
  const led = cegoSuit((plays[0] as Play).card);
  let best = plays[0] as Play;
  for (const p of plays) if (trickScore(p.card, led) > trickScore(best.card, led)) best = p;
  return best;
}

/** Sort a hand for display: trumps high to low, then ♣ ♥ ♠ ♦ each high to low. */
export function sortCego(hand: readonly CegoCard[]): CegoCard[] {
  const order = ['T', '♣', '♥', '♠', '♦'];
  return hand.slice().sort((a, b) => order.indexOf(cegoSuit(a)) - order.indexOf(cegoSuit(b)) || cegoStrength(b) - cegoStrength(a));
}
