/**
 * Results that were earned (docs/playing.md § Results that were earned): how much of a person's seat the person
 * played themselves, from the move log alone, and how a seat played mostly by the computer counts on the scoreboard.
 *
 * A seat's **own moves** are its logged moves without `by: 'computer'` (the computer moved for the person when their
 * turn timer ran out, while they were away or after they left); for a seat taken over (`SeatInfo.startedBy`), only
 * those logged before the takeover (`startedBy.at`) are the starter's, since the result is theirs. A person's seat
 * whose own moves are fewer than half of its moves is **played by the computer**: for its person it counts as if it
 * had come last — never a win, ranked below every seat for the rating, and the game's worst measure (the last place's
 * units, game points or penalty points) for the net — so leaving a game, or letting the computer play it, never earns
 * a win, a rating or a net better than anyone's at that table.
 */
import type { LoggedMove, SeatInfo } from '../tables/types.ts';

/** How many of a seat's logged moves there are (`moves`) and how many its credited person made (`own`). */
export interface SeatShare {
  own: number;
  moves: number;
}

/** The share of every seat, by seat (see the file's comment for what counts as the person's own move). */
export function seatShares(game: { seats: readonly Pick<SeatInfo, 'startedBy'>[]; moves: readonly LoggedMove[] }): SeatShare[] {
  const shares = game.seats.map(() => ({ own: 0, moves: 0 }));
  game.moves.forEach((m, i) => {
    const share = shares[m.seat];
    if (!share) return;
    share.moves++;
    const until = game.seats[m.seat]?.startedBy?.at ?? Infinity;
    if (m.by !== 'computer' && i < until) share.own++;
  });
  return shares;
}

/** Whether a person's seat (not a computer player's) was played mostly by the computer: own moves fewer than half. */
export const playedByComputer = (seat: Pick<SeatInfo, 'bot'>, share: SeatShare): boolean => !seat.bot && share.own * 2 < share.moves;

/**
 * How a seat played by the computer counts for its person: as last place — no win, a rank below every seat of the
 * game (`lastRank`: the number of seats + 1, so no seat shares it) and the worst measure of the game (`worstMeasure`,
 * the lowest of all seats'). Other seats keep their ranks, wins and measures.
 */
export function creditForComputerPlay<T extends { measure: number; rank: number; win: boolean }>(
  outcome: T,
  lastRank: number,
  worstMeasure: number,
): T {
  return { ...outcome, win: false, rank: lastRank, measure: Math.min(outcome.measure, worstMeasure) };
}
