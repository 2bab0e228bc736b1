/**
 * Four or five players for the Réunion computer players (docs/rules/reunion.md § Variants): three seats play each
 * deal and the others sit out holding nothing, so a deal is searched as a three-seat deal. The active seats,
 * ascending, become seats 0, 1, 2: three consecutive seats in ascending order are a rotation of the play order
 * (forehand, the next player, the dealer), so "the next seat" stays the next seat of play.
 */
import type { Seat } from '../../games/types.ts';
import type { Play, ReunionView } from '../../games/reunion/types.ts';

/** A three-seat copy of a view and, per three-seat seat, the table seat it stands for. */
export interface CompactView {
  view: ReunionView;
  /** Table seat of each of the three seats (ascending). */
  seats: Seat[];
}

/**
 * The view of an active seat as a three-seat view (unchanged with three seats): seats renumbered, the per-seat
 * arrays cut to the active seats. `deals` is left as it is (table seats): the game standing reads it with `seats`.
 */
export function compactView(view: ReunionView): CompactView {
  if (view.seats === 3) return { view, seats: [0, 1, 2] };
  const seats = view.active.slice();
  const to = (seat: Seat): Seat => {
    const i = seats.indexOf(seat);
    if (i < 0) throw new Error(`seat ${seat} sits this deal out`);
    return i;
  };
  const plays = (ps: readonly Play[]): Play[] => ps.map((p) => ({ seat: to(p.seat), card: p.card }));
  const pick = <T>(xs: readonly T[]): T[] => seats.map((s) => xs[s] as T);
  const staubaus = view.staubaus && {
    ...view.staubaus,
    announcer: to(view.staubaus.announcer),
    holder: view.staubaus.holder === null ? null : to(view.staubaus.holder),
  };
  return {
    seats,
    view: {
      ...view,
      seat: view.seat === null ? null : to(view.seat),
      seats: 3,
      dealer: to(view.dealer),
      active: [0, 1, 2],
      announcements: view.announcements.map((a) => ({ ...a, seat: to(a.seat) })),
      staubaus,
      handSizes: pick(view.handSizes),
      trick: plays(view.trick),
      leader: to(view.leader),
      lastTrick: view.lastTrick && { plays: plays(view.lastTrick.plays), winner: to(view.lastTrick.winner) },
      tricks: view.tricks.map((tr) => ({ plays: plays(tr.plays), winner: to(tr.winner) })),
      tricksWon: pick(view.tricksWon),
      trickPoints: pick(view.trickPoints),
      toAct: view.toAct.filter((s) => seats.includes(s)).map(to),
    },
  };
}
