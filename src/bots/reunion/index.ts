/**
 * Réunion computer players, by level: `random` (a uniformly random legal move, the baseline), `easy` (plain
 * rules, ./easy.ts) and `strong` (determinized search with easy rollouts, ./strong.ts; the default level). Easy
 * and strong play every variant: 4 or 5 players, Staubaus announcements, exchange and play (./staubaus.ts,
 * ./announce.ts).
 * Rule source: docs/rules/reunion.md.
 */
import type { ReunionMove, ReunionView } from '../../games/reunion/types.ts';
import type { GamePolicies } from '../types.ts';
import { easyPolicy } from './easy.ts';
import { randomPolicy } from './random.ts';
import { strongPolicy } from './strong.ts';

export { easyPolicy } from './easy.ts';
export { randomPolicy } from './random.ts';
export { DEFAULT_DISCARD_SHORTLIST, DEFAULT_SAMPLES, type StrongOptions, strongPolicy } from './strong.ts';

export const reunionPolicies: GamePolicies<ReunionView, ReunionMove> = {
  random: randomPolicy,
  easy: easyPolicy,
  strong: strongPolicy(),
  // No Réunion expert yet: the level plays as strong (docs/benchmarks.md).
  expert: strongPolicy(),
};
