/**
 * How good the end of a deal is for one seat, in units (the game's currency, docs/rules/reunion.md
 * § Side payments, § Game and settlement): the deal's side payments plus the expected settlement of the game,
 * given the card points of the deals already played and a model of the deals still to come.
 *
 * The model of a future deal: its 150 card points split among the three seats uniformly at random
 * (a flat Dirichlet, mean 50 and spread about 35 per seat, near what deals between decent players show). A fixed,
 * seeded table of such futures is drawn once, so evaluations are deterministic and cheap.
 */
import { seededRng } from '../../cards/random.ts';
import { DEAL_TOTAL } from '../../games/reunion/ranking.ts';
import type { ReunionView } from '../../games/reunion/types.ts';
import { type DealSim, sideUnitsOf } from './sim.ts';

/** Deals in a game of three seats (the strong player searches only three-seat games; src/bots/reunion/strong.ts). */
const DEALS_PER_GAME = 3;

/** Futures drawn per number of deals still to come. */
export const FUTURES = 24;

/** FUTURE_POINTS[k] = card points per seat over k more deals, `FUTURES` draws (a single zero draw for k = 0). */
const FUTURE_POINTS: number[][][] = (() => {
  const rng = seededRng('reunion-bot-futures');
  const oneDeal = (): number[] => {
    const a = rng();
    const b = rng();
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    return [lo * DEAL_TOTAL, (hi - lo) * DEAL_TOTAL, (1 - hi) * DEAL_TOTAL];
  };
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

/** Units a loser pays each winner for a game total of card points (default tiers: 4 at 0, 3 under 50, 2 under 100, 1 under 150). */
function tier(total: number): number {
  if (total <= 0) return 4;
  if (total < 50) return 3;
  if (total < 100) return 2;
  if (total < 150) return 1;
  return 0;
}

/** Net settlement units of seat `me` for game totals `t` (ties for the highest total share the win in full). */
export function settlementUnits(t: readonly number[], me: number): number {
  const best = Math.max(t[0]!, t[1]!, t[2]!);
  let winners = 0;
  for (let s = 0; s < 3; s++) if (t[s] === best) winners++;
  if (t[me] !== best) return -tier(t[me]!) * winners;
  let u = 0;
  for (let s = 0; s < 3; s++) if (t[s] !== best) u += tier(t[s]!);
  return u;
}

/** The game standing before the current deal, as the evaluation needs it. */
export interface Standing {
  /** Card points per seat over the finished deals of this game. */
  totals: number[];
  /** Deals still to be played after the current one (0, 1 or 2). */
  dealsAfter: number;
}

/** The standing a view shows (§ Game and settlement: 3 deals, totals of card points). */
export function standingOf(view: ReunionView): Standing {
  const totals = [0, 0, 0];
  for (const d of view.deals) d.cardPoints.forEach((p, s) => (totals[s]! += p));
  return { totals, dealsAfter: Math.max(0, DEALS_PER_GAME - 1 - view.deals.length) };
}

/** Weight of the card-point difference in `evaluateDeal`, in units per card point: a tie-break, or the whole proxy. */
export const POINT_TIEBREAK = 0.002;

/**
 * Value in units for seat `me` of a finished deal model `s`: its side payments (bower captures, no-trick
 * payments) plus the mean settlement over the futures, plus a small tie-break for its card points above the
 * others' mean. With `linear`, the settlement is replaced by `linear` units per card point above the others' mean.
 */
export function evaluateDeal(s: DealSim, me: number, standing: Standing, linear = 0): number {
  const p = s.points;
  const lead = p[me]! - (p[0]! + p[1]! + p[2]! - p[me]!) / 2;
  const side = sideUnitsOf(s, me);
  if (linear > 0) return side + linear * lead;
  const futures = FUTURE_POINTS[standing.dealsAfter] as number[][];
  const b0 = standing.totals[0]! + p[0]!;
  const b1 = standing.totals[1]! + p[1]!;
  const b2 = standing.totals[2]! + p[2]!;
  const t = [0, 0, 0];
  let sum = 0;
  for (const f of futures) {
    t[0] = b0 + f[0]!;
    t[1] = b1 + f[1]!;
    t[2] = b2 + f[2]!;
    sum += settlementUnits(t, me);
  }
  return side + sum / futures.length + POINT_TIEBREAK * lead;
}
