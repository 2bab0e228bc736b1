/**
 * How Réunion's records read in the reader's language: a deal per line as on the score sheet, the result in units
 * with card points, and the game's counts for /stats (src/games/reunion/records.ts names them).
 */
import { type DealScore, type ReunionResult, STAUBAUS_UNITS } from '../../../games/reunion/index.ts';
import type { Locale } from '../../../i18n/index.ts';
import { countIn, nameOf } from '../../kit/format.ts';
import type { Names, RecordUi } from '../types.ts';
import { activeOf, cardLabel, dealScores, signedUnits, unitsText } from './format.ts';

/**
 * A Réunion deal (docs/rules/reunion.md § Card points, § Side payments, § Variants): dealer, trump and turn-up, card
 * points per player as on the score sheet ("/" for a Stange, underlined for a trickless dealer who scored through the
 * discard) and, with 4 or 5 players, who sat out; the bower captures and the no-trick payments; or, for a Staubaus
 * deal, the announcer, its suit, the named card and whether it was won (the 4-unit payments).
 */
function dealLine(loc: Locale, d: DealScore, names: Names): string {
  const parts = [
    loc.t('reunion:records.deal', { deal: d.dealNo + 1, dealer: nameOf(names, d.dealer), trump: d.trump, turnUp: cardLabel(loc)(d.turnUp) }),
    loc.t('reunion:records.cardPoints', { scores: dealScores(loc, d, names) }),
  ];
  const s = d.staubaus;
  if (s) {
    const units = unitsText(loc, STAUBAUS_UNITS);
    const vars = { name: nameOf(names, s.announcer), suit: s.suit, named: cardLabel(loc)(s.named), units };
    parts.push(loc.t(s.won ? 'reunion:records.staubausWon' : 'reunion:records.staubausLost', vars));
    return parts.join(' · ');
  }
  for (const p of d.sidePayments.filter((x) => x.reason === 'bower'))
    parts.push(loc.t('reunion:records.bower', { to: nameOf(names, p.to), from: nameOf(names, p.from), units: unitsText(loc, p.units) }));
  for (const seat of activeOf(d))
    if (d.tricks[seat] === 0) parts.push(loc.t('reunion:records.noTrick', { name: nameOf(names, seat), units: unitsText(loc, 1) }));
  return parts.join(' · ');
}

/** Réunion's `RecordUi` (see src/discord/games/types.ts). */
export const reunionRecordUi: RecordUi<DealScore, ReunionResult> = {
  unit: (loc, count) => loc.t('reunion:records.unit', { count }),
  column: (loc) => loc.t('reunion:records.column'),
  penalty: false,
  dealLine,
  resultLine: (loc, order, { totals }) =>
    order
      .map((o) =>
        loc.t('reunion:records.result', { trophy: o.trophy, who: o.who, net: signedUnits(loc, o.measure), points: loc.number(totals[o.seat] ?? 0) }),
      )
      .join(' · '),
  /** Bowers captured and lost, and Stangen. */
  countsLine: (loc, counts) =>
    loc.t('reunion:records.counts', {
      captured: loc.number(countIn(counts, 'bowersCaptured')),
      lost: loc.number(countIn(counts, 'bowersLost')),
      stangen: loc.number(countIn(counts, 'stangen')),
    }),
};
