/**
 * How Rommé's records read: a deal per line (who went out, the penalty points), the result as penalty points,
 * fewest first, and the game's counts for /stats (src/games/romme/records.ts).
 */
import type { DealScore, RommeResult } from '../../../games/romme/index.ts';
import { countIn, decimal, nameOf, perSeat, plural } from '../../render/format.ts';
import type { Names, RecordUi } from '../types.ts';

/** A Rommé deal (docs/rules/romme.md § Going out): who went out (Hand-Rommé) and the penalty points. */
function dealLine(d: DealScore, names: Names): string {
  const out =
    d.winner === null
      ? 'the stock ran out twice, no one went out'
      : `${nameOf(names, d.winner)} went out${d.handRomme ? ' by Hand-Rommé (penalties doubled)' : ''}`;
  return `Deal ${d.dealNo + 1}: ${nameOf(names, d.dealer)} dealt, ${out} · penalty points ${perSeat(d.penalties, names)}`;
}

/** Rommé's `RecordUi` (see src/discord/games/types.ts). */
export const rommeRecordUi: RecordUi<DealScore, RommeResult> = {
  unit: (_loc, count) => (count === 1 ? 'penalty point' : 'penalty points'),
  column: () => 'Penalty',
  penalty: true,
  dealLine: (_loc, deal, names) => dealLine(deal, names),
  resultLine: (_loc, order) => order.map((o) => `${o.rank}. ${o.who} ${plural(0 - o.measure, 'penalty point')}`).join(' · '),
  /** Hand-Rommé, deals won and average penalty points per deal. */
  countsLine(loc, counts) {
    const deals = countIn(counts, 'deals');
    const average = deals ? decimal(loc, countIn(counts, 'penalty') / deals, 1) : '0';
    return `Hand-Rommé ${countIn(counts, 'handRomme')} · deals won ${countIn(counts, 'dealsWon')} of ${deals} · average ${average} penalty points per deal`;
  },
};
