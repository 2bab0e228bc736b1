/**
 * The shape every game engine has: a game is data plus pure functions.
 * Engines are pure: no Discord, storage, clock or unseeded randomness. State, moves and views are plain JSON.
 */

/**
 * A seat index, 0-based, in seat order: the order players joined, unless the game seats them by a draw when it
 * starts (`GameDefinition.seatOrder`).
 */
export type Seat = number;

/**
 * A refused move: a machine-readable code and the values its sentence needs (card ids as ids, numbers as numbers).
 * The sentence itself is the game UI's, in the player's language (`<game>:refusal.<code>` in src/i18n).
 */
export interface IllegalReason {
  code: string;
  vars?: Record<string, string | number | readonly string[]>;
}

/** `code` and its variables in one line, for logs and test failures. */
export const describeReason = (reason: IllegalReason): string => (reason.vars ? `${reason.code} ${JSON.stringify(reason.vars)}` : reason.code);

/** Thrown by `applyOrThrow` and by the table layer when a move is refused; `game` is the engine's id when known. */
export class IllegalMoveError extends Error {
  constructor(
    readonly reason: IllegalReason,
    readonly game?: string,
  ) {
    super(describeReason(reason));
    this.name = 'IllegalMoveError';
  }
}

/** Result of applying a move: the new state and the public events it caused, or the reason it was refused. */
export type ApplyResult<State, Event> = { ok: true; state: State; events: Event[] } | { ok: false; reason: IllegalReason };

/**
 * One house-rule option, declared as data: an on/off switch, a whole number within limits (`min`–`max`, in steps
 * of `step`, default 1), or one of a few whole numbers (`choice`: `values`, in the order offered, `default` among
 * them). Its label in each language is `<game>:option.<key>` in src/i18n; a choice's values are labelled
 * `<game>:choice.<key>.<value>` (e.g. `romme:choice.penaltyLimit.0`, "off").
 */
export type OptionSpec =
  | { key: string; type: 'boolean'; default: boolean }
  | { key: string; type: 'integer'; default: number; min: number; max: number; step?: number }
  | {
      key: string;
      type: 'choice';
      default: number;
      values: readonly number[];
      /** For a choice narrowed from a range: the whole numbers `min`–`max` a stored game or replay file may still hold. */
      stored?: { min: number; max: number };
    };

/** How a weekly game night seats its sign-ups at this game's tables (src/weekly/seating.ts). */
export type SeatingRule =
  /** Tables of exactly `seats`, in sign-up order; computer players fill the last one. */
  | { kind: 'fill'; seats: number }
  /** As few tables of at most `max` as possible, split evenly; computer players bring a table up to `min`. */
  | { kind: 'even'; min: number; max: number };

/** A finished game as its record is made from it: the options, the number of seats, seed, move log and result. */
export interface PlayedGame<Options, Move, Result> {
  options: Options;
  seats: number;
  seed: string;
  moves: readonly { seat: Seat; move: Move }[];
  result: Result;
}

/**
 * How one seat did, as its game measures it: `measure` is "higher is better" (units, game points, minus penalty
 * points), `rank` 1 = best (equal seats share a rank), `win` = rank 1, `counts` the game's own integers for /stats.
 */
export interface SeatScore {
  measure: number;
  rank: number;
  win: boolean;
  counts: Record<string, number>;
}

/** What a game contributes to its records: the scoreboard's default order and each finished game's summary. */
export interface GameRecords<Options, Move, Result, Deal> {
  /** The default order of this game's scoreboard: by net measure, or by wins (when the measure only falls with more games). */
  defaultSort: 'net' | 'wins';
  /** The per-deal scores in order and each seat's score (replays the move log when the result does not carry the deals). */
  summarize(game: PlayedGame<Options, Move, Result>): { deals: Deal[]; outcomes: SeatScore[] };
  /**
   * A duplicate night's measure of each deal (src/weekly/duplicate.ts): per deal in order, per seat, the seat's result
   * in the game's own measure, or null when the seat sat the deal out. `deals` are what `summarize` returned.
   */
  dealMeasures(deals: readonly Deal[], seats: number): (number | null)[][];
}

/**
 * A game engine. All functions are pure and deterministic from `seed` and the move log:
 * `replay(setup(options, seats, seed), moves)` rebuilds the state exactly.
 */
export interface GameDefinition<State, Move, View, Options, Event, Result, Deal = unknown, Id extends string = string> {
  /** The game's id in commands, custom ids and storage, e.g. `reunion` (lowercase letters). */
  id: Id;
  /** Display name, e.g. "Réunion". */
  name: string;
  minSeats: number;
  maxSeats: number;
  /** House rules declared as data, with defaults. */
  options: readonly OptionSpec[];
  /**
   * Options every game started from now on gets (`TableService.start`), not offered to players: each marks a rule
   * built after games of this engine were stored. They are kept with the table's options (so in its record and replay file); a stored
   * game or replay file without one replays by the rule it was played with (the engine reads the absent key so).
   */
  fixedOptions?: Readonly<Record<string, boolean>>;
  setup(options: Options, seats: number, seed: string): State;
  /**
   * When the game seats its players by a draw in `setup`: for each seat of `state` (a state `setup` made), the
   * 0-based place in join order of the player who sits there; the table layer reorders its seats to match when the
   * game starts. Null (or no function) when the seats stay in join order.
   */
  seatOrder?(state: State): Seat[] | null;
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
  /** How the weekly game night seats this game. */
  seating: SeatingRule;
  /** The game's part of its records. */
  records: GameRecords<Options, Move, Result, Deal>;
}
