/** Rommé computer players (stub until the real policies land: draw from the stock, discard the first card). */
import type { RommeMove, RommeView } from '../../games/romme/types.ts';
import type { GamePolicies, Policy } from '../types.ts';

const random: Policy<RommeView, RommeMove> = (view) => {
  if (view.phase === 'draw') return { type: 'draw', from: 'stock' };
  const card = view.hand.find((c) => c !== view.takenFromDiscard);
  if (!card) throw new Error('no card to discard');
  return { type: 'discard', card };
};

export const rommePolicies: GamePolicies<RommeView, RommeMove> = { random, easy: random, strong: random };
