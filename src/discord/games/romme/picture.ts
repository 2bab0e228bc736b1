/**
 * What Rommé's board picture shows (src/faces/table-picture.ts): the discard pile's top card and the melds on the table,
 * from the public view only (docs/rules/romme.md § Melds: melds and the discard top are open to everyone).
 */
import { publicOnly, type TablePicture } from '../../../faces/table-picture.ts';
import { type CardId, labelOf } from '../../../games/romme/pack.ts';
import type { Meld } from '../../../games/romme/types.ts';

/** The public fields of Rommé's view the picture reads; `seat: null` makes it the public view. */
export interface PublicRommeView {
  seat: null;
  discardTop: CardId | null;
  melds: readonly Meld[];
}

/** Rommé's table: the discard top and the melds (card labels, jokers as `Joker`). Throws `Error` for a seat's view. */
export function rommePicture(view: PublicRommeView): TablePicture {
  publicOnly(view);
  return { kind: 'melds', discardTop: view.discardTop ? labelOf(view.discardTop) : null, melds: view.melds.map((m) => m.cards.map(labelOf)) };
}
