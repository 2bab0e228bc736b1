/**
 * The expert Dreierles player: determinized search with an exact endgame. Like the strong player it draws full
 * deals consistent with everything the seat has seen and the others' auction words (./sample.ts) and compares the
 * candidate moves (./candidates.ts) on the same deals with successive halving — with four times the samples
 * (`EXPERT_SAMPLES`), each deal valued by search instead of a fixed player to its end: with at most `SOLVE_CARDS`
 * cards in the hands the exact double-dummy solver (./solver.ts: declarer against the defending pair) values every
 * card from here; earlier, easy players play each sample down to `PLAYOUT_SOLVE_CARDS` and the solver plays the
 * rest. Bids, the discard, Pfeife raus and knocks are chosen the same way over sampled hands and blinds; Räuber
 * deals (no declarer) are played out by easy players. Values are the seat's net game points for the deal
 * (`DealScore.net`). Rule source: docs/rules/dreierles.md.
 */
import { seededRng } from '../../cards/random.ts';
import { apply, toAct } from '../../games/dreierles/engine.ts';
import type { DreierlesEvent, DreierlesMove, DreierlesState, DreierlesView } from '../../games/dreierles/types.ts';
import { type Seat, describeReason } from '../../games/types.ts';
import type { DecisionContext, Policy } from '../types.ts';
import { Board } from './board.ts';
import { candidateMoves } from './candidates.ts';
import { easyBid, easyMove } from './easy.ts';
import { easyMoveOnState, playOut } from './rollout.ts';
import { knowledge, sampleState } from './sample.ts';
import { EndgameSolver } from './solver.ts';
import { clearlyBetter } from './strong.ts';

/** Samples (determinizations) per card-play decision; the other decisions use half. */
export const EXPERT_SAMPLES = 64;

/**
 * Cards left in the three hands at which a decision is solved exactly from the root (4 tricks). Earlier in a deal
 * each sample is played by easy players down to `PLAYOUT_SOLVE_CARDS` and solved from there (3 tricks).
 */
export const SOLVE_CARDS = 12;
export const PLAYOUT_SOLVE_CARDS = 9;

/** Options of the expert player (tests and measurements). */
export interface ExpertOptions {
  /** Samples per card-play decision (default `EXPERT_SAMPLES`). */
  samples?: number;
  /** Cards left at which a decision is solved from the root (default `SOLVE_CARDS`). */
  solveCards?: number;
  /** Cards left at which the solver takes over from the easy players' play-out (default `PLAYOUT_SOLVE_CARDS`). */
  playoutSolveCards?: number;
}

/** `me`'s share of a declarer game's value `declarerNet` (each other seat pays or receives the declarer's amount). */
const shareOf = (s: DreierlesState, me: Seat, declarerNet: number): number => (me === s.declarer ? declarerNet : -declarerNet / (s.seats - 1));

/**
 * `me`'s net game points for the deal from a state in play: easy players down to `solveCards` cards in hand, then
 * the exact solver (declarer games); Räuber is played out by easy players.
 */
export function playValue(s: DreierlesState, me: Seat, solveCards: number): number {
  if (s.declarer === null || s.contract === null) return playOut(s, me);
  const board = new Board(s);
  while (!board.over && board.cardsLeft > solveCards) board.play(board.easyCard());
  return shareOf(s, me, new EndgameSolver(board).value());
}

/** The net game points of `me` for the deal, if `events` hold its score. */
function scored(events: readonly DreierlesEvent[], me: Seat): number | null {
  for (const e of events) if (e.type === 'dealScored') return e.score.net[me] as number;
  return null;
}

/**
 * Apply `move` for `me` to the sampled state `s`, let easy players make the words before play, then value the
 * play (`playValue`). Null when the move is refused in this state.
 */
export function valueAfter(s: DreierlesState, me: Seat, move: DreierlesMove, solveCards: number): number | null {
  if (s.phase === 'play' && move.type === 'play' && s.declarer !== null && s.contract !== null) {
    const board = new Board(s);
    if (!board.legal().includes(move.card)) return null;
    board.play(move.card);
    while (!board.over && board.cardsLeft > solveCards) board.play(board.easyCard());
    return shareOf(s, me, new EndgameSolver(board).value());
  }
  const first = apply(s, me, move);
  if (!first.ok) return null;
  let state = first.state;
  let net = scored(first.events, me);
  for (let guard = 0; net === null && guard < 400; guard++) {
    if (state.phase === 'play') return playValue(state, me, solveCards);
    const actor = toAct(state)[0];
    if (actor === undefined) break;
    const r = apply(state, actor, easyMoveOnState(state, actor));
    if (!r.ok) throw new Error(`expert: the easy move was refused: ${describeReason(r.reason)}`);
    net = scored(r.events, me);
    state = r.state;
  }
  if (net === null) throw new Error('expert: the deal did not end');
  return net;
}

