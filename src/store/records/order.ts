/**
 * The order of a leaderboard as a number, rating points as sorted-set members, and pages: what both record
 * ledgers (src/store/records/redis.ts, src/store/records/memory.ts) share. Their keys are in src/store/keys.ts.
 */
import type { BoardFigures } from '../../records/update.ts';
import type { BoardSort } from '../../records/types.ts';

/** A point of the rating history as a sorted-set member: `<recordId>:<ordinal>` (the ordinal, after the last `:`, comes back exactly from its string). */
export const ratingMember = (recordId: string, ordinal: number): string => `${recordId}:${ordinal}`;
export const ordinalOfMember = (member: string): number => Number(member.slice(member.lastIndexOf(':') + 1));

/** Games per player per board stay below this (2^21), so they fit under the main figure in one score. */
const GAMES_SPAN = 2 ** 21;
/** Ratings are ordered to the millionth. */
const RATING_STEP = 1e6;

/**
 * The sorted-set score that puts a board in order when ascending, with Redis's tie order (member bytes ascending =
 * player id) last: the sort's figure descending, then fewer games first (`BOARD_SORTS` in src/records/types.ts).
 * `net`/`wins`: −figure·2^21 + games, exact for integers up to ±2^32 (measures are units, game points, penalty
 * points); `rating`: the ordinal rounded to 1e-6 in place of the figure; `games`: −games. Both ledgers order by
 * this number, so they agree to the last tie.
 */
export function boardScore(sort: BoardSort, f: BoardFigures): number {
  switch (sort) {
    case 'games':
      return -f.games;
    case 'wins':
      return -f.wins * GAMES_SPAN + f.games;
    case 'net':
      return -f.net * GAMES_SPAN + f.games;
    case 'rating':
      return -Math.round(f.rating * RATING_STEP) * GAMES_SPAN + f.games;
  }
}

/** The 0-based positions `start`…`stop` (inclusive) of a page, or null for an empty one (limit ≤ 0). */
export function pageOf(offset: number, limit: number): { start: number; stop: number } | null {
  const start = Math.max(0, Math.floor(offset));
  const count = Math.floor(limit);
  return count > 0 ? { start, stop: start + count - 1 } : null;
}
