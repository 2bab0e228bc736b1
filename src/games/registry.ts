/**
 * The games the bot can run, by id. A new game slots in here and in src/discord/games.
 */
import { dreierles } from './dreierles/index.ts';
import { reunion } from './reunion/index.ts';
import { romme } from './romme/index.ts';
import type { GameDefinition, GameId } from './types.ts';

// Each engine is typed precisely; the table layer handles them through this erased shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = GameDefinition<any, any, any, any, any, any>;

export const GAMES: Partial<Record<GameId, AnyGame>> = { reunion, dreierles, romme };

/** The engine for `id`, or undefined if the bot does not run that game (yet). */
export function gameById(id: string): AnyGame | undefined {
  return Object.hasOwn(GAMES, id) ? (GAMES as Record<string, AnyGame>)[id] : undefined;
}

/** Default options of a game, from its option specs. */
export function defaultOptions(game: AnyGame): Record<string, unknown> {
  return Object.fromEntries(game.options.map((o) => [o.key, o.default]));
}
