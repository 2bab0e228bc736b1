/**
 * The random Réunion player: a uniformly random legal move (discard pair or card), seeded from the decision
 * context. The baseline the other levels are measured against.
 */
import { seededRng } from '../../cards/random.ts';
import type { ReunionMove, ReunionView } from '../../games/reunion/types.ts';
import type { Policy } from '../types.ts';
import { safeNames } from './easy.ts';

/**
 * A uniformly random move of `view.legal`, drawn from `seededRng(ctx.seed)`; naming a card for Staubaus, one of the
 * cards that cannot lie in the discard (`safeNames`), so the move is not refused.
 */
export const randomPolicy: Policy<ReunionView, ReunionMove> = (view, ctx) => {
  const legal = view.phase === 'name' ? safeNames(view) : view.legal;
  if (legal.length === 0) throw new Error('no legal move for this seat');
  return legal[Math.floor(seededRng(ctx.seed)() * legal.length)] as ReunionMove;
};
