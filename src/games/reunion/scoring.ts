/**
 * Réunion scoring: a deal's card points and side payments, and the settlement in units after three deals.
 * Rule source: docs/rules/reunion.md § Card points, § Side payments, § Game and settlement.
 */
import type { Card, Suit } from '../../cards/french.ts';
import { netOf } from '../replay.ts';
import type { Seat } from '../types.ts';
import { LAST_TRICK_BONUS, sumPoints } from './ranking.ts';
import {
  type DealScore,
  type Payment,
  type ReunionOptions,
  type ReunionResult,
  type ScoreMark,
  type SidePayment,
  STAUBAUS_CREDIT,
  STAUBAUS_UNITS,
  type StaubausScore,
} from './types.ts';

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
  /** The seats that played the deal (ascending); absent: every seat (three players). */
  active?: Seat[];
}

/**
 * Score a finished deal: card points per seat (tricks + last-trick 10 + the dealer's discard; sum 150),
 * the Stange marks, and side payments (bower captures, plus 1 unit from a trickless player to each opponent).
 */
export function scoreDeal(d: FinishedDeal): DealScore {
  const seats = d.won.length;
  const active = d.active ?? Array.from({ length: seats }, (_, s) => s);
  const discardPoints = sumPoints(d.discard, d.trump);
  const cardPoints = d.won.map((cards, seat) => {
    let points = sumPoints(cards, d.trump);
    if (seat === d.lastTrickWinner) points += LAST_TRICK_BONUS;
    if (seat === d.dealer) points += discardPoints;
    return points;
  });
  const marks: ScoreMark[] = cardPoints.map((points, seat) =>
    d.tricks[seat] || !active.includes(seat) ? 'plain' : points === 0 ? 'slash' : 'underlined',
  );
  const sidePayments: SidePayment[] = [...d.bowerPayments];
  for (const seat of active) {
    if (d.tricks[seat]) continue;
    for (const other of active) if (other !== seat) sidePayments.push({ from: seat, to: other, units: 1, reason: 'noTrick' });
  }
  return {
    dealNo: d.dealNo,
    dealer: d.dealer,
    trump: d.trump,
    turnUp: d.turnUp,
    active: active.slice(),
    cardPoints,
    tricks: d.tricks.slice(),
    discardPoints,
    marks,
    sidePayments,
  };
}

/** Everything needed to score a finished Staubaus deal (§ Variants). */
export interface FinishedStaubaus {
  dealNo: number;
  dealer: Seat;
  trump: Suit;
  turnUp: Card;
  /** The seats that played the deal, ascending. */
  active: Seat[];
  /** Tricks taken per seat (all seats). */
  tricks: number[];
  staubaus: StaubausScore;
}

/**
 * Score a Staubaus deal: no card points, last-trick bonus, bower or no-trick payments and no Stange marks; each active
 * seat is credited 50 card points for the game totals (seats sitting out 0). Won: each active opponent pays the
 * announcer 4 units; lost: the announcer pays each active opponent 4 units.
 */
export function scoreStaubaus(d: FinishedStaubaus): DealScore {
  const { announcer, won } = d.staubaus;
  const sidePayments: SidePayment[] = d.active
    .filter((s) => s !== announcer)
    .map((other) => ({ from: won ? other : announcer, to: won ? announcer : other, units: STAUBAUS_UNITS, reason: 'staubaus' }));
  return {
    dealNo: d.dealNo,
    dealer: d.dealer,
    trump: d.trump,
    turnUp: d.turnUp,
    active: d.active.slice(),
    cardPoints: d.tricks.map((_, s) => (d.active.includes(s) ? STAUBAUS_CREDIT : 0)),
    tricks: d.tricks.slice(),
    discardPoints: 0,
    marks: d.tricks.map(() => 'plain'),
    sidePayments,
    staubaus: { ...d.staubaus },
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
 * The standing after the deals scored so far (public: every deal's score is announced when it ends), per seat of a
 * table of `seats`: `totals`, card points over those deals (what the game is won on; a seat sitting a deal out adds
 * 0 for it), and `sideUnits`, net units of their side payments, which are settled at the end of each deal (sum zero).
 * The settlement by the card-point totals comes only when the game ends (`settle`). § Side payments, § Game and settlement.
 */
export function standing(deals: readonly Pick<DealScore, 'cardPoints' | 'sidePayments'>[], seats: number): { totals: number[]; sideUnits: number[] } {
  const totals = new Array<number>(seats).fill(0);
  for (const d of deals) d.cardPoints.forEach((p, s) => (totals[s] = (totals[s] as number) + p));
  return {
    totals,
    sideUnits: netUnits(
      deals.flatMap((d) => d.sidePayments),
      seats,
    ),
  };
}

/**
 * Settle the game from its card-point totals (over all seats; with 4–5 players each seat's total is over the 3 deals
 * it played): the highest total wins (ties share the win: each loser pays
 * each tied winner in full); each loser pays each winner `lossTier(total)` units.
 * Side payments of all deals are added to give each seat's net units (sum zero).
 */
export function settle(deals: readonly DealScore[], seats: number, options: ReunionOptions): ReunionResult {
  const { totals, sideUnits } = standing(deals, seats);
  const best = Math.max(...totals);
  const winners = totals.flatMap((t, s) => (t === best ? [s] : []));
  const settlement: Payment[] = [];
  totals.forEach((total, seat) => {
    if (winners.includes(seat)) return;
    const units = lossTier(total, options);
    if (units > 0) for (const w of winners) settlement.push({ from: seat, to: w, units });
  });
  const settlementUnits = netUnits(settlement, seats);
  const net = sideUnits.map((u, s) => u + (settlementUnits[s] as number));
  return { totals, winners, settlement, sideUnits, settlementUnits, net };
}
