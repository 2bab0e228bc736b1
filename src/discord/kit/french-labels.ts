/**
 * The French pack's card labels in the reader's language: the rank letter as the language writes it (English
 * A K Q J, German A K D B: Ass, König, Dame, Bube) and the suit symbol. Card ids (`Q♠`) never change; only labels do.
 */
import { rankOf, suitOf, type Card } from '../../cards/french.ts';
import type { Locale } from '../../i18n/index.ts';

/** A rank as the language writes it on a card: `Q` → "Q" / "D". Pip ranks are numbers in both languages. */
export const rankLabel = (loc: Locale, rank: string): string => (/^\d+$/.test(rank) ? rank : loc.t(`card.rank.${rank}`));

/** A French card's label: `Q♠` → "Q♠" / "D♠", `J♣` → "J♣" / "B♣". */
export const frenchLabel = (loc: Locale, card: Card): string => `${rankLabel(loc, rankOf(card))}${suitOf(card)}`;
