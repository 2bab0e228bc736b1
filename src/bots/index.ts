/**
 * The computer players of every game, by game and level (see ./types.ts).
 */
import type { GameId } from '../games/types.ts';
import { dreierlesPolicies } from './dreierles/index.ts';
import { reunionPolicies } from './reunion/index.ts';
import { rommePolicies } from './romme/index.ts';
import type { DecisionContext, PolicyLevel } from './types.ts';

export * from './types.ts';

const POLICIES = { reunion: reunionPolicies, dreierles: dreierlesPolicies, romme: rommePolicies };

/**
 * The move the policy of `level` chooses for the seat whose `view` is given (the engine's `view(state, seat)`
 * for the acting seat). The caller applies it through the table layer like any player's move.
 */
export function decide(game: GameId, level: PolicyLevel, view: unknown, ctx: DecisionContext): unknown {
  const policy = POLICIES[game][level] as (view: unknown, ctx: DecisionContext) => unknown;
  return policy(view, ctx);
}
