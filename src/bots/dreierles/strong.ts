/**
 * The strong Dreierles player: determinized search. For each sample — a full deal drawn consistent with
 * everything the seat has seen (./sample.ts) — every candidate move (./candidates.ts) is applied and the deal
 * is played out by easy players in every seat (./rollout.ts); the move with the best average net game points
 * for the deal (`DealScore.net[seat]`) wins. Bids, discards, the Pfeife and knocks are chosen the same way.
 * Rule source: ../shared/rules/dreierles.md.
 */
import { seededRng } from '../../cards/random.ts';
import type { DreierlesMove, DreierlesView } from '../../games/dreierles/types.ts';
import type { Seat } from '../../games/types.ts';
import type { Policy } from '../types.ts';
import { candidateMoves } from './candidates.ts';
import { easyMove } from './easy.ts';
import { rolloutAfter } from './rollout.ts';
import { knowledge, sampleState } from './sample.ts';

/** Samples (determinizations) per decision by default; each is played out once per candidate move. */
export const DEFAULT_SAMPLES = 24;

/** Options of the strong player. */
export interface StrongOptions {
  /** Samples per card-play decision (default `DEFAULT_SAMPLES`); whole-deal decisions (bids, discards, declare, knocks) use half, at least 4. */
  samples?: number;
}

/** The strong player with `samples` determinizations per decision (see `StrongOptions`). */
export function strongPolicy(options: StrongOptions = {}): Policy<DreierlesView, DreierlesMove> {
  const samples = options.samples ?? DEFAULT_SAMPLES;
  return (view, ctx) => {
    const start = ctx.now();
    const me = view.seat as Seat;
    // A sitting-out dealer can only gain from a Räuber knock; Zehn Druck is a free bonus.
    if (view.phase === 'raeuberKnock' && !view.active.includes(me)) return { type: 'knock' };
    if (view.phase === 'declare' && view.legal.some((m) => m.type === 'zehnDruck')) return { type: 'zehnDruck' };
    const moves = candidateMoves(view);
    if (moves.length === 0) throw new Error('no legal move for this seat');
    if (moves.length === 1) return moves[0] as DreierlesMove;
    const n = view.phase === 'play' ? samples : Math.max(4, Math.ceil(samples / 2));
    const rng = seededRng(ctx.seed);
    const k = knowledge(view);
    const total = new Array<number>(moves.length).fill(0);
    let done = 0;
    for (let i = 0; i < n; i++) {
      if (ctx.now() - start >= ctx.budgetMs) break;
      const state = sampleState(view, k, rng);
      moves.forEach((m, j) => {
        const net = rolloutAfter(state, me, m, me);
        total[j] = (total[j] as number) + (net ?? -1000);
      });
      done++;
    }
    if (done === 0) return easyMove(view);
    let best = 0;
    for (let j = 1; j < moves.length; j++) if ((total[j] as number) > (total[best] as number)) best = j;
    return moves[best] as DreierlesMove;
  };
}
