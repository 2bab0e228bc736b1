/**
 * The deal review of every game that has one (Réunion, Dreierles), typed once per game and handled alike by the
 * screens: which deals of a state are over, a seat's review of a finished deal, and a hint for a practice table.
 * Rommé has no review yet (`reviewFor` is null).
 */
import type { Seat } from '../games/types.ts';
import { costliest, dealLog, type Decision, type ReviewSource, reviewDecisions } from './core.ts';
import { dreierlesReview } from '../bots/dreierles/review.ts';
import { reunionReview } from '../bots/reunion/review.ts';
import type { DealFacts, GameReview } from './types.ts';

/** Reviewed decisions kept in a review: the costliest ones. */
export const REVIEW_DECISIONS = 3;

/** A seat's review of one finished deal: the deal as it was dealt and played, and the seat's costliest decisions. */
export interface DealReview {
  dealNo: number;
  seat: Seat;
  facts: DealFacts;
  /** Up to `REVIEW_DECISIONS` decisions that cost something, costliest first (moves are the engine's). */
  costliest: Decision<unknown>[];
  /** Decisions of the seat that were scored. */
  reviewed: number;
}

/** A game's review as the screens use it (states, views and moves are the engine's own, passed as stored JSON). */
export interface ReviewHandle {
  /** The number of deals of `state` that are over (the deals 0 … n − 1 can be reviewed). */
  dealsOver(state: unknown): number;
  /**
   * `seat`'s review of deal `dealNo` (0-based) of `source`; null when that deal is not over in the log or `seat` was
   * not dealt in it. `key` names the review (the table id): the sampling seeds derive from it. `pause` is awaited
   * between decisions (give the event loop a turn).
   */
  review(source: ReviewSource<unknown>, dealNo: number, seat: Seat, key: string, pause?: () => Promise<void>): Promise<DealReview | null>;
  /** The best move for the seat of `view` by the same scoring (a practice table's hint); null when it has one move or none. */
  hint(view: unknown, seed: string): unknown;
}

function handle<S, M, V, E>(game: GameReview<S, M, V, E>): ReviewHandle {
  const own = <T>(stored: unknown): T => stored as T;
  return {
    dealsOver: (state) => game.dealNo(own<S>(state)) + (game.over(own<S>(state)) ? 1 : 0),
    async review(source, dealNo, seat, key, pause) {
      const typed = own<ReviewSource<M>>(source);
      const deal = dealLog(game, typed, dealNo);
      if (!deal) return null;
      const facts = game.facts(deal);
      if (!facts.hands.some((h) => h.seat === seat)) return null;
      const decisions = await reviewDecisions(game, typed, deal, seat, game.evaluate, { key, ...(pause ? { pause } : {}) });
      return { dealNo, seat, facts, costliest: costliest(decisions, REVIEW_DECISIONS), reviewed: decisions.length };
    },
    hint(view, seed) {
      const legal = (own<{ legal?: M[] }>(view).legal ?? []) as M[];
      if (legal.length < 2) return null;
      const scored = game.evaluate(own<V>(view), legal[0] as M, seed);
      if (!scored) return null;
      let best = 0;
      for (let i = 1; i < scored.values.length; i++) if (scored.values[i]! > scored.values[best]! + 1e-9) best = i;
      return scored.moves[best] ?? null;
    },
  };
}

const HANDLES: Partial<Record<string, ReviewHandle>> = { reunion: handle(reunionReview), dreierles: handle(dreierlesReview) };

/** The review of `game`, or null for a game without one. */
export const reviewFor = (game: string): ReviewHandle | null => HANDLES[game] ?? null;
