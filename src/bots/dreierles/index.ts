/** Dreierles computer players (stub: every level plays a random legal move until the real policies land). */
import { seededRng, shuffle } from '../../cards/random.ts';
import type { DreierlesMove, DreierlesView } from '../../games/dreierles/types.ts';
import type { GamePolicies, Policy } from '../types.ts';

const random: Policy<DreierlesView, DreierlesMove> = (view, ctx) => {
  const rng = seededRng(ctx.seed);
  if (view.phase === 'discard' && view.discardCount > 0) return { type: 'discard', cards: shuffle(view.discardable, rng).slice(0, view.discardCount) };
  if (view.legal.length === 0) throw new Error('no legal move for this seat');
  return view.legal[Math.floor(rng() * view.legal.length)] as DreierlesMove;
};

export const dreierlesPolicies: GamePolicies<DreierlesView, DreierlesMove> = { random, easy: random, strong: random };
