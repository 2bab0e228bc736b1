/**
 * What a finished Réunion game contributes to its record (pure). Rule source: docs/rules/reunion.md.
 *
 * - `deals`: the engine's `DealScore`s in order. A `ReunionResult` does not carry them, so the final state is
 *   rebuilt by replaying the move log with the engine (seed + options + moves; deterministic).
 * - `measure`: net units per seat (`ReunionResult.net`: side payments, Staubaus payments + settlement; § Game and
 *   settlement, § Variants), for every seat of the table (3 to 5). Sums to zero.
 * - `rank`: by card-point totals over the deals each seat played (`ReunionResult.totals`): the highest total wins and ties
 *   for it share the win (§ Game and settlement, Decision); 1 + the number of seats with a higher total.
 * - `counts` (integers, summed for /stats):
 *   - `bowersCaptured`: bower captures the seat won — side payments with reason `bower` it received (§ Side payments);
 *   - `bowersLost`: its left bower captured by the right bower — such payments it paid;
 *   - `stangen`: deals scored as a Stange "/" (no trick and no card points; mark `slash`). A trickless dealer who
 *     scored through the discard (mark `underlined`) is not counted (§ Side payments: "a slash (/) if they scored
 *     nothing at all");
 *   - `deals`: deals the seat played (3 in every game: with 4 or 5 players it sits out the others; § Variants).
 *   A Staubaus deal has no Stange marks and no bower captures (§ Variants).
 */
import type { GameRecords, PlayedGame } from '../types.ts';
import { replay } from './engine.ts';
import type { DealScore, ReunionMove, ReunionOptions, ReunionResult } from './types.ts';
import { reunionDealMeasures } from './duplicate.ts';

/** The per-deal scores of a finished game, rebuilt by replaying its move log (throws `IllegalMoveError` if it does not apply). */
export function reunionDeals(played: PlayedGame<ReunionOptions, ReunionMove, ReunionResult>): DealScore[] {
  return replay(played.options, played.seats, played.seed, played.moves).deals;
}

/** Counts of one seat over the deals (see the module comment). */
export function reunionCounts(deals: readonly DealScore[], seat: number): Record<string, number> {
  let bowersCaptured = 0;
  let bowersLost = 0;
  let stangen = 0;
  let played = 0;
  for (const d of deals) {
    if (!(d.active ?? [0, 1, 2]).includes(seat)) continue;
    played++;
    for (const p of d.sidePayments) {
      if (p.reason !== 'bower') continue;
      if (p.to === seat) bowersCaptured++;
      if (p.from === seat) bowersLost++;
    }
    if (d.marks[seat] === 'slash') stangen++;
  }
  return { bowersCaptured, bowersLost, stangen, deals: played };
}

/** Réunion's `GameRecords`: the scoreboard's default order and the summary of a finished game (see the module comment). */
export const reunionRecords: GameRecords<ReunionOptions, ReunionMove, ReunionResult, DealScore> = {
  dealMeasures: reunionDealMeasures,
  defaultSort: 'net',
  summarize(played) {
    const { result } = played;
    const deals = reunionDeals(played);
    const outcomes = Array.from({ length: played.seats }, (_, seat) => {
      const total = result.totals[seat] as number;
      const rank = 1 + result.totals.filter((t) => t > total).length;
      return { measure: result.net[seat] as number, rank, win: rank === 1, counts: reunionCounts(deals, seat) };
    });
    return { deals, outcomes };
  },
};
