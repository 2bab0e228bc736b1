/** How a Réunion review reads (src/discord/review): cards by their labels, a decision's move, the discard, the cost in units. */
import type { ReunionMove } from '../../../games/reunion/index.ts';
import type { Locale } from '../../../i18n/index.ts';
import { decimal } from '../../kit/format.ts';
import type { ReviewText } from '../types.ts';
import { cardLabel, cardList } from './format.ts';

/** A Réunion move as a review names it: a card played by its label, the other moves in a few words. */
function moveText(loc: Locale, move: ReunionMove): string {
  switch (move.type) {
    case 'play':
      return cardLabel(loc)(move.card);
    case 'discard':
      return loc.t('reunion:review.move.discard', { cards: cardList(loc, move.cards) });
    case 'name':
      return loc.t('reunion:review.move.name', { card: cardLabel(loc)(move.card) });
    case 'giveBack':
      return loc.t('reunion:review.move.giveBack', { card: cardLabel(loc)(move.card) });
    case 'staubaus':
      return loc.t('reunion:hand.staubaus');
    case 'pass':
      return loc.t('reunion:hand.pass');
  }
}

/** The Réunion review's words. */
export const reunionReviewText: ReviewText = {
  cards: cardList,
  move: (loc, move) => moveText(loc, move as ReunionMove),
  hidden: (loc, _kind, name, cards) => loc.t('reunion:review.discard', { name, cards: cardList(loc, cards) }),
  cost: (loc, cost) => loc.t('reunion:review.cost', { cost: decimal(loc, cost, 2) }),
};
