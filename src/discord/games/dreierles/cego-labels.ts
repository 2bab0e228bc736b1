/**
 * Cego card labels in the reader's language (docs/rules/dreierles.md § Pack). Card ids (`Q♥`, `C♣`, `18`, `Stiess`,
 * `1`) never change; only labels do. The suit cards' rank letters are the language's: English K Q C J (King, Queen,
 * Cavalier, Jack), German K D R B (König, Dame, Reiter, Bube); pips as they are. Trumps are written `T2` … `T21`
 * in both languages, so that a trump never reads as a plain number in a sentence; trump 1 is the Pfeife and the
 * highest trump the Stiess (German Gstieß).
 */
import { PFEIFE, STIESS, isTrump } from '../../../cards/cego.ts';
import type { Locale } from '../../../i18n/index.ts';

/** A Cego card's label: `Q♥` → "Q♥" / "D♥", `C♣` → "C♣" / "R♣", `18` → "T18", `1` → "Pfeife", `Stiess` → "Stiess" / "Gstieß". A string that is not a card is shown as it is. */
export function cegoLabel(loc: Locale, card: string): string {
  if (card === STIESS) return loc.t('dreierles:card.stiess');
  if (card === PFEIFE) return loc.t('dreierles:card.pfeife');
  if (/^\d+$/.test(card)) return isTrump(card) ? loc.t('dreierles:card.trump', { n: card }) : card;
  const rank = card.slice(0, -1);
  const letter = /^[KQCJA]$/.test(rank) ? loc.t(`dreierles:card.rank.${rank}`) : rank;
  return `${letter}${card.slice(-1)}`;
}

/** Cards as labels, separated by spaces ("K♥ T18 Pfeife"). */
export const cegoLabels = (loc: Locale, cards: readonly string[]): string => cards.map((c) => cegoLabel(loc, c)).join(' ');
