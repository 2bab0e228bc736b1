/**
 * Rommé scoring in penalty points: the cards left in hand when a deal ends (doubled after a Hand-Rommé),
 * the totals, and when the game is over (a number of deals, or a penalty limit).
 * Rule source: docs/rules/romme.md § Going out, § Scoring, § Game.
 */
import { type CardId, handValue } from './pack.ts';
import type { Seat } from '../types.ts';
import type { DealScore, RommeState } from './types.ts';

/**
 * The 100-deal stop of games by penalty limit stored before the option `uncappedDeals` (docs/rules/romme.md § Game):
 * they replay with it. New tables run to the limit: every deal charges each seat but the winner at least 2 points
 * (no card is worth less), so the game always ends.
 */
const OLD_DEAL_CAP = 100;

/** Deals in the game (null: until the penalty limit). */
export const totalDeals = (s: Pick<RommeState, 'options' | 'seats'>): number | null =>
  s.options.penaltyLimit > 0 ? null : s.options.deals > 0 ? s.options.deals : s.seats;

/** Penalty points of a hand. */
export const handPenalty = (hand: readonly CardId[], jokerValue: number): number => hand.reduce((t, c) => t + handValue(c, jokerValue), 0);

/** Totals per seat so far. */
export function totals(s: Pick<RommeState, 'seats' | 'deals'>): number[] {
  const t = new Array<number>(s.seats).fill(0);
  for (const d of s.deals) d.penalties.forEach((p, seat) => (t[seat] = (t[seat] as number) + p));
  return t;
}

/**
 * The score of the deal that ends now: `winner` went out (null: the stock ran out twice) and scores 0, every
 * other seat the penalty of its hand, doubled when the winner went out by Hand-Rommé (the option is on and it
 * had not melded before this turn).
 */
export function scoreDeal(s: RommeState, winner: Seat | null): DealScore {
  const handRomme = winner !== null && s.options.handRomme && !s.meldedBeforeTurn;
  const penalties = s.hands.map((h, seat) => (seat === winner ? 0 : handPenalty(h, s.options.jokerValue) * (handRomme ? 2 : 1)));
  return { dealNo: s.dealNo, dealer: s.dealer, winner, handRomme, penalties };
}

/**
 * Whether the game is over after the deals scored in `s`: the planned deals are played, or a total reached the
 * limit (or, in a game stored before `uncappedDeals`, the 100th deal is scored).
 */
export function gameIsOver(s: Pick<RommeState, 'options' | 'seats' | 'deals'>): boolean {
  const planned = totalDeals(s);
  if (planned !== null) return s.deals.length >= planned;
  return totals(s).some((t) => t >= s.options.penaltyLimit) || (!s.options.uncappedDeals && s.deals.length >= OLD_DEAL_CAP);
}
