/**
 * Dreierles computer players: `random` (a random legal move, the baseline), `easy` (simple rules) and
 * `strong` (determinized search with easy rollouts, the default level). Rule source: docs/rules/dreierles.md.
 */
import type { DreierlesMove, DreierlesView } from '../../games/dreierles/types.ts';
import type { GamePolicies } from '../types.ts';
import { easyPolicy } from './easy.ts';
import { randomPolicy } from './random.ts';
import { strongPolicy } from './strong.ts';

export { DEFAULT_SAMPLES, strongPolicy, type StrongOptions } from './strong.ts';
export { easyPolicy } from './easy.ts';
export { randomPolicy } from './random.ts';

export const dreierlesPolicies: GamePolicies<DreierlesView, DreierlesMove> = {
  random: randomPolicy,
  easy: easyPolicy,
  strong: strongPolicy(),
  expert: strongPolicy({ samples: 64 }),
};
