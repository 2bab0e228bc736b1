/**
 * Formatting for Rommé messages: melds with jokers shown as the card they stand for.
 */
import { isJoker, labelOf } from '../../../games/romme/cards.ts';
import { type Meld, standsFor } from '../../../games/romme/index.ts';

/** "7♥ 8♥ Joker(9♥) 10♥" — a set's joker shows the rank with the suit left open: "Joker(7?)". */
export function describeMeld(meld: Meld): string {
  return meld.cards.map((c, i) => (isJoker(c) ? `Joker(${standsFor(meld, i)})` : labelOf(c))).join(' ');
}
