/**
 * The strong Dreierles player: determinized search. For each sample — a full deal drawn consistent with
 * everything the seat has seen (./sample.ts) — every candidate move (./candidates.ts) is applied and the deal
 * is played out by easy players in every seat (./rollout.ts); the move with the best average net game points
 * for the deal (`DealScore.net[seat]`) wins; after half the samples only the better half of the moves is
 * sampled further (successive halving). Bids, discards, the Pfeife and knocks are chosen the same way.
 * Rule source: docs/rules/dreierles.md.
 */
import { seededRng } from '../../cards/random.ts';
import type { DreierlesMove, DreierlesView } from '../../games/dreierles/types.ts';
import type { Seat } from '../../games/types.ts';
import type { Policy } from '../types.ts';
import { candidateMoves } from './candidates.ts';
import { easyBid, easyMove } from './easy.ts';
import { rolloutAfter } from './rollout.ts';
import { knowledge, sampleState } from './sample.ts';

/** Samples (determinizations) per decision by default; each is played out once per candidate move. */
export const DEFAULT_SAMPLES = 16;

/** Phases whose bold move (knock, Pfeife raus) is taken only when clearly better than the safe one. */
const RISKY_PHASES: readonly string[] = ['knock', 'raeuberKnock', 'declare'];

/** Whether sample values `a` beat `b` (same samples) by more than two standard errors of the paired difference. */
export function clearlyBetter(a: readonly number[], b: readonly number[]): boolean {
  const n = a.length;
  if (n < 2) return false;
  const d = a.map((x, i) => x - (b[i] as number));
  const m = d.reduce((x, y) => x + y, 0) / n;
  const variance = d.reduce((x, y) => x + (y - m) ** 2, 0) / (n - 1);
  return m > 2 * Math.sqrt(variance / n);
}

/** Options of the strong player. */
export interface StrongOptions {
  /** Samples per card-play decision (default `DEFAULT_SAMPLES`); bids and discards (whole-deal rollouts) use half. */
  samples?: number;
  /** Fit the samples to the other seats' auction words by the easy bidding count (default true). */
  modelBids?: boolean;
}

/** The strong player with `samples` determinizations per decision (see `StrongOptions`). */
export function strongPolicy(options: StrongOptions = {}): Policy<DreierlesView, DreierlesMove> {
  const samples = options.samples ?? DEFAULT_SAMPLES;
  const bidModel = options.modelBids === false ? undefined : easyBid;
  return (view, ctx) => {
    const start = ctx.now();
    const me = view.seat as Seat;
    // A sitting-out dealer can only gain from a Räuber knock; Zehn Druck is a free bonus.
    if (view.phase === 'raeuberKnock' && !view.active.includes(me) && view.legal.some((m) => m.type === 'knock')) return { type: 'knock' };
    if (view.phase === 'declare' && view.legal.some((m) => m.type === 'zehnDruck')) return { type: 'zehnDruck' };
    // A declarer who knocked back has a strong hand the samples do not model: a defender does not knock again.
    if (view.phase === 'knock' && me !== view.declarer && view.knocks >= 2) return { type: 'noKnock' };
    const moves = candidateMoves(view);
    if (moves.length === 0) throw new Error('no legal move for this seat');
    if (moves.length === 1) return moves[0] as DreierlesMove;
    const risky = RISKY_PHASES.includes(view.phase);
    const n = view.phase === 'play' || risky ? samples : Math.ceil(samples / 2);
    const rng = seededRng(ctx.seed);
    const k = knowledge(view);
    const values: number[][] = moves.map(() => []);
    const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    // Successive halving: after half the samples, only the better half of the moves (at least 2) goes on.
    let alive = moves.map((_, j) => j);
    for (let i = 0; i < n; i++) {
      if (ctx.now() - start >= ctx.budgetMs) break;
      if (i === Math.ceil(n / 2) && alive.length > 3) {
        alive = alive
          .slice()
          .sort((a, b) => mean(values[b] as number[]) - mean(values[a] as number[]))
          .slice(0, Math.max(2, Math.ceil(alive.length / 2)));
      }
      const state = sampleState(view, k, rng, bidModel);
      for (const j of alive) (values[j] as number[]).push(rolloutAfter(state, me, moves[j] as DreierlesMove, me) ?? -1000);
    }
    if ((values[0] as number[]).length === 0) return easyMove(view);
    let best = alive[0] as number;
    for (const j of alive) if (mean(values[j] as number[]) > mean(values[best] as number[])) best = j;
    const move = moves[best] as DreierlesMove;
    if (risky && (move.type === 'knock' || move.type === 'pfeifeRaus')) {
      // Doubling and laying out the Pfeife only when clearly better than the safe word (paired, 2 standard errors).
      const safe = moves.findIndex((m) => m.type === 'noKnock' || m.type === 'fertig');
      if (safe >= 0 && !clearlyBetter(values[best] as number[], values[safe] as number[])) return moves[safe] as DreierlesMove;
    }
    return move;
  };
}

/**
 * The strong player's scoring of one decision for a review (src/review): the mean net game points for the deal of
 * each candidate move (./candidates.ts, `played` added when it is not one) over `samples` deals sampled consistent
 * with the view and played out by easy players; every candidate gets every sample. Null with fewer than two moves.
 */
export function scoreMoves(
  view: DreierlesView,
  played: DreierlesMove,
  seed: string,
  samples = DEFAULT_SAMPLES,
): { moves: DreierlesMove[]; values: number[] } | null {
  const moves = candidateMoves(view);
  if (!moves.some((m) => JSON.stringify(m) === JSON.stringify(played))) moves.push(played);
  if (moves.length < 2) return null;
  const me = view.seat as Seat;
  const rng = seededRng(seed);
  const k = knowledge(view);
  const sums = moves.map(() => 0);
  for (let i = 0; i < samples; i++) {
    const state = sampleState(view, k, rng, easyBid);
    moves.forEach((m, j) => (sums[j] = (sums[j] as number) + (rolloutAfter(state, me, m, me) ?? -1000)));
  }
  return { moves, values: sums.map((s) => s / samples) };
}
