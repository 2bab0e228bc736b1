/**
 * Dreierles' measure of one deal for a duplicate night (pure). Rule source: docs/rules/dreierles.md § Scoring: a
 * deal's result for a seat is its net game points of the deal (`DealScore.net`, summing to zero over the seats).
 * With four players the dealer sits the deal out: null.
 */
import { activeIn } from './scoring.ts';
import type { DealScore } from './types.ts';

/** Per deal (in order), per seat: the seat's net game points of the deal, or null when it sat the deal out. */
export function dreierlesDealMeasures(deals: readonly DealScore[], seats: number): (number | null)[][] {
  return deals.map((d) => Array.from({ length: seats }, (_, seat) => (activeIn(d, seat, seats) ? (d.net[seat] as number) : null)));
}
