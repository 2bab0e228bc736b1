/**
 * The shape every game engine has (see ../shared/ARCHITECTURE.md § A game is data plus pure functions).
 * Engines are pure: no Discord, storage, clock or unseeded randomness. State, moves and views are plain JSON.
 */

/** A seat index, 0-based, in seat order (the order players joined). */
export type Seat = number;

/** Identifiers of the games we run. */
export type GameId = 'reunion' | 'dreierles' | 'romme';

/** A refused move: a machine-readable code and a sentence a player can read. */
export interface IllegalReason {
  code: string;
  message: string;
}

/** Thrown by `applyOrThrow` and by the table layer when a move is refused. */
export class IllegalMoveError extends Error {
  constructor(readonly reason: IllegalReason) {
    super(reason.message);
    this.name = 'IllegalMoveError';
  }
}

/** Result of applying a move: the new state and the public events it caused, or the reason it was refused. */
export type ApplyResult<State, Event> = { ok: true; state: State; events: Event[] } | { ok: false; reason: IllegalReason };

/** One house-rule option, declared as data: an on/off switch or a whole number within limits. */
export type OptionSpec =
  | { key: string; description: string; type: 'boolean'; default: boolean }
  | { key: string; description: string; type: 'integer'; default: number; min: number; max: number; step?: number };

/**
 * A game engine. All functions are pure and deterministic from `seed` and the move log:
 * `replay(setup(options, seats, seed), moves)` rebuilds the state exactly.
 */
export interface GameDefinition<State, Move, View, Options, Event, Result> {
  id: GameId;
  /** Display name, e.g. "Réunion". */
  name: string;
  minSeats: number;
  maxSeats: number;
  /** House rules declared as data, with defaults. */
  options: readonly OptionSpec[];
  setup(options: Options, seats: number, seed: string): State;
  /** Seats that must act now (empty when the game is over). */
  toAct(state: State): Seat[];
  /**
   * Which turn of play it is: the key stays the same while one seat's turn goes on over several moves (a Rommé
   * turn from draw to discard, the Dreierles declarer's exchange from discard to Fertig) and changes when a new
   * turn begins, even for the same seat (leading after winning a trick, a new deal). Turn timers run per turn.
   */
  turnKey(state: State): string;
  legalMoves(state: State, seat: Seat): Move[];
  apply(state: State, seat: Seat, move: Move): ApplyResult<State, Event>;
  /** What `seat` may see; `null` = what the public channel may see. */
  view(state: State, seat: Seat | null): View;
  /** Final result, or null while the game is running. */
  result(state: State): Result | null;
}
