/**
 * A finished game as a sequence of states, move by move, with every hand open: what the web table's replay shows
 * (src/web/replay.ts). Rebuilt with the game's own engine from the record's options, number of seats, seed and move
 * log (as `replayResult` does, src/records/replay.ts); no rule is decided here. Only for finished games: the seed
 * and the moves of a running table stay secret.
 */
import type { Seat } from '../games/types.ts';
import { gameById } from '../tables/games.ts';
import { resolveStoredOptions } from '../tables/options.ts';
import type { FinishedGame, LoggedMove } from '../tables/types.ts';
import { ReplayFileError } from './replay.ts';

/**
 * One state of the replay:
 * - `move`: the move that led here (`{ seat, move }`, the engine's move), null for step 0 (the first deal as dealt);
 * - `view`: the engine's public view after it (`view(state, null)`, the game's view type: src/games/<game>/types.ts);
 * - `hands`: every seat's hand after it, in seat order (each seat's own view's `hand`, card ids);
 * - `discards`: each seat's own discard when its view has one (Réunion's dealer, the Dreierles declarer), else `[]`;
 * - `toAct`: the seats to act next (empty at the end).
 */
export interface ReplayStep {
  move: LoggedMove | null;
  view: unknown;
  hands: string[][];
  discards: string[][];
  toAct: Seat[];
}

/** A list of card ids in a view, or `[]`. */
const cards = (view: unknown, key: 'hand' | 'discard'): string[] => {
  const value = typeof view === 'object' && view !== null ? (view as Record<string, unknown>)[key] : undefined;
  return Array.isArray(value) ? value.filter((c): c is string => typeof c === 'string') : [];
};

/**
 * Every state of `game` from the deal to its end: `moves.length + 1` steps (see `ReplayStep`). Throws
 * `ReplayFileError` for a game id, options or number of seats the engine does not have, and the engine's
 * `IllegalMoveError` for a move it refuses (a record is written from moves it took, so neither happens to a stored game).
 */
export function replaySteps(game: Pick<FinishedGame, 'game' | 'options' | 'seats' | 'seed' | 'moves'>): ReplayStep[] {
  const engine = gameById(game.game);
  if (!engine) throw new ReplayFileError('records:replayFile.game', { game: game.game });
  const seats = game.seats.length;
  if (seats < engine.minSeats || seats > engine.maxSeats)
    throw new ReplayFileError('records:replayFile.seatsRange', { game: engine.name, min: engine.minSeats, max: engine.maxSeats, seats });
  let state: unknown = engine.setup(resolveStoredOptions(engine, game.options), seats, game.seed);
  const step = (move: LoggedMove | null): ReplayStep => {
    const own = Array.from({ length: seats }, (_, s) => engine.view(state, s));
    return {
      move,
      view: engine.view(state, null),
      hands: own.map((v) => cards(v, 'hand')),
      discards: own.map((v) => cards(v, 'discard')),
      toAct: engine.result(state) === null ? engine.toAct(state) : [],
    };
  };
  const steps = [step(null)];
  for (const logged of game.moves) {
    const applied = engine.apply(state, logged.seat, logged.move);
    if (!applied.ok) throw new ReplayFileError('records:replayFile.move', { move: steps.length, seat: logged.seat + 1, reason: applied.reason.code });
    state = applied.state;
    steps.push(step(logged));
  }
  return steps;
}
