/**
 * A deal review as a private message in the reader's language (docs/playing.md § Review): every hand as dealt, the
 * hidden cards (discard, blind), each trick in one line; the reader's costliest decisions with what they cost come first (the
 * text is cut at Discord's 2,000 characters from the end).
 * Only ever sent once the deal is over, to a player of that deal. Pure: review in, text out.
 */
import type { Locale } from '../../i18n/index.ts';
import type { DealReview } from '../../review/index.ts';
import type { GameId } from '../../tables/games.ts';
import { dreierlesReviewText } from '../games/dreierles/review.ts';
import { reunionReviewText } from '../games/reunion/review.ts';
import { formatPlays, type Names, nameOf } from '../kit/format.ts';
import type { ReviewText } from '../games/types.ts';

const TEXTS: Partial<Record<GameId, ReviewText>> = { reunion: reunionReviewText, dreierles: dreierlesReviewText };

/** Discord's limit on a message's content. */
const MAX_CONTENT = 2000;

/** The review `review` of game `game` (its display name `gameName`) for the seat's player, seats named by `names`. */
export function reviewContent(loc: Locale, game: GameId, gameName: string, review: DealReview, names: Names): string {
  const text = TEXTS[game] as ReviewText;
  const { facts } = review;
  const label = (card: string) => text.cards(loc, [card]);
  const lines = [
    loc.t('review.head', { game: gameName, no: review.dealNo + 1, name: nameOf(names, review.seat) }),
    review.costliest.length ? loc.t('review.decisions') : loc.t('review.none', { count: review.reviewed }),
    ...review.costliest.map((d, i) =>
      loc.t('review.decision', { no: i + 1, played: text.move(loc, d.played), best: text.move(loc, d.best), cost: text.cost(loc, d.cost) }),
    ),
    loc.t('review.dealt'),
    ...facts.hands.map((h) => loc.t('review.hand', { name: nameOf(names, h.seat), cards: text.cards(loc, h.cards) })),
    ...facts.hidden.filter((h) => h.cards.length).map((h) => text.hidden(loc, h.kind, h.seat === null ? '' : nameOf(names, h.seat), h.cards)),
    loc.t('review.tricks'),
    ...facts.tricks.map((t, i) => loc.t('review.trick', { no: i + 1, plays: formatPlays(t.plays, names, label), name: nameOf(names, t.winner) })),
  ];
  return lines.join('\n').slice(0, MAX_CONTENT);
}

/** The move `move` of `game` in the reader's words (a hint). */
export const moveWords = (loc: Locale, game: GameId, move: unknown): string => (TEXTS[game] as ReviewText).move(loc, move);
