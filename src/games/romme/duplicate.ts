/**
 * Rommé's measure of one deal for a duplicate night (pure). Rule source: docs/rules/romme.md § Going out: a deal's
 * result for a seat is minus its penalty points of the deal (`DealScore.penalties`; 0 for the winner), so higher
 * is better as in the records. Every seat plays every deal.
 */
import type { DealScore } from './types.ts';

/** Per deal (in order), per seat: minus the seat's penalty points of the deal. */
export function rommeDealMeasures(deals: readonly DealScore[], seats: number): number[][] {
  // 0 − points, not −points: a winner without penalty points gets 0, not −0.
  return deals.map((d) => Array.from({ length: seats }, (_, seat) => 0 - (d.penalties[seat] as number)));
}
