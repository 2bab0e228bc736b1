/** Réunion computer players (stub: every level plays a random legal move until the real policies land). */
import { seededRng } from '../../cards/random.ts';
import type { ReunionMove, ReunionView } from '../../games/reunion/types.ts';
import type { GamePolicies, Policy } from '../types.ts';

const random: Policy<ReunionView, ReunionMove> = (view, ctx) => {
  const legal = view.legal;
  if (legal.length === 0) throw new Error('no legal move for this seat');
  return legal[Math.floor(seededRng(ctx.seed)() * legal.length)] as ReunionMove;
};

export const reunionPolicies: GamePolicies<ReunionView, ReunionMove> = { random, easy: random, strong: random };
