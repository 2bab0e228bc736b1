/**
 * What a finished Dreierles session contributes to its record. Rule source: docs/rules/dreierles.md.
 *
 * - `deals`: `DreierlesResult.deals`, the engine's `DealScore`s in order.
 * - `measure`: net game points over the session (`DreierlesResult.totals`; § Scoring, § Session). Sums to zero.
 * - `rank`: by game points: 1 + the number of seats with more; equal totals share a rank.
 * - `counts` (integers, summed for /stats), with `<contract>` each id of `CONTRACTS` (dreier, zweier, einer, solo):
 *   - `played:<contract>`: deals the seat was declarer of that contract (§ Auction); every contract key is present;
 *   - `won:<contract>`: of those, deals the declarer won (36 card points or more; § Scoring);
 *   - `pfeifen`: Pfeife bonuses won as declarer — deals with a `pfeife` or `pfeifeRaus` payment to the seat (the
 *     Pfeife won in the last trick, announced or not; § Scoring, bonuses);
 *   - `raeuber`: Räuber deals the seat played in (everyone passed; § Räuber) — with four players the sitting-out
 *     dealer does not play (§ Four players);
 *   - `raeuberLost`: Räuber deals in which the seat paid: its net game points for the deal below zero;
 *   - `deals`: deals the seat was dealt cards in (every deal with three players; with four, all but those it dealt).
 */
import type { GameRecords } from '../types.ts';
import { CONTRACTS, type DealScore, type DreierlesMove, type DreierlesOptions, type DreierlesResult } from './types.ts';
import { dreierlesDealMeasures } from './duplicate.ts';
import { activeIn } from './scoring.ts';

/** Counts of one seat over the session's deals (see the module comment). */
export function dreierlesCounts(deals: readonly DealScore[], seat: number, seats: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of CONTRACTS) {
    counts[`played:${c}`] = 0;
    counts[`won:${c}`] = 0;
  }
  let pfeifen = 0;
  let raeuber = 0;
  let raeuberLost = 0;
  let played = 0;
  for (const d of deals) {
    if (!activeIn(d, seat, seats)) continue;
    played++;
    if (d.contract === null) {
      raeuber++;
      if ((d.net[seat] as number) < 0) raeuberLost++;
      continue;
    }
    if (d.declarer !== seat) continue;
    counts[`played:${d.contract}`] = (counts[`played:${d.contract}`] as number) + 1;
    if (d.won) counts[`won:${d.contract}`] = (counts[`won:${d.contract}`] as number) + 1;
    if (d.payments.some((p) => p.to === seat && (p.reason === 'pfeife' || p.reason === 'pfeifeRaus'))) pfeifen++;
  }
  return { ...counts, pfeifen, raeuber, raeuberLost, deals: played };
}

/** Dreierles' `GameRecords`: the scoreboard's default order and the summary of a finished game (see the module comment). */
export const dreierlesRecords: GameRecords<DreierlesOptions, DreierlesMove, DreierlesResult, DealScore> = {
  dealMeasures: dreierlesDealMeasures,
  defaultSort: 'net',
  summarize({ result, seats }) {
    const outcomes = Array.from({ length: seats }, (_, seat) => {
      const total = result.totals[seat] as number;
      const rank = 1 + result.totals.filter((t) => t > total).length;
      return { measure: total, rank, win: rank === 1, counts: dreierlesCounts(result.deals, seat, seats) };
    });
    return { deals: result.deals, outcomes };
  },
};
