/**
 * How Rommé's records read in the reader's language: a deal per line (who went out, the penalty points), the result
 * as penalty points, fewest first, and the game's counts for /stats (src/games/romme/records.ts).
 */
import type { Locale } from '../../../i18n/index.ts';
import type { DealScore, RommeResult } from '../../../games/romme/index.ts';
import { countIn, nameOf, perSeat } from '../../kit/format.ts';
import type { Names, RecordUi } from '../types.ts';

/** A Rommé deal (docs/rules/romme.md § Going out): who went out (Hand-Rommé) and the penalty points. */
function dealLine(loc: Locale, d: DealScore, names: Names): string {
  const out =
    d.winner === null
      ? loc.t('romme:records.noWinner')
      : loc.t(d.handRomme ? 'romme:records.wentOutHand' : 'romme:records.wentOut', { name: nameOf(names, d.winner) });
  const list = perSeat(d.penalties, names, (n) => loc.number(n));
  return loc.t('romme:records.deal', { deal: d.dealNo + 1, dealer: nameOf(names, d.dealer), out, list });
}

/** Rommé's `RecordUi` (see src/discord/games/types.ts). */
export const rommeRecordUi: RecordUi<DealScore, RommeResult> = {
  unit: (loc, count) => loc.t('romme:records.unit', { count }),
  column: (loc) => loc.t('romme:records.column'),
  penalty: true,
  dealLine,
  resultLine: (loc, order) =>
    order
      .map((o) => {
        const points = 0 - o.measure;
        return loc.t('romme:records.result', { count: points, points: loc.number(points), rank: o.rank, who: o.who });
      })
      .join(' · '),
  /** Hand-Rommé, deals won and average penalty points per deal. */
  countsLine(loc, counts) {
    const deals = countIn(counts, 'deals');
    const average = loc.number(deals ? countIn(counts, 'penalty') / deals : 0, { maximumFractionDigits: 1 });
    return loc.t('romme:records.counts', {
      handRomme: loc.number(countIn(counts, 'handRomme')),
      won: loc.number(countIn(counts, 'dealsWon')),
      deals: loc.number(deals),
      average,
    });
  },
};
