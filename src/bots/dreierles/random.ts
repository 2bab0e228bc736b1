/** The random Dreierles player: a uniformly random legal move (the baseline the other levels are measured against). */
import { seededRng, shuffle } from '../../cards/random.ts';
import type { DreierlesMove, DreierlesView } from '../../games/dreierles/types.ts';
import type { Policy } from '../types.ts';

/**
 * A uniformly random legal move, seeded from `ctx.seed`; for the discard, a random `discardCount` cards of
 * `discardable`. Throws only when the seat has no move.
 */
export const randomPolicy: Policy<DreierlesView, DreierlesMove> = (view, ctx) => {
  const rng = seededRng(ctx.seed);
  if (view.phase === 'discard' && view.discardCount > 0)
    return { type: 'discard', cards: shuffle(view.discardable, rng).slice(0, view.discardCount) };
  if (view.legal.length === 0) throw new Error('no legal move for this seat');
  return view.legal[Math.floor(rng() * view.legal.length)] as DreierlesMove;
};
