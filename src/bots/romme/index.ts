/**
 * Rommé computer players: `random` (a random legal move), `easy` (meld, lay off, discard the costliest card,
 * draw from the stock) and `strong` (hand search and evaluation; see ./strong.ts). Each gets only the acting
 * seat's view. Rule source: docs/rules/romme.md.
 */
import type { RommeMove, RommeView } from '../../games/romme/types.ts';
import type { GamePolicies } from '../types.ts';
import { easyMove } from './easy.ts';
import { randomMove } from './random.ts';
import { strongPolicy } from './strong.ts';

export { DEFAULT_SAMPLES, strongPolicy, type StrongOptions } from './strong.ts';

export const rommePolicies: GamePolicies<RommeView, RommeMove> = {
  random: randomMove,
  easy: (view) => easyMove(view),
  strong: strongPolicy(),
  // No Rommé expert yet: the level plays as strong (docs/benchmarks.md).
  expert: strongPolicy(),
};
