/**
 * Game UIs by game id.
 */
import type { GameId } from '../../games/types.ts';
import { dreierlesUi } from './dreierles/index.ts';
import { reunionUi } from './reunion/index.ts';
import { rommeUi } from './romme/index.ts';
import type { GameUi } from './types.ts';

export const UIS: Partial<Record<GameId, GameUi<never, never>>> = {
  reunion: reunionUi as GameUi<never, never>,
  dreierles: dreierlesUi as GameUi<never, never>,
  romme: rommeUi as GameUi<never, never>,
};

/** The UI of a game; throws if the game has none. */
export function uiFor(game: GameId): GameUi<unknown, unknown> {
  const ui = UIS[game];
  if (!ui) throw new Error(`No Discord UI for ${game}`);
  return ui as unknown as GameUi<unknown, unknown>;
}
