/**
 * How Dreierles' records read: a deal per line (contract, declarer, knocks, card points, or Räuber), the result in
 * game points (and cents at the table's tariff), and the game's counts for /stats (src/games/dreierles/records.ts).
 */
import { activeIn } from '../../../games/dreierles/records.ts';
import { CONTRACT_INFO, CONTRACTS, type DealScore, type DreierlesResult } from '../../../games/dreierles/types.ts';
import { countIn, nameOf, perSeat, plural, signed } from '../../render/format.ts';
import type { Names, RecordUi } from '../types.ts';

/**
 * A Dreierles deal (docs/rules/dreierles.md § Scoring, § Räuber, § Four players): the dealer (who sits out with
 * four players); contract, declarer, knocks, card points and won or lost, or Räuber with the active players' card
 * points; then net game points per player (bonuses included).
 */
function dealLine(d: DealScore, names: Names): string {
  const seats = d.net.length;
  const knocks = d.knocks ? ` (${plural(d.knocks, 'knock')})` : '';
  const dealt = `Deal ${d.dealNo + 1}: ${nameOf(names, d.dealer)} dealt${activeIn(d, d.dealer, seats) ? '' : ' and sat out'}`;
  const play =
    d.contract !== null && d.declarer !== null
      ? `${nameOf(names, d.declarer)} played ${CONTRACT_INFO[d.contract].name}${knocks}: ${d.declarerPoints} card points to ${d.defenderPoints}, ${d.won ? 'won' : 'lost'}`
      : `Räuber${knocks}: card points ${(d.raeuberPoints ?? [])
          .flatMap((p, s) => (activeIn(d, s, seats) ? [`${nameOf(names, s)} ${p}`] : []))
          .join(' · ')}`;
  return `${dealt} · ${play} · game points ${perSeat(d.net, names, signed)}`;
}

/** Dreierles' `RecordUi` (see src/discord/games/types.ts). */
export const dreierlesRecordUi: RecordUi<DealScore, DreierlesResult> = {
  unit: (_loc, count) => (count === 1 ? 'game point' : 'game points'),
  column: () => 'Points',
  penalty: false,
  dealLine: (_loc, deal, names) => dealLine(deal, names),
  resultLine(_loc, order, { tariff }) {
    const cents = (n: number): string => (tariff ? `, ${signed(n * tariff)}¢` : '');
    return order
      .map((o) => `${o.trophy}${o.who} ${signed(o.measure)} game point${Math.abs(o.measure) === 1 ? '' : 's'}${cents(o.measure)}`)
      .join(' · ');
  },
  /** Contracts won/played as declarer (German names from CONTRACT_INFO), Pfeifen, Räuber played and lost. */
  countsLine(_loc, counts) {
    const contracts = CONTRACTS.filter((c) => countIn(counts, `played:${c}`) > 0).map(
      (c) => `${CONTRACT_INFO[c].name} ${countIn(counts, `won:${c}`)}/${countIn(counts, `played:${c}`)}`,
    );
    const declared = contracts.length ? `Contracts won/played: ${contracts.join(', ')}` : 'No contract played as declarer';
    return `${declared} · Pfeifen ${countIn(counts, 'pfeifen')} · Räuber played ${countIn(counts, 'raeuber')}, lost ${countIn(counts, 'raeuberLost')}`;
  },
};
