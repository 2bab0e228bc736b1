/** How a Dreierles review reads (src/discord/review): cards by their labels, a decision's move, blind and discard, game points. */
import type { DreierlesMove } from '../../../games/dreierles/types.ts';
import type { Locale } from '../../../i18n/index.ts';
import { decimal } from '../../kit/format.ts';
import type { ReviewText } from '../types.ts';
import { cegoLabel, cegoLabels } from './cego-labels.ts';
import { contractName } from './format.ts';

/** A Dreierles move as a review names it: a card by its label, a bid by its contract, the other words as their buttons say. */
function moveText(loc: Locale, move: DreierlesMove): string {
  switch (move.type) {
    case 'play':
      return cegoLabel(loc, move.card);
    case 'bid':
      return loc.t('dreierles:review.move.bid', { contract: contractName(loc, move.contract) });
    case 'discard':
      return loc.t('dreierles:button.discard', { cards: cegoLabels(loc, move.cards) });
    default:
      return loc.t(`dreierles:button.${move.type}`);
  }
}

/** The Dreierles review's words. */
export const dreierlesReviewText: ReviewText = {
  cards: cegoLabels,
  move: (loc, move) => moveText(loc, move as DreierlesMove),
  hidden: (loc, kind, name, cards) =>
    kind === 'blind'
      ? loc.t('dreierles:review.blind', { cards: cegoLabels(loc, cards) })
      : loc.t('dreierles:review.discard', { name, cards: cegoLabels(loc, cards) }),
  cost: (loc, cost) => loc.t('dreierles:review.cost', { cost: decimal(loc, cost, 2) }),
};
