/**
 * What the board's picture shows, built from a PUBLIC view only (`seat: null`; a seat's own view, which holds its
 * hand, is refused by the types and at run time): the trick on the table — or, between tricks, the last one with its
 * winner — each card with its player's name; or the melds on the table and the discard pile's top card (a rummy game's UI builds that one: src/discord/games/<game>/picture.ts). Only
 * cards every player has seen can be in it: the trick, the last trick, the discard top, the melds.
 */
import type { Seat } from '../games/types.ts';

/** One card on the table and who played it. */
export interface PicturePlay {
  name: string;
  card: string;
}

/** A picture of the table: a trick (with the winner's index among `plays` once complete), or melds on the table with the discard pile's top. */
export type TablePicture =
  { kind: 'trick'; plays: PicturePlay[]; winner: number | null } | { kind: 'melds'; discardTop: string | null; melds: string[][] };

/** The public fields of a trick game's view the picture reads; `seat: null` makes it the public view. */
export interface PublicTrickView {
  seat: null;
  trick: readonly { seat: Seat; card: string }[];
  lastTrick: { plays: readonly { seat: Seat; card: string }[]; winner: Seat } | null;
}

/** Whether `view` is the public view (no seat's, so no hand in it): narrows its type for the picture builders. */
export const isPublicView = <V extends { seat: Seat | null }>(view: V): view is V & { seat: null } => view.seat === null;

/** Refuse a view that is not the public one (a seat's view carries its hand): throws `Error`. */
export function publicOnly(view: { seat: Seat | null }): void {
  if (view.seat !== null) throw new Error('A table picture is drawn from the public view only');
}

const nameOf = (names: readonly string[], seat: Seat): string => names[seat] ?? `#${seat + 1}`;

/**
 * The trick in play, or the last complete trick while none is (null when neither: nothing to draw). `names` by seat.
 * Throws `Error` for a seat's view.
 */
export function trickPicture(view: PublicTrickView, names: readonly string[]): TablePicture | null {
  publicOnly(view);
  if (view.trick.length) return { kind: 'trick', plays: view.trick.map((p) => ({ name: nameOf(names, p.seat), card: p.card })), winner: null };
  const last = view.lastTrick;
  if (!last) return null;
  const plays = last.plays.map((p) => ({ name: nameOf(names, p.seat), card: p.card }));
  return { kind: 'trick', plays, winner: last.plays.findIndex((p) => p.seat === last.winner) };
}
