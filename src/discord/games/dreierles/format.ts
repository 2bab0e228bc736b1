/**
 * Formatting helpers for Dreierles messages, in the reader's language (src/i18n/<lang>/dreierles.json).
 */
import type { Contract, DealScore, Payment } from '../../../games/dreierles/index.ts';
import type { Locale } from '../../../i18n/index.ts';
import { nameOf } from '../../kit/format.ts';
import type { Names } from '../types.ts';

/** A contract's name: "Dreier", "Zweier", "Einer", "Solo" (German words in both languages). */
export const contractName = (loc: Locale, contract: Contract): string => loc.t(`dreierles:contract.${contract}`);

/** A whole number with its sign and the language's digits: "+1,250" / "+1.250", "−2", "0". */
export function signedNumber(loc: Locale, n: number): string {
  const text = loc.number(Math.abs(n));
  return n > 0 ? `+${text}` : n < 0 ? `−${text}` : text;
}

/**
 * Game points with their worth at `tariff` (euro cents a game point) as money, both signed: "+9 (+€0.90)" /
 * "+9 (+0,90 €)"; just the points when the tariff is 0.
 */
export const withCents = (loc: Locale, points: number, tariff: number): string =>
  tariff
    ? loc.t('dreierles:money.withAmount', { points: signedNumber(loc, points), amount: loc.money(points * tariff, { signed: true }) })
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
  for (const g of paymentGroups(d.payments))
    lines.push(
      loc.t(g.from.length > 1 || g.to.length > 1 ? 'dreierles:deal.payment' : 'dreierles:deal.paymentOne', {
        bonus: loc.t(`dreierles:bonus.${g.reason}`),
        from: loc.list(g.from.map((s) => nameOf(names, s))),
        to: loc.list(g.to.map((s) => nameOf(names, s))),
        points: g.points,
      }),
    );
  lines.push(loc.t('dreierles:deal.net', { net: d.net.map((n, s) => `${nameOf(names, s)} ${withCents(loc, n, tariff)}`).join(' · ') }));
  return lines.join('\n');
}

/** Payments of one kind and amount, shown as one line: several payers to one receiver, or one payer to several. */
interface PaymentGroup {
  reason: Payment['reason'];
  from: number[];
  to: number[];
  /** Game points each payer pays each receiver. */
  points: number;
}

/**
 * A deal's bonus payments (the contract's are in its own line) grouped for reading: first by receiver (Zehn Druck:
 * "alice, bob → carol 1 each"), then what is left with a single payer by payer (Räuber: "carol → alice, bob 2 each"),
 * in the order of the payments.
 */
function paymentGroups(payments: readonly Payment[]): PaymentGroup[] {
  const byReceiver = new Map<string, PaymentGroup>();
  for (const p of payments) {
    if (p.reason === 'contract') continue;
    const key = `${p.reason}:${p.to}:${p.points}`;
    const g = byReceiver.get(key) ?? { reason: p.reason, from: [], to: [p.to], points: p.points };
    g.from.push(p.from);
    byReceiver.set(key, g);
  }
  const out: PaymentGroup[] = [];
  const byPayer = new Map<string, PaymentGroup>();
  for (const g of byReceiver.values()) {
    if (g.from.length > 1) {
      out.push(g);
      continue;
    }
    const key = `${g.reason}:${g.from[0]}:${g.points}`;
    const same = byPayer.get(key);
    if (same) same.to.push(...g.to);
    else {
      const single = { ...g, to: [...g.to] };
      byPayer.set(key, single);
      out.push(single);
    }
  }
  return out;
}
