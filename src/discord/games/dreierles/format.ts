/**
 * Formatting helpers for Dreierles messages.
 */
import { CONTRACT_INFO, type DealScore, type Payment } from '../../../games/dreierles/index.ts';
import { nameOf, plural, signed } from '../../render/format.ts';
import type { Names } from '../types.ts';

const BONUS: Record<Payment['reason'], string> = {
  contract: 'contract',
  zehnDruck: 'Zehn Druck',
  trull: 'Trull',
  vierKoenige: 'Four Kings',
  pfeife: 'Pfeife',
  pfeifeRaus: 'Pfeife raus',
  pfeifeForced: 'Pfeife forced out early',
  raeuber: 'Räuber',
};

/** Game points with the tariff in cents: "+9 (+90¢)". */
export const withCents = (points: number, tariff: number): string => (tariff ? `${signed(points)} (${signed(points * tariff)}¢)` : signed(points));

/** One deal's score in a few lines: the contract or Räuber result, each payment group, the net. */
export function formatDeal(d: DealScore, names: Names, tariff: number): string {
  const lines: string[] = [];
  if (d.contract && d.declarer !== null) {
    const knocks = d.knocks ? `, ${plural(d.knocks, 'knock')}` : '';
    lines.push(
      `**Deal ${d.dealNo + 1}**: ${nameOf(names, d.declarer)} played ${CONTRACT_INFO[d.contract].name}${knocks}: ${d.declarerPoints} card points to the defenders' ${d.defenderPoints} — ${d.won ? 'won' : 'lost'}, ${d.value} game points ${d.won ? 'from' : 'to'} each.`,
    );
  } else {
    const points = (d.raeuberPoints ?? []).map((p, s) => `${nameOf(names, s)} ${p}`).join(' · ');
    lines.push(`**Deal ${d.dealNo + 1}**: Räuber${d.knocks ? ` (${plural(d.knocks, 'knock')})` : ''}: ${points} card points; value ${d.value}.`);
  }
  const groups = new Map<string, { to: number; from: number[]; points: number; reason: Payment['reason'] }>();
  for (const p of d.payments) {
    if (p.reason === 'contract') continue;
    const key = `${p.reason}:${p.to}:${p.points}`;
    const g = groups.get(key) ?? { to: p.to, from: [], points: p.points, reason: p.reason };
    g.from.push(p.from);
    groups.set(key, g);
  }
  for (const g of groups.values())
    lines.push(`  ${BONUS[g.reason]}: ${g.from.map((s) => nameOf(names, s)).join(' and ')} → ${nameOf(names, g.to)} ${g.points} each`);
  lines.push(`  Net: ${d.net.map((n, s) => `${nameOf(names, s)} ${withCents(n, tariff)}`).join(' · ')}`);
  return lines.join('\n');
}
