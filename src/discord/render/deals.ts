/**
 * A recorded game in readable lines for `/replay` and `/history`: one line per deal and one line with the final
 * result in the game's own measure. Built from the record only (its deals, outcomes and result): everything in it
 * was public when the game finished. Player names are the seats' names as recorded.
 */
import { CONTRACT_INFO, type DealScore as DreierlesDeal, type DreierlesResult } from '../../games/dreierles/index.ts';
import type { DealScore as ReunionDeal, ReunionResult } from '../../games/reunion/index.ts';
import type { DealScore as RommeDeal } from '../../games/romme/index.ts';
import { activeIn } from '../../records/games/dreierles.ts';
import type { GameRecord } from '../../records/types.ts';
import type { Names } from '../games/types.ts';
import { formatMark } from '../games/reunion/format.ts';
import { nameOf, plainText, plural, signed, units } from './format.ts';

/** "Anna +2 · Bernd −1 · Carl −1" */
const perSeat = (values: readonly number[], names: Names, show: (n: number) => string = String): string =>
  values.map((v, s) => `${nameOf(names, s)} ${show(v)}`).join(' · ');

/**
 * A Réunion deal (../shared/rules/reunion.md § Card points, § Side payments): dealer, trump and turn-up, card points
 * per player as on the score sheet ("/" for a Stange, underlined for a trickless dealer who scored through the
 * discard), the bower captures and the no-trick payments.
 */
function reunionLine(d: ReunionDeal, names: Names): string {
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

/**
 * A Dreierles deal (../shared/rules/dreierles.md § Scoring, § Räuber, § Four players): the dealer (who sits out with
 * four players); contract, declarer, knocks, card points and won or lost, or Räuber with the active players' card
 * points; then net game points per player (bonuses included).
 */
function dreierlesLine(d: DreierlesDeal, names: Names): string {
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

/** A Rommé deal (../shared/rules/romme.md § Going out): who went out (Hand-Rommé) and the penalty points. */
function rommeLine(d: RommeDeal, names: Names): string {
  const out =
    d.winner === null
      ? 'the stock ran out twice, no one went out'
      : `${nameOf(names, d.winner)} went out${d.handRomme ? ' by Hand-Rommé (penalties doubled)' : ''}`;
  return `Deal ${d.dealNo + 1}: ${nameOf(names, d.dealer)} dealt, ${out} · penalty points ${perSeat(d.penalties, names)}`;
}

/** The players' names, markdown escaped (the lines themselves carry markdown on purpose). */
const namesOf = (record: GameRecord): Names => record.outcomes.map((o) => plainText(o.name));

/** One line per deal of the record, in order (see each game's line above). */
export function dealLines(record: GameRecord): string[] {
  const names = namesOf(record);
  switch (record.game) {
    case 'reunion':
      return (record.deals as ReunionDeal[]).map((d) => reunionLine(d, names));
    case 'dreierles':
      return (record.deals as DreierlesDeal[]).map((d) => dreierlesLine(d, names));
    case 'romme':
      return (record.deals as RommeDeal[]).map((d) => rommeLine(d, names));
  }
}

/**
 * The final result in one line, best first (by the record's ranks, then seat order); 🏆 marks the winners:
 * Réunion "🏆 Anna +4 units (182 card points) · Bernd −1 unit (150 card points) · …", Dreierles "🏆 Anna +12 game
 * points · …", Rommé "1. Anna 12 penalty points · 2. …".
 */
export function resultLine(record: GameRecord): string {
  const order = record.outcomes.map((o, seat) => ({ ...o, seat })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const trophy = (win: boolean): string => (win ? '🏆 ' : '');
  const who = (o: { name: string; bot: boolean }): string => (o.bot ? `🤖 ${o.name}` : o.name);
  switch (record.game) {
    case 'reunion': {
      const totals = (record.result as ReunionResult).totals;
      return order
        .map((o) => `${trophy(o.win)}${who(o)} ${signed(o.measure)} ${Math.abs(o.measure) === 1 ? 'unit' : 'units'} (${totals[o.seat]} card points)`)
        .join(' · ');
    }
    case 'dreierles': {
      const tariff = (record.result as DreierlesResult).tariff;
      const cents = (n: number): string => (tariff ? `, ${signed(n * tariff)}¢` : '');
      return order
        .map((o) => `${trophy(o.win)}${who(o)} ${signed(o.measure)} game point${Math.abs(o.measure) === 1 ? '' : 's'}${cents(o.measure)}`)
        .join(' · ');
    }
    case 'romme':
      return order.map((o) => `${o.rank}. ${who(o)} ${plural(0 - o.measure, 'penalty point')}`).join(' · ');
  }
}
