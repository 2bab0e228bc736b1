/**
 * The all-seeing Dreierles player, for measurement only (bench/play.ts; never a table level): the expert's search
 * (./expert.ts `searchDecision`) on the true deal instead of sampled ones — every hand, the blind and the discard
 * known. Its result against easy players is the top of the scale the tournament's "share of the gap" measures.
 * Rule source: docs/rules/dreierles.md.
 */
import { view } from '../../games/dreierles/engine.ts';
import type { DreierlesMove, DreierlesState } from '../../games/dreierles/types.ts';
import type { Seat } from '../../games/types.ts';
import type { DecisionContext } from '../types.ts';
import { PLAYOUT_SOLVE_CARDS, SOLVE_CARDS, searchDecision } from './expert.ts';

/** The seer's move for `seat` in the full state `s` (one search of the true deal: it needs no samples). */
export function seerMove(s: DreierlesState, seat: Seat, ctx: DecisionContext): DreierlesMove {
  return searchDecision(view(s, seat), ctx, () => s, 1, { solveCards: SOLVE_CARDS, playoutSolveCards: PLAYOUT_SOLVE_CARDS });
}
