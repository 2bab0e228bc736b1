/**
 * Dreierles scoring in game points: the contract value, the hand and Pfeife bonuses, Räuber payments, the
 * session totals and result.
 * Rule source: docs/rules/dreierles.md § Scoring, § Räuber, § Four players.
 */
import { type CegoCard, PFEIFE, STIESS, isKing, isTrump } from '../../cards/cego.ts';
import { netOf } from '../replay.ts';
import type { Seat } from '../types.ts';
import { CONTRACT_INFO, type Contract, type DealScore, type DreierlesResult, type DreierlesState, type Payment } from './types.ts';

/** Whether `seat` plays the deal (with four seats the dealer sits out; § Four players). */
export const activeIn = (d: DealScore, seat: number, seats: number): boolean => seats === 3 || seat !== d.dealer;

/** Card points the declarer needs to win: 36 (35 loses). */
export const WINNING_POINTS = 36;

/**
 * Game points of a declarer game from the declarer's card points `p`: `(floor(|p − 35| / 5) + 1) × factor × 2^knocks`,
 * positive when won (p ≥ 36), negative when lost. Each other player pays (or receives) it.
 */
export function contractValue(p: number, contract: Contract, knocks: number): number {
  const magnitude = (Math.floor(Math.abs(p - 35) / 5) + 1) * CONTRACT_INFO[contract].factor * 2 ** knocks;
  return p >= WINNING_POINTS ? magnitude : -magnitude;
}

/** `from` pays `points` to every seat but itself (negative points: receives). */
function eachOther(seats: number, seat: Seat, points: number, reason: Payment['reason']): Payment[] {
  const out: Payment[] = [];
  for (let other = 0; other < seats; other++) {
    if (other === seat || points === 0) continue;
    out.push(points > 0 ? { from: other, to: seat, points, reason } : { from: seat, to: other, points: -points, reason });
  }
  return out;
}

/** Net game points per seat from payments. */
export const netPoints = (payments: readonly Payment[], seats: number): number[] => netOf(payments, seats, (p) => p.points);

/** What happened to the Pfeife, for the declarer's Pfeife bonus. */
export type PfeifeOutcome = 'none' | 'wonLast' | 'lostLast' | 'forced';

/** Everything needed to settle a declarer game. */
export interface DeclarerDeal {
  seats: number;
  declarer: Seat;
  contract: Contract;
  knocks: number;
  declarerPoints: number;
  /** Hands before play (declarer after the exchange, defenders as dealt; empty for a sitting-out dealer). */
  handsBeforePlay: CegoCard[][];
  zehnDruckAnnounced: boolean;
  pfeifeRaus: boolean;
  pfeife: PfeifeOutcome;
}

/**
 * Payments of a declarer game: the contract from/to every other seat (a sitting-out dealer too); Zehn Druck
 * (declarer only if announced), Trull and Vier Könige for their holders, 1 from each other seat; the
 * declarer's Pfeife ±1, or ±2 when announced (−2 when forced out early).
 */
export function declarerPayments(d: DeclarerDeal): Payment[] {
  const payments = eachOther(d.seats, d.declarer, contractValue(d.declarerPoints, d.contract, d.knocks), 'contract');
  d.handsBeforePlay.forEach((hand, seat) => {
    if (hand.filter(isTrump).length >= 10 && (seat !== d.declarer || d.zehnDruckAnnounced))
      payments.push(...eachOther(d.seats, seat, 1, 'zehnDruck'));
    if ([STIESS, '21', PFEIFE].every((c) => hand.includes(c))) payments.push(...eachOther(d.seats, seat, 1, 'trull'));
    if (hand.filter(isKing).length === 4) payments.push(...eachOther(d.seats, seat, 1, 'vierKoenige'));
  });
  if (d.pfeife === 'forced') payments.push(...eachOther(d.seats, d.declarer, -2, 'pfeifeForced'));
  else if (d.pfeife !== 'none') {
    const value = (d.pfeifeRaus ? 2 : 1) * (d.pfeife === 'wonLast' ? 1 : -1);
    payments.push(...eachOther(d.seats, d.declarer, value, d.pfeifeRaus ? 'pfeifeRaus' : 'pfeife'));
  }
  return payments;
}

/**
 * Räuber payments from the card points of the active seats (`points[seat]`, null for a sitting-out dealer):
 * the one with most pays `value` to each other seat; two tied for most each pay half to every other seat;
 * all three tied: nothing with three players, each pays the sitting-out dealer half with four.
 * `value` is 2 (or the raised last-round value) doubled per knock.
 */
export function raeuberPayments(points: readonly (number | null)[], value: number): Payment[] {
  const seats = points.length;
  const active = points.flatMap((p, s) => (p === null ? [] : [s]));
  const most = Math.max(...active.map((s) => points[s] as number));
  const losers = active.filter((s) => points[s] === most);
  const share = losers.length === 1 ? value : value / 2;
  const out: Payment[] = [];
  for (const loser of losers)
    for (let other = 0; other < seats; other++) if (!losers.includes(other)) out.push({ from: loser, to: other, points: share, reason: 'raeuber' });
  return out;
}

/** Net game points per seat over the deals played so far. */
export function totals(s: DreierlesState): number[] {
  const t = new Array<number>(s.seats).fill(0);
  for (const d of s.deals) d.net.forEach((n, seat) => (t[seat] = (t[seat] as number) + n));
  return t;
}

/** The session result once every deal is played; null before. */
export function result(s: DreierlesState): DreierlesResult | null {
  return s.phase === 'over' ? { totals: totals(s), deals: s.deals, tariff: s.options.tariff } : null;
}
