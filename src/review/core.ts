/**
 * The deal review's shared core (docs/playing.md § Review): replay a finished game's move log to one deal, and at
 * each decision of one seat ask an evaluator what every candidate move was worth FROM THAT SEAT'S VIEW at the time
 * (the evaluator gets `view(state, seat)`, never the state: no hindsight). A decision's cost is the best candidate's
 * value minus the value of the move made, in the game's own measure (Réunion units, Dreierles game points).
 * Deterministic: each decision's sampling seed is derived from the review's key and the move number, and evaluators
 * use a fixed number of samples, not a time budget. The work is bounded per decision (the evaluator's samples), and
 * `pause` is awaited between decisions so a caller can give the event loop a turn.
 */
import type { GameDefinition, Seat } from '../games/types.ts';

/** The values of the candidate moves of one decision, in the game's measure for the deciding seat (higher is better). */
export interface Scored<Move> {
  moves: Move[];
  values: number[];
}

/**
 * Scores one decision: the candidate moves for the seat of `view` (the move `played` always among them), each
 * with its mean value over deals sampled with `seed`; null when it cannot evaluate this decision (a phase it
 * does not search). Must see only `view`.
 */
export type Evaluator<View, Move> = (view: View, played: Move, seed: string) => Scored<Move> | null;

/** One reviewed decision: the move's index in the game's log, what was played, the best candidate and the cost (≥ 0). */
export interface Decision<Move> {
  index: number;
  played: Move;
  best: Move;
  /** Best value minus the value of the played move, in the game's measure; 0 when the played move was (one of) the best. */
  cost: number;
}

/** A deal of a finished game as the move log rebuilds it: the state as dealt, the state before its last move, and its moves. */
export interface DealLog<State, Move, Event> {
  /** State right after the deal was dealt (before its first move). */
  start: State;
  /** State right before the deal's last move (the deal's hidden cards, e.g. a discard, are still in it). */
  last: State;
  /** Events of every move of the deal, in order. */
  events: Event[];
  /** The deal's moves, each with its index in the game's log. */
  moves: { index: number; seat: Seat; move: Move }[];
}

/** What the core needs to know of a game besides its engine. */
export interface ReviewGame<State, Move, View, Event> {
  engine: Pick<GameDefinition<State, Move, View, unknown, Event, unknown>, 'setup' | 'apply' | 'view'>;
  /** 0-based number of the deal a state is in. */
  dealNo(state: State): number;
  /** Whether the game is over (its last deal has ended). */
  over(state: State): boolean;
}

/** The game a review replays: its options, number of seats, seed and move log (a `FinishedGame` or table record). */
export interface ReviewSource<Move> {
  options: unknown;
  seats: number;
  seed: string;
  moves: readonly { seat: Seat; move: Move }[];
}

/**
 * The log of deal `dealNo` (0-based) of `source`, or null when the log does not reach that deal's end (the deal is
 * still being played, or there is no such deal). Throws when a logged move does not replay.
 */
export function dealLog<State, Move, View, Event>(
  game: ReviewGame<State, Move, View, Event>,
  source: ReviewSource<Move>,
  dealNo: number,
): DealLog<State, Move, Event> | null {
  let state = game.engine.setup(source.options, source.seats, source.seed);
  let start: State | null = game.dealNo(state) === dealNo ? state : null;
  const events: Event[] = [];
  const moves: DealLog<State, Move, Event>['moves'] = [];
  for (let index = 0; index < source.moves.length; index++) {
    const { seat, move } = source.moves[index]!;
    const before = state;
    const applied = game.engine.apply(state, seat, move);
    if (!applied.ok) throw new Error(`move ${index + 1} does not replay: ${applied.reason.code}`);
    state = applied.state;
    if (game.dealNo(before) === dealNo) {
      events.push(...applied.events);
      moves.push({ index, seat, move });
      if (game.dealNo(state) !== dealNo || game.over(state)) return start && { start, last: before, events, moves };
    } else if (game.dealNo(state) === dealNo) start = state;
  }
  return null;
}

/** The decisions of `seat` in a deal, each scored by `evaluate` from the seat's view at the time. */
export async function reviewDecisions<State, Move, View, Event>(
  game: ReviewGame<State, Move, View, Event>,
  source: ReviewSource<Move>,
  deal: DealLog<State, Move, Event>,
  seat: Seat,
  evaluate: Evaluator<View, Move>,
  opts: { key: string; pause?: () => Promise<void> },
): Promise<Decision<Move>[]> {
  let state = deal.start;
  const out: Decision<Move>[] = [];
  for (const { index, seat: who, move } of deal.moves) {
    if (who === seat) {
      if (opts.pause && out.length) await opts.pause();
      const scored = evaluate(game.engine.view(state, seat), move, `review:${opts.key}:${index}`);
      const decision = scored && decisionOf(scored, move, index);
      if (decision) out.push(decision);
    }
    const applied = game.engine.apply(state, who, move);
    if (!applied.ok) throw new Error(`move ${index + 1} does not replay: ${applied.reason.code}`);
    state = applied.state;
  }
  return out;
}

/** Moves are plain JSON: the same move has the same keys and values (card lists compared as sets). */
export function sameMove(a: unknown, b: unknown): boolean {
  const norm = (m: unknown) => JSON.stringify(m, (_k, v: unknown) => (Array.isArray(v) ? [...(v as unknown[])].map(String).sort() : v));
  return norm(a) === norm(b);
}

/** The decision of `scored` for the move `played`; null when `played` is not among the scored moves. */
function decisionOf<Move>(scored: Scored<Move>, played: Move, index: number): Decision<Move> | null {
  const at = scored.moves.findIndex((m) => sameMove(m, played));
  if (at < 0 || scored.moves.length < 2) return null;
  let best = 0;
  for (let i = 1; i < scored.values.length; i++) if (scored.values[i]! > scored.values[best]! + 1e-9) best = i;
  // The played move wins ties: a move as good as the best costs nothing.
  const cost = Math.max(0, scored.values[best]! - scored.values[at]!);
  return { index, played, best: cost > 1e-9 ? scored.moves[best]! : played, cost: cost > 1e-9 ? cost : 0 };
}

/** The `count` costliest decisions (cost above 0), costliest first (earlier first among equal costs). */
export function costliest<Move>(decisions: readonly Decision<Move>[], count = 3): Decision<Move>[] {
  return decisions
    .filter((d) => d.cost > 0)
    .sort((a, b) => b.cost - a.cost || a.index - b.index)
    .slice(0, count);
}
