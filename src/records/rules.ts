/**
 * Each game's part of its records, by game id: the scoreboard's default order and the summary of a finished game
 * (the game's `GameDefinition.records`, reached through the one list of games in src/tables/games.ts).
 */
import type { GameId } from '../tables/games.ts';
import { GAMES, type TableGame } from '../tables/games.ts';
import type { RecordRules } from './types.ts';

/** A game's record rules over the table layer's `FinishedGame`. */
function recordRules(game: TableGame): RecordRules {
  return {
    game: game.id,
    defaultSort: game.defaultSort,
    summarize: (finished) => game.summarize({ ...finished, seats: finished.seats.length }),
  };
}

/** The record rules of every game the bot runs, by game id. */
export const RECORD_RULES = Object.fromEntries(GAMES.map((g) => [g.id, recordRules(g)])) as Record<GameId, RecordRules>;
