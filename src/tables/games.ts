/**
 * The games the bot runs, for the table layer, the records and the weekly night: each game's engine
 * (src/games/<id>, with its record summary and seating rule) joined with its computer players (src/bots/<id>).
 * A game is registered here once, typed by its own engine: `playable` checks that the policies take the engine's
 * views and answer with its moves, and the handle's functions close over those types, so the rest of the bot
 * handles every game alike without casting. The Discord side joins each engine with its UI in src/discord/games.
 */
import { dreierlesPolicies } from '../bots/dreierles/index.ts';
import { reunionPolicies } from '../bots/reunion/index.ts';
import { rommePolicies } from '../bots/romme/index.ts';
import type { BotLevel, DecisionContext, GamePolicies, PolicyLevel } from '../bots/types.ts';
import { dreierles } from '../games/dreierles/index.ts';
import { reunion } from '../games/reunion/index.ts';
import { romme } from '../games/romme/index.ts';
import type { ApplyResult, GameDefinition, OptionSpec, PlayedGame, Seat, SeatingRule, SeatScore } from '../games/types.ts';

/**
 * A game as the table layer plays it. States, moves, views and results are the engine's own, passed through as
 * stored JSON: a state given back must be one this game's `setup` or `apply` made (the table layer keeps each
 * table's state beside its game id), and a move is checked by the engine like any player's.
 */
export interface TableGame<Id extends string = GameId> {
  readonly id: Id;
  /** Display name, e.g. "Réunion". */
  readonly name: string;
  readonly minSeats: number;
  readonly maxSeats: number;
  readonly options: readonly OptionSpec[];
  /** Options every new table gets, not the players' choice (see `GameDefinition.fixedOptions`); empty for most games. */
  readonly fixedOptions: Readonly<Record<string, boolean>>;
  readonly seating: SeatingRule;
  /** The default order of the game's scoreboard. */
  readonly defaultSort: 'net' | 'wins';
  setup(options: Record<string, unknown>, seats: number, seed: string): unknown;
  /** For each seat of a state `setup` made, the join place of the player sitting there; null when seats stay in join order. */
  seatOrder(state: unknown): Seat[] | null;
  toAct(state: unknown): Seat[];
  turnKey(state: unknown): string;
  legalMoves(state: unknown, seat: Seat): unknown[];
  apply(state: unknown, seat: Seat, move: unknown): ApplyResult<unknown, unknown>;
  view(state: unknown, seat: Seat | null): unknown;
  result(state: unknown): unknown;
  /** The record summary of a finished game (see `GameRecords.summarize`). */
  summarize(played: PlayedGame<Record<string, unknown>, unknown, unknown>): { deals: unknown[]; outcomes: SeatScore[] };
  /** A duplicate night's measure of each deal of a record's `deals` (see `GameRecords.dealMeasures`). */
  dealMeasures(deals: readonly unknown[], seats: number): (number | null)[][];
  /** The level Fill with bots, practice tables, the weekly night and timed-out seats use: `expert` where it is measured better than `strong`. */
  readonly botLevel: BotLevel;
  /** The move the policy of `level` chooses for the seat whose `view` (this game's `view(state, seat)`) is given. */
  decide(level: PolicyLevel, view: unknown, ctx: DecisionContext): unknown;
}

/** Join an engine with its computer players into a handle (see `TableGame`). */
function playable<S, M, V, O, E, R, D, Id extends string>(
  engine: GameDefinition<S, M, V, O, E, R, D, Id>,
  policies: GamePolicies<V, M>,
  botLevel: BotLevel,
): TableGame<Id> {
  // The one place a stored value becomes the engine's type again: the table layer hands back only what this engine made.
  const own = <T>(stored: unknown): T => stored as T;
  return {
    id: engine.id,
    name: engine.name,
    minSeats: engine.minSeats,
    maxSeats: engine.maxSeats,
    options: engine.options,
    fixedOptions: engine.fixedOptions ?? {},
    seating: engine.seating,
    defaultSort: engine.records.defaultSort,
    setup: (options, seats, seed) => engine.setup(own<O>(options), seats, seed),
    seatOrder: (state) => engine.seatOrder?.(own<S>(state)) ?? null,
    toAct: (state) => engine.toAct(own<S>(state)),
    turnKey: (state) => engine.turnKey(own<S>(state)),
    legalMoves: (state, seat) => engine.legalMoves(own<S>(state), seat),
    apply: (state, seat, move) => engine.apply(own<S>(state), seat, own<M>(move)),
    view: (state, seat) => engine.view(own<S>(state), seat),
    result: (state) => engine.result(own<S>(state)),
    summarize: (played) => engine.records.summarize(own<PlayedGame<O, M, R>>(played)),
    dealMeasures: (deals, seats) => engine.records.dealMeasures(own<readonly D[]>(deals), seats),
    botLevel,
    decide: (level, view, ctx) => policies[level](own<V>(view), ctx),
  };
}

/**
 * Every game the bot runs, in the order commands list them, with its default computer level: `expert` where it beats
 * `strong` in `npm run tournament` (Dreierles, docs/benchmarks.md), `strong` elsewhere.
 */
export const GAMES = [
  playable(reunion, reunionPolicies, 'strong'),
  playable(dreierles, dreierlesPolicies, 'expert'),
  playable(romme, rommePolicies, 'strong'),
] as const;

/** Identifiers of the games we run, e.g. `reunion`. */
export type GameId = (typeof GAMES)[number]['id'];

/** The game `id`, or undefined if the bot does not run that game (yet). */
export function gameById(id: string): TableGame | undefined {
  return GAMES.find((g): g is (typeof GAMES)[number] => g.id === id);
}

/** The ids of the games the bot runs (at least one). */
export const GAME_IDS = GAMES.map((g) => g.id) as [GameId, ...GameId[]];

/**
 * The move the policy of `level` chooses for the seat whose `view` is given (the engine's `view(state, seat)`
 * for the acting seat). The caller applies it through the table layer like any player's move. Throws for a game
 * the bot does not run.
 */
export function decide(game: GameId, level: PolicyLevel, view: unknown, ctx: DecisionContext): unknown {
  const handle = gameById(game);
  if (!handle) throw new Error(`No computer players for ${game}`);
  return handle.decide(level, view, ctx);
}

/** The default computer level of the game `id` (`strong` for a game the bot does not run). */
export function defaultBotLevel(id: string): BotLevel {
  return gameById(id)?.botLevel ?? 'strong';
}

/** Default options of a game, from its option specs. */
export function defaultOptions(game: Pick<TableGame, 'options'>): Record<string, unknown> {
  return Object.fromEntries(game.options.map((o) => [o.key, o.default]));
}