/** Phases whose bold move (knock, Pfeife raus) is taken only when clearly better than the safe one. */
const RISKY_PHASES: readonly string[] = ['knock', 'raeuberKnock', 'declare'];

/** Draws the states a decision is compared on: the i-th sample. */
export type Sampler = (i: number) => DreierlesState;

/** How deep the expert searches: see `ExpertOptions`. */
export interface Depth {
  solveCards: number;
  playoutSolveCards: number;
}

/**
 * `me`'s values of `moves` (by index `alive`) on the sampled state `s`: a declarer game's card play with at most
 * `solveCards` cards left is solved exactly from here (one solver, its table shared by the moves); otherwise each
 * move is valued by `valueAfter`.
 */
function valuesOn(s: DreierlesState, me: Seat, moves: readonly DreierlesMove[], alive: readonly number[], depth: Depth): (number | null)[] {
  if (s.phase === 'play' && s.declarer !== null && s.contract !== null) {
    const board = new Board(s);
    if (board.cardsLeft <= depth.solveCards) {
      const legal = board.legal();
      const solver = new EndgameSolver(board);
      return alive.map((j) => {
        const m = moves[j] as DreierlesMove;
        if (m.type !== 'play' || !legal.includes(m.card)) return null;
        return shareOf(s, me, (solver.valuesOf([m.card]) as number[])[0] as number);
      });
    }
  }
  return alive.map((j) => valueAfter(s, me, moves[j] as DreierlesMove, depth.playoutSolveCards));
}

/**
 * The expert's decision for `view` over the states `sample` draws (`n` of them at most, fewer when the budget
 * runs out): each candidate move valued on every state (`valuesOn`), successive halving after half of them.
 */
export function searchDecision(view: DreierlesView, ctx: DecisionContext, sample: Sampler, n: number, depth: Depth): DreierlesMove {
  const start = ctx.now();
  const me = view.seat as Seat;
  // A sitting-out dealer can only gain from a Räuber knock; Zehn Druck is a free bonus.
  if (view.phase === 'raeuberKnock' && !view.active.includes(me) && view.legal.some((m) => m.type === 'knock')) return { type: 'knock' };
  if (view.phase === 'declare' && view.legal.some((m) => m.type === 'zehnDruck')) return { type: 'zehnDruck' };
  const moves = candidateMoves(view);
  if (moves.length === 0) throw new Error('no legal move for this seat');
  if (moves.length === 1) return moves[0] as DreierlesMove;
  const values: number[][] = moves.map(() => []);
  const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  let alive = moves.map((_, j) => j);
  for (let i = 0; i < n; i++) {
    if (ctx.now() - start >= ctx.budgetMs) break;
    if (i === Math.ceil(n / 2) && alive.length > 3) {
      alive = alive
        .slice()
        .sort((a, b) => mean(values[b] as number[]) - mean(values[a] as number[]))
        .slice(0, Math.max(2, Math.ceil(alive.length / 2)));
    }
    const vs = valuesOn(sample(i), me, moves, alive, depth);
    alive.forEach((j, x) => (values[j] as number[]).push(vs[x] ?? -1000));
  }
  if ((values[0] as number[]).length === 0) return easyMove(view);
  let best = alive[0] as number;
  for (const j of alive) if (mean(values[j] as number[]) > mean(values[best] as number[])) best = j;
  const move = moves[best] as DreierlesMove;
  if (RISKY_PHASES.includes(view.phase) && (move.type === 'knock' || move.type === 'pfeifeRaus') && n > 1) {
    // Doubling and laying out the Pfeife only when clearly better than the safe word (paired, 2 standard errors).
    const safe = moves.findIndex((m) => m.type === 'noKnock' || m.type === 'fertig');
    if (safe >= 0 && !clearlyBetter(values[best] as number[], values[safe] as number[])) return moves[safe] as DreierlesMove;
  }
  return move;
}

/** The expert player (see the file's comment). */
export function expertPolicy(options: ExpertOptions = {}): Policy<DreierlesView, DreierlesMove> {
  const samples = options.samples ?? EXPERT_SAMPLES;
  const depth: Depth = { solveCards: options.solveCards ?? SOLVE_CARDS, playoutSolveCards: options.playoutSolveCards ?? PLAYOUT_SOLVE_CARDS };
  return (view, ctx) => {
    const me = view.seat as Seat;
    // A declarer who knocked back has a strong hand the samples do not model: a defender does not knock again.
    if (view.phase === 'knock' && me !== view.declarer && view.knocks >= 2) return { type: 'noKnock' };
    const n = view.phase === 'play' || RISKY_PHASES.includes(view.phase) ? samples : Math.ceil(samples / 2);
    const rng = seededRng(ctx.seed);
    const k = knowledge(view);
    return searchDecision(view, ctx, () => sampleState(view, k, rng, easyBid), n, depth);
  };
}
