/**
 * Formatting helpers for Dreierles messages, in the reader's language (src/i18n/<lang>/dreierles.json).
 */
import type { Contract, DealScore, Payment } from '../../../games/dreierles/index.ts';
import type { Locale } from '../../../i18n/index.ts';
import { nameOf } from '../../render/format.ts';
import type { Names } from '../types.ts';

/** A contract's name: "Dreier", "Zweier", "Einer", "Solo" (German words in both languages). */
export const contractName = (loc: Locale, contract: Contract): string => loc.t(`dreierles:contract.${contract}`);

/** A whole number with its sign and the language's digits: "+1,250" / "+1.250", "−2", "0". */
export function signedNumber(loc: Locale, n: number): string {
  const text = loc.number(Math.abs(n));
  return n > 0 ? `+${text}` : n < 0 ? `−${text}` : text;
}

/** Game points with the tariff in cents: "+9 (+90¢)" / "+9 (+90 ct)"; just the points when the tariff is 0. */
export const withCents = (loc: Locale, points: number, tariff: number): string =>
  tariff
    ? loc.t('dreierles:money.withCents', { points: signedNumber(loc, points), cents: signedNumber(loc, points * tariff) })
    : signedNumber(loc, points);

/** One deal's score in a few lines: the contract or Räuber result, each bonus payment group, the net (docs/rules/dreierles.md § Scoring). */
export function formatDeal(loc: Locale, d: DealScore, names: Names, tariff: number): string {
  const lines: string[] = [];
  if (d.contract && d.declarer !== null) {
    lines.push(
      loc.t(d.won ? 'dreierles:deal.won' : 'dreierles:deal.lost', {
        no: d.dealNo + 1,
        declarer: nameOf(names, d.declarer),
        contract: contractName(loc, d.contract),
        knocks: d.knocks ? loc.t('dreierles:deal.knocks', { count: d.knocks }) : '',
        declarerPoints: d.declarerPoints,
        defenderPoints: d.defenderPoints,
        count: d.value,
      }),
    );
  } else {
    const points = (d.raeuberPoints ?? []).map((p, s) => `${nameOf(names, s)} ${p}`).join(' · ');
    lines.push(
      loc.t('dreierles:deal.raeuber', {
        no: d.dealNo + 1,
        knocks: d.knocks ? loc.t('dreierles:deal.knocksParen', { count: d.knocks }) : '',
        points,
        value: d.value,
      }),
    );
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
    lines.push(
      loc.t('dreierles:deal.payment', {
        bonus: loc.t(`dreierles:bonus.${g.reason}`),
        from: loc.list(g.from.map((s) => nameOf(names, s))),
        to: nameOf(names, g.to),
        points: g.points,
      }),
    );
  lines.push(loc.t('dreierles:deal.net', { net: d.net.map((n, s) => `${nameOf(names, s)} ${withCents(loc, n, tariff)}`).join(' · ') }));
  return lines.join('\n');
}
