/**
 * How Réunion's records read: a deal per line as on the score sheet, the result in units with card points, and
 * the game's counts for /stats (src/games/reunion/records.ts names them).
 */
import type { DealScore, ReunionResult } from '../../../games/reunion/index.ts';
import { countIn, nameOf, signed, units } from '../../render/format.ts';
import type { Names, RecordUi } from '../types.ts';
import { formatMark } from './format.ts';

/**
 * A Réunion deal (docs/rules/reunion.md § Card points, § Side payments): dealer, trump and turn-up, card points
 * per player as on the score sheet ("/" for a Stange, underlined for a trickless dealer who scored through the
 * discard), the bower captures and the no-trick payments.
 */
function dealLine(d: DealScore, names: Names): string {
  const parts = [
    `Deal ${d.dealNo + 1}: ${nameOf(names, d.dealer)} dealt, trump ${d.trump} (turn-up ${d.turnUp})`,
    `card points ${d.cardPoints.map((p, s) => `${nameOf(names, s)} ${formatMark(p, d.marks[s] ?? 'plain')}`).join(' · ')}`,
  ];
  for (const p of d.sidePayments.filter((x) => x.reason === 'bower'))
    parts.push(`${nameOf(names, p.to)} captured ${nameOf(names, p.from)}’s left bower (${units(p.units)})`);
  d.tricks.forEach((t, s) => {
    if (t === 0) parts.push(`no trick: ${nameOf(names, s)} pays ${units(1)} to each opponent`);
  });
  return parts.join(' · ');
}

/** Réunion's `RecordUi` (see src/discord/games/types.ts). */
export const reunionRecordUi: RecordUi<DealScore, ReunionResult> = {
  unit: (_loc, count) => (count === 1 ? 'unit' : 'units'),
  column: () => 'Units',
  penalty: false,
  dealLine: (_loc, deal, names) => dealLine(deal, names),
  resultLine: (_loc, order, { totals }) =>
    order
      .map((o) => `${o.trophy}${o.who} ${signed(o.measure)} ${Math.abs(o.measure) === 1 ? 'unit' : 'units'} (${totals[o.seat]} card points)`)
      .join(' · '),
  /** Bowers captured and lost, and Stangen. */
  countsLine: (_loc, counts) =>
    `Bowers captured ${countIn(counts, 'bowersCaptured')} · bowers lost ${countIn(counts, 'bowersLost')} · Stangen ${countIn(counts, 'stangen')}`,
};
