/**
 * How good the end of a deal is for one seat, in units (the game's currency, docs/rules/reunion.md
 * § Side payments, § Game and settlement): the deal's side payments plus the expected settlement of the game,
 * given the card points of the deals already played and a model of the deals still to come.
 *
 * The model of a future deal: its 150 card points split among its three active seats uniformly at random
 * (a flat Dirichlet, mean 50 and spread about 35 per seat, near what deals between decent players show); with 4 or
 * 5 players (§ Variants) each future deal's points go to the dealer of that deal and the next two seats. A fixed,
 * seeded table of such futures is drawn once, so evaluations are deterministic and cheap. A Staubaus deal
 * (§ Variants) is worth its Staubaus payment and 50 card points to each active seat.
 */
import { seededRng } from '../../cards/random.ts';
import { DEAL_TOTAL } from '../../games/reunion/ranking.ts';
import type { ReunionView } from '../../games/reunion/types.ts';
import { type DealSim, sideUnitsOf } from './sim.ts';

/** Deals in a game of three seats (one per seat). */
const DEALS_PER_GAME = 3;

/** Futures drawn per number of deals still to come. */
export const FUTURES = 24;

/** A random split of one deal's 150 card points among its three active seats (flat Dirichlet). */
const splitter = (rng: () => number) => (): number[] => {
  const a = rng();
  const b = rng();
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  return [lo * DEAL_TOTAL, (hi - lo) * DEAL_TOTAL, (1 - hi) * DEAL_TOTAL];
};

/** FUTURE_POINTS[k] = card points per seat over k more deals of a three-seat game, `FUTURES` draws (a single zero draw for k = 0). */
const FUTURE_POINTS: number[][][] = (() => {
  const oneDeal = splitter(seededRng('reunion-bot-futures'));
  return Array.from({ length: DEALS_PER_GAME }, (_, k) =>
    k === 0
      ? [[0, 0, 0]]
      : Array.from({ length: FUTURES }, () => {
          const sum = [0, 0, 0];
          for (let d = 0; d < k; d++) oneDeal().forEach((p, s) => (sum[s]! += p));
          return sum;
        }),
  );
})();

/** Most deals still to come after the current one (five players: 4). */
const MAX_DEALS_AFTER = 4;

/** FUTURE_SPLITS[f][j] = the split of the j-th deal still to come in future f, per active seat in play order (4–5 players). */
const FUTURE_SPLITS: number[][][] = (() => {
  const oneDeal = splitter(seededRng('reunion-bot-futures-4-5'));
  return Array.from({ length: FUTURES }, () => Array.from({ length: MAX_DEALS_AFTER }, oneDeal));
})();

/** Units a loser pays each winner for a game total of card points (default tiers: 4 at 0, 3 under 50, 2 under 100, 1 under 150). */
function tier(total: number): number {
  if (total <= 0) return 4;
  if (total < 50) return 3;
  if (total < 100) return 2;
  if (total < 150) return 1;
  return 0;
}

/** Net settlement units of seat `me` for game totals `t` (one per table seat; ties for the highest total share the win in full). */
export function settlementUnits(t: readonly number[], me: number): number {
  let best = -Infinity;
  for (let s = 0; s < t.length; s++) if (t[s]! > best) best = t[s]!;
  let winners = 0;
  for (let s = 0; s < t.length; s++) if (t[s] === best) winners++;
  if (t[me] !== best) return -tier(t[me]!) * winners;
  let u = 0;
  for (let s = 0; s < t.length; s++) if (t[s] !== best) u += tier(t[s]!);
  return u;
}

/** The game standing before the current deal, as the evaluation needs it. */
export interface Standing {
  /** Card points per table seat over the finished deals of this game. */
  totals: number[];
  /** Deals still to be played after the current one (0 to 4). */
  dealsAfter: number;
  /** The table seat of each seat of the deal model (its three active seats, ascending; ./seats.ts). */
  seats: number[];
  /** Card points per table seat over the deals still to come, `FUTURES` draws (a single zero draw when none). */
  futures: number[][];
}

/**
 * The standing a view shows (§ Game and settlement: one deal per seat, totals of card points; § Variants: with 4
 * or 5 players each future deal's points go to its three active seats). `view` is the table's view, not a
 * three-seat copy.
 */
export function standingOf(view: ReunionView): Standing {
  const n = view.seats;
  const totals = new Array<number>(n).fill(0);
  for (const d of view.deals) d.cardPoints.forEach((p, s) => (totals[s]! += p));
  const dealsAfter = Math.max(0, n - 1 - view.deals.length);
  let futures: number[][];
  if (n === 3) futures = FUTURE_POINTS[dealsAfter] as number[][];
  else if (dealsAfter === 0) futures = [totals.map(() => 0)];
  else
    futures = FUTURE_SPLITS.map((splits) => {
      const sum = new Array<number>(n).fill(0);
      for (let j = 1; j <= dealsAfter; j++) {
        const dealer = (view.dealer + j) % n;
        const order = [(dealer + 1) % n, (dealer + 2) % n, dealer];
        order.forEach((seat, i) => (sum[seat]! += splits[j - 1]![i]!));
      }
      return sum;
    });
  return { totals, dealsAfter, seats: view.active.slice(), futures };
}

/** Weight of the card-point difference in `evaluateDeal`, in units per card point: a tie-break, or the whole proxy. */
export const POINT_TIEBREAK = 0.002;

/**
 * Value in units for seat `me` (of the deal model) of a finished deal model `s`: its side payments (bower captures,
 * no-trick payments, or the Staubaus payment) plus the mean settlement over the futures, plus a small tie-break for
 * its card points above the others' mean. With `linear`, the settlement is replaced by `linear` units per card
 * point above the others' mean.
 */
export function evaluateDeal(s: DealSim, me: number, standing: Standing, linear = 0): number {
  const p = s.points;
  const lead = p[me]! - (p[0]! + p[1]! + p[2]! - p[me]!) / 2;
  const side = sideUnitsOf(s, me);
  if (linear > 0) return side + linear * lead;
  const base = standing.totals.slice();
  for (let i = 0; i < 3; i++) base[standing.seats[i]!]! += p[i]!;
  const t = base.slice();
  const mine = standing.seats[me]!;
  let sum = 0;
  for (const f of standing.futures) {
    for (let i = 0; i < t.length; i++) t[i] = base[i]! + f[i]!;
    sum += settlementUnits(t, mine);
  }
  return side + sum / standing.futures.length + POINT_TIEBREAK * lead;
}
