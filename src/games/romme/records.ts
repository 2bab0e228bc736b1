/**
 * What a finished Rommé game contributes to its record. Rule source: docs/rules/romme.md.
 *
 * - `deals`: `RommeResult.deals`, the engine's `DealScore`s in order.
 * - `measure`: minus the seat's penalty total (`RommeResult.totals`; § Going out: "every other player scores minus
 *   the points of the cards left in their hand"), so higher is better.
 * - `rank`: `RommeResult.ranks` (lowest penalty total first, equal totals share the rank; § Game).
 * - `counts` (integers, summed for /stats):
 *   - `handRomme`: deals the seat won by Hand-Rommé (option; § Going out);
 *   - `dealsWon`: deals the seat won by going out (a deal whose stock ran out twice has no winner);
 *   - `deals`: deals played;
 *   - `penalty`: penalty points over the game (so penalty / deals is the average per deal).
 */
import type { GameRecords } from '../types.ts';
import type { DealScore, RommeMove, RommeOptions, RommeResult } from './types.ts';
import { rommeDealMeasures } from './duplicate.ts';

/** Counts of one seat over the game's deals (see the module comment). */
export function rommeCounts(deals: readonly DealScore[], seat: number): Record<string, number> {
  let handRomme = 0;
  let dealsWon = 0;
  let penalty = 0;
  for (const d of deals) {
    if (d.winner === seat) {
      dealsWon++;
      if (d.handRomme) handRomme++;
    }
    penalty += d.penalties[seat] as number;
  }
  return { handRomme, dealsWon, deals: deals.length, penalty };
}

/** Rommé's `GameRecords`: the scoreboard's default order and the summary of a finished game (see the module comment). */
export const rommeRecords: GameRecords<RommeOptions, RommeMove, RommeResult, DealScore> = {
  dealMeasures: rommeDealMeasures,
  defaultSort: 'wins',
  summarize({ result, seats }) {
    const outcomes = Array.from({ length: seats }, (_, seat) => {
      const rank = result.ranks[seat] as number;
      // 0 − total, not −total: a winner without penalty points gets 0, not −0.
      return { measure: 0 - (result.totals[seat] as number), rank, win: rank === 1, counts: rommeCounts(result.deals, seat) };
    });
    return { deals: result.deals, outcomes };
  },
};
