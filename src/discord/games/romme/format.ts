/**
 * Formatting for Rommé messages in the reader's language: card labels (a card id's copy suffix dropped), melds
 * with jokers shown as the card they stand for, and the sentence for a refused move.
 */
import type { Card } from '../../../cards/french.ts';
import { isJoker, labelOf } from '../../../games/romme/pack.ts';
import { type Meld, standsFor } from '../../../games/romme/index.ts';
import type { IllegalReason } from '../../../games/types.ts';
import type { Locale } from '../../../i18n/index.ts';
import { frenchLabel } from '../../kit/french-labels.ts';

/** A card id (`Q♠/1`) or label (`Q♠`) as the language writes it: "Q♠" / "D♠"; a joker is "Joker" in both. */
export function cardLabel(loc: Locale, card: string): string {
  const label = card.includes('/') ? labelOf(card) : card;
  return isJoker(label) ? loc.t('romme:card.joker') : frenchLabel(loc, label as Card);
}

/** Card ids as labels, space-separated: "7♥ D♠ Joker". */
export const cardLabels = (loc: Locale, cards: readonly string[]): string => cards.map((c) => cardLabel(loc, c)).join(' ');

/**
 * "7♥ 8♥ Joker(9♥) 10♥" — a joker as the card it stands for; in a set whose natural cards leave two suits open, both
 * ("A♣ A♥ Joker(A♠/A♦)": docs/rules/romme.md § Melds).
 */
export function describeMeld(loc: Locale, meld: Meld): string {
  return meld.cards
    .map((c, i) =>
      isJoker(c)
        ? loc.t('romme:card.jokerAs', {
            card: standsFor(meld, i)
              .map((s) => cardLabel(loc, s))
              .join('/'),
          })
        : cardLabel(loc, c),
    )
    .join(' ');
}

/**
 * The sentence for a refused move: `romme:refusal.<code>` with the reason's vars, a `card` id shown as its label and
 * `why` (the code of the reason inside, e.g. why a freed joker makes no meld) as that reason's sentence.
 */
export function refusal(loc: Locale, reason: IllegalReason): string {
  const vars: Record<string, unknown> = { ...reason.vars };
  if (typeof vars.card === 'string') vars.card = cardLabel(loc, vars.card);
  if (typeof vars.why === 'string') vars.why = loc.t(`romme:refusal.${vars.why}`);
  return loc.t(`romme:refusal.${reason.code}`, vars);
}
