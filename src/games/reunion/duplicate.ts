/**
 * Réunion's measure of one deal for a duplicate night (pure). Rule source: docs/rules/reunion.md § Game and
 * settlement: the game is decided by card-point totals over the deals, so a deal's result for a seat is the card
 * points it took in that deal (the dealer's discard included, 0–150 per seat, 150 per deal). A seat that sat out
 * the deal (4 or 5 players) has none: null.
 */
import type { DealScore } from './types.ts';

/** Per deal (in order), per seat: the card points the seat took, or null when it sat the deal out. */
export function reunionDealMeasures(deals: readonly DealScore[], seats: number): (number | null)[][] {
  return deals.map((d) =>
    Array.from({ length: seats }, (_, seat) => ((d.active ?? [0, 1, 2]).includes(seat) ? (d.cardPoints[seat] as number) : null)),
  );
}
