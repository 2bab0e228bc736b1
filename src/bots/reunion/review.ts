/**
 * Réunion's deal review (docs/playing.md § Review): the strong player's candidate scoring (card play, discard,
 * Staubaus exchange) in units, and the facts of a finished deal. Rule source: docs/rules/reunion.md § Deal, § Play.
 */
import { type GameReview, trickFacts } from '../../review/types.ts';
import { reunion } from '../../games/reunion/index.ts';
import type { ReunionEvent, ReunionMove, ReunionState, ReunionView } from '../../games/reunion/types.ts';
import { scoreMoves } from './strong.ts';

/** Deals sampled per Réunion decision in a review (fixed, so a review is the same every time). */
export const REUNION_REVIEW_SAMPLES = 200;

/** The Réunion review. */
export const reunionReview: GameReview<ReunionState, ReunionMove, ReunionView, ReunionEvent> = {
  engine: reunion,
  dealNo: (s) => s.dealNo,
  over: (s) => s.phase === 'over',
  evaluate: (view, played, seed) =>
    scoreMoves(view, played, { seed, budgetMs: Number.POSITIVE_INFINITY, now: () => 0 }, { samples: REUNION_REVIEW_SAMPLES }),
  facts: ({ start, last, events }) => ({
    hands: start.hands.flatMap((cards, seat) => (cards.length ? [{ seat, cards: cards.slice() }] : [])),
    hidden: last.discard.length ? [{ kind: 'discard', seat: last.dealer, cards: last.discard.slice() }] : [],
    tricks: trickFacts(events),
  }),
};
