/**
 * Dreierles' deal review (docs/playing.md § Review): the strong player's candidate scoring (bids, discard,
 * announcements, knocks, card play) in game points, and the facts of a finished deal (the blind included).
 * Rule source: docs/rules/dreierles.md § Deal, § Exchange, § Play.
 */
import { type GameReview, trickFacts } from '../../review/types.ts';
import { dreierles } from '../../games/dreierles/index.ts';
import type { DreierlesEvent, DreierlesMove, DreierlesState, DreierlesView } from '../../games/dreierles/types.ts';
import { scoreMoves } from './strong.ts';

/** Deals sampled per Dreierles decision in a review (fixed, so a review is the same every time). */
export const DREIERLES_REVIEW_SAMPLES = 32;

/** The Dreierles review. */
export const dreierlesReview: GameReview<DreierlesState, DreierlesMove, DreierlesView, DreierlesEvent> = {
  engine: dreierles,
  dealNo: (s) => s.dealNo,
  over: (s) => s.phase === 'over',
  evaluate: (view, played, seed) => scoreMoves(view, played, seed, DREIERLES_REVIEW_SAMPLES),
  facts: ({ start, last, events }) => ({
    hands: start.hands.flatMap((cards, seat) => (cards.length ? [{ seat, cards: cards.slice() }] : [])),
    hidden: [
      { kind: 'blind' as const, seat: null, cards: start.blind.slice() },
      ...(last.discard.length ? [{ kind: 'discard' as const, seat: last.declarer, cards: last.discard.slice() }] : []),
    ],
    tricks: trickFacts(events),
  }),
};
