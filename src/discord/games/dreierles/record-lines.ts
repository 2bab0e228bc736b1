/**
 * How Dreierles' records read, in the reader's language: a deal per line (contract, declarer, knocks, card points, or
 * Räuber), the result in game points (and their worth in euros at the table's tariff), and the game's counts for /stats
 * (src/games/dreierles/records.ts).
 */
import { activeIn } from '../../../games/dreierles/scoring.ts';
import { CONTRACTS, type DealScore, type DreierlesResult } from '../../../games/dreierles/types.ts';
import type { Locale } from '../../../i18n/index.ts';
import { countIn, nameOf, perSeat } from '../../kit/format.ts';
import type { Names, RecordUi } from '../types.ts';
import { contractName, signedNumber } from './format.ts';

/**
 * A Dreierles deal (docs/rules/dreierles.md § Scoring, § Räuber, § Four players): the dealer (who sits out with
 * four players); contract, declarer, knocks, card points and won or lost, or Räuber with the active players' card
 * points; then net game points per player (bonuses included).
 */
function dealLine(loc: Locale, d: DealScore, names: Names): string {
  const seats = d.net.length;
  const knocks = d.knocks ? loc.t('dreierles:deal.knocksParen', { count: d.knocks }) : '';
  const dealt = loc.t(activeIn(d, d.dealer, seats) ? 'dreierles:records.dealt' : 'dreierles:records.dealtSatOut', {
    no: d.dealNo + 1,
    dealer: nameOf(names, d.dealer),
  });
  const play =
    d.contract !== null && d.declarer !== null
      ? loc.t(d.won ? 'dreierles:records.won' : 'dreierles:records.lost', {
          declarer: nameOf(names, d.declarer),
          contract: contractName(loc, d.contract),
          knocks,
          declarerPoints: d.declarerPoints,
          defenderPoints: d.defenderPoints,
        })
      : loc.t('dreierles:records.raeuber', {
          knocks,
          points: (d.raeuberPoints ?? []).flatMap((p, s) => (activeIn(d, s, seats) ? [`${nameOf(names, s)} ${p}`] : [])).join(' · '),
        });
  return loc.t('dreierles:records.line', { dealt, play, net: perSeat(d.net, names, (n) => signedNumber(loc, n)) });
}

/** Dreierles' `RecordUi` (see src/discord/games/types.ts). */
export const dreierlesRecordUi: RecordUi<DealScore, DreierlesResult> = {
  unit: (loc, count) => loc.t('dreierles:records.unit', { count }),
  column: (loc) => loc.t('dreierles:records.column'),
  penalty: false,
  dealLine: (loc, deal, names) => dealLine(loc, deal, names),
  resultLine(loc, order, { tariff }) {
    return order
      .map((o) =>
        loc.t('dreierles:records.result', {
          count: Math.abs(o.measure),
          trophy: o.trophy,
          who: o.who,
          points: signedNumber(loc, o.measure),
          money: tariff ? loc.t('dreierles:records.money', { amount: loc.money(o.measure * tariff, { signed: true }) }) : '',
        }),
      )
      .join(' · ');
  },
  /** Contracts won/played as declarer (the contracts' German names in both languages), Pfeifen, Räuber played and lost. */
  countsLine(loc, counts) {
    const contracts = CONTRACTS.filter((c) => countIn(counts, `played:${c}`) > 0).map(
      (c) => `${contractName(loc, c)} ${countIn(counts, `won:${c}`)}/${countIn(counts, `played:${c}`)}`,
    );
    return loc.t('dreierles:records.counts', {
      contracts: contracts.length ? loc.t('dreierles:records.contracts', { list: contracts.join(', ') }) : loc.t('dreierles:records.noContract'),
      pfeifen: countIn(counts, 'pfeifen'),
      raeuber: countIn(counts, 'raeuber'),
      lost: countIn(counts, 'raeuberLost'),
    });
  },
};
