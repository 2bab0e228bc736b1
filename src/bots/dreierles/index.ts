/**
 * Dreierles computer players: `random` (a random legal move, the baseline), `easy` (simple rules), `strong`
 * (determinized search with easy rollouts) and `expert` (more samples, each valued with an exact endgame solver,
 * ./expert.ts; the default level). Rule source: docs/rules/dreierles.md.
 */
import type { DreierlesMove, DreierlesView } from '../../games/dreierles/types.ts';
import type { GamePolicies } from '../types.ts';
import { easyPolicy } from './easy.ts';
import { expertPolicy } from './expert.ts';
import { randomPolicy } from './random.ts';
import { strongPolicy } from './strong.ts';

export { DEFAULT_SAMPLES, strongPolicy, type StrongOptions } from './strong.ts';
export { EXPERT_SAMPLES, SOLVE_CARDS, expertPolicy, type ExpertOptions } from './expert.ts';
export { easyPolicy } from './easy.ts';
export { randomPolicy } from './random.ts';

export const dreierlesPolicies: GamePolicies<DreierlesView, DreierlesMove> = {
  random: randomPolicy,
  easy: easyPolicy,
  strong: strongPolicy(),
  expert: expertPolicy(),
};
