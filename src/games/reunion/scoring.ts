/**
 * Réunion scoring: a deal's card points and side payments, and the settlement in units after three deals.
 * Rule source: docs/rules/reunion.md § Card points, § Side payments, § Game and settlement.
 */
import type { Card, Suit } from '../../cards/french.ts';
import { netOf } from '../replay.ts';
import type { Seat } from '../types.ts';
import { LAST_TRICK_BONUS, sumPoints } from './ranking.ts';
import type { DealScore, Payment, ReunionOptions, ReunionResult, ScoreMark, SidePayment } from './types.ts';

/** Everything needed to score a finished deal. */
export interface FinishedDeal {
  dealNo: number;
  dealer: Seat;
  trump: Suit;
  turnUp: Card;
  /** Cards won in tricks per seat. */
  won: Card[][];
  tricks: number[];
  discard: Card[];
  lastTrickWinner: Seat;
  /** Bower-capture payments made during play. */
  bowerPayments: SidePayment[];
}

/**
 * Score a finished deal: card points per seat (tricks + last-trick 10 + the dealer's discard; sum 150),
 * the Stange marks, and side payments (bower captures, plus 1 unit from a trickless player to each opponent).
 */
export function scoreDeal(d: FinishedDeal): DealScore {
  const seats = d.won.length;
  const discardPoints = sumPoints(d.discard, d.trump);
  const cardPoints = d.won.map((cards, seat) => {
    let points = sumPoints(cards, d.trump);
    if (seat === d.lastTrickWinner) points += LAST_TRICK_BONUS;
    if (seat === d.dealer) points += discardPoints;
    return points;
  });
  const marks: ScoreMark[] = cardPoints.map((points, seat) => (d.tricks[seat] ? 'plain' : points === 0 ? 'slash' : 'underlined'));
  const sidePayments: SidePayment[] = [...d.bowerPayments];
  for (let seat = 0; seat < seats; seat++) {
    if (d.tricks[seat]) continue;
    for (let other = 0; other < seats; other++) if (other !== seat) sidePayments.push({ from: seat, to: other, units: 1, reason: 'noTrick' });
  }
  return {
    dealNo: d.dealNo,
    dealer: d.dealer,
    trump: d.trump,
    turnUp: d.turnUp,
    cardPoints,
    tricks: d.tricks.slice(),
    discardPoints,
    marks,
    sidePayments,
  };
}

/**
 * Units a loser pays each winner for a 3-deal total in card points: 4 at 0, 3 under 50, 2 under 100
 * (matsch), 1 under 150, 0 at 150 or more. With Pierer tiers: 4 at 0, 2 under 100, 1 under 150.
 */
export function lossTier(total: number, options: ReunionOptions): number {
  if (total === 0) return 4;
  if (total < 50 && !options.piererTiers) return 3;
  if (total < 100) return 2;
  if (total < 150) return 1;
  return 0;
}

/** Net units per seat from a list of payments. */
export const netUnits = (payments: readonly Payment[], seats: number): number[] => netOf(payments, seats, (p) => p.units);

/**
 * Settle the game from its card-point totals: the highest total wins (ties share the win: each loser pays
 * each tied winner in full); each loser pays each winner `lossTier(total)` units.
 * Side payments of all deals are added to give each seat's net units (sum zero).
 */
export function settle(deals: readonly DealScore[], seats: number, options: ReunionOptions): ReunionResult {
  const totals = new Array<number>(seats).fill(0);
  for (const d of deals) d.cardPoints.forEach((p, s) => (totals[s] = (totals[s] as number) + p));
  const best = Math.max(...totals);
  const winners = totals.flatMap((t, s) => (t === best ? [s] : []));
  const settlement: Payment[] = [];
  totals.forEach((total, seat) => {
    if (winners.includes(seat)) return;
    const units = lossTier(total, options);
    if (units > 0) for (const w of winners) settlement.push({ from: seat, to: w, units });
  });
  const sideUnits = netUnits(
    deals.flatMap((d) => d.sidePayments),
    seats,
  );
  const settlementUnits = netUnits(settlement, seats);
  const net = sideUnits.map((u, s) => u + (settlementUnits[s] as number));
  return { totals, winners, settlement, sideUnits, settlementUnits, net };
}
