/**
 * The deal review of each game (docs/playing.md § Review): its engine as the core replays it, the strong player's
 * candidate scoring as the default evaluator (any `Evaluator` can be given instead, e.g. a stronger level's), and
 * the facts of a finished deal a review shows: every hand as dealt, the hidden cards (discard, blind), each trick.
 * Rule source: docs/rules/reunion.md § Deal, § Play; docs/rules/dreierles.md § Deal, § Exchange, § Play.
 */
import { scoreMoves as dreierlesScores } from '../bots/dreierles/strong.ts';
import { scoreMoves as reunionScores } from '../bots/reunion/strong.ts';
import { dreierles } from '../games/dreierles/index.ts';
import type { DreierlesEvent, DreierlesMove, DreierlesState, DreierlesView } from '../games/dreierles/types.ts';
import { reunion } from '../games/reunion/index.ts';
import type { ReunionEvent, ReunionMove, ReunionState, ReunionView } from '../games/reunion/types.ts';
import type { Seat } from '../games/types.ts';
import type { DealLog, Evaluator, ReviewGame } from './core.ts';

/** Deals sampled per Réunion decision in a review (fixed, so a review is the same every time). */
export const REUNION_REVIEW_SAMPLES = 200;
/** Deals sampled per Dreierles decision in a review. */
export const DREIERLES_REVIEW_SAMPLES = 32;

/** One trick of a deal: the plays from the leader, and the winner. */
export interface TrickFact {
  plays: { seat: Seat; card: string }[];
  winner: Seat;
}

/**
 * What a review shows of a finished deal (card ids): each seat's cards as dealt (`hands`, only the seats dealt in),
 * the hidden cards laid aside (`hidden`: `discard` of a seat, the Dreierles `blind`), and every trick in order.
 */
export interface DealFacts {
  hands: { seat: Seat; cards: string[] }[];
  hidden: { kind: 'discard' | 'blind'; seat: Seat | null; cards: string[] }[];
  tricks: TrickFact[];
}

/** A game's review: its engine for the core, its default evaluator, and the facts of a deal. */
export interface GameReview<State, Move, View, Event> extends ReviewGame<State, Move, View, Event> {
  evaluate: Evaluator<View, Move>;
  facts(deal: DealLog<State, Move, Event>): DealFacts;
}

const tricksOf = (events: readonly (ReunionEvent | DreierlesEvent)[]): TrickFact[] =>
  events.flatMap((e) => (e.type === 'trickWon' ? [{ plays: e.plays.map((p) => ({ seat: p.seat, card: p.card })), winner: e.winner }] : []));

/** The Réunion review: the strong player's scoring (card play, discard, Staubaus exchange) in units. */
export const reunionReview: GameReview<ReunionState, ReunionMove, ReunionView, ReunionEvent> = {
  engine: reunion,
  dealNo: (s) => s.dealNo,
  over: (s) => s.phase === 'over',
  evaluate: (view, played, seed) =>
    reunionScores(view, played, { seed, budgetMs: Number.POSITIVE_INFINITY, now: () => 0 }, { samples: REUNION_REVIEW_SAMPLES }),
  facts: ({ start, last, events }) => ({
    hands: start.hands.flatMap((cards, seat) => (cards.length ? [{ seat, cards: cards.slice() }] : [])),
    hidden: last.discard.length ? [{ kind: 'discard', seat: last.dealer, cards: last.discard.slice() }] : [],
    tricks: tricksOf(events),
  }),
};

/** The Dreierles review: the strong player's scoring (bids, discard, announcements, knocks, card play) in game points. */
export const dreierlesReview: GameReview<DreierlesState, DreierlesMove, DreierlesView, DreierlesEvent> = {
  engine: dreierles,
  dealNo: (s) => s.dealNo,
  over: (s) => s.phase === 'over',
  evaluate: (view, played, seed) => dreierlesScores(view, played, seed, DREIERLES_REVIEW_SAMPLES),
  facts: ({ start, last, events }) => ({
    hands: start.hands.flatMap((cards, seat) => (cards.length ? [{ seat, cards: cards.slice() }] : [])),
    hidden: [
      { kind: 'blind' as const, seat: null, cards: start.blind.slice() },
      ...(last.discard.length ? [{ kind: 'discard' as const, seat: last.declarer, cards: last.discard.slice() }] : []),
    ],
    tricks: tricksOf(events),
  }),
};
