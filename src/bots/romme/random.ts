/**
 * The random-legal baseline: draws from the stock or the pile at random when both are allowed, then with even
 * odds places something (a meld, lay-off or joker swap among the engine's legal moves) or discards a random
 * allowed card. Deals still end: half the draws take from the stock, and the engine ends a deal when the
 * stock runs out a second time. Rule source: docs/rules/romme.md § A turn.
 */
import { type Rng, seededRng } from '../../cards/random.ts';
import type { RommeMove, RommeView } from '../../games/romme/types.ts';
import type { DecisionContext } from '../types.ts';
import { legalFromView } from './table.ts';

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;

/** A random legal move for the seat to move (seeded by `ctx.seed`). Throws if the seat has none. */
export function randomMove(view: RommeView, ctx: DecisionContext): RommeMove {
  const moves = legalFromView(view);
  if (moves.length === 0) throw new Error('no legal move for this seat');
  const rng = seededRng(ctx.seed);
  if (view.phase === 'draw') return pick(rng, moves);
  const placing = moves.filter((m) => m.type !== 'discard');
  const discards = moves.filter((m) => m.type === 'discard');
  if (placing.length > 0 && (discards.length === 0 || rng() < 0.5)) return pick(rng, placing);
  return pick(rng, discards);
}
