/**
 * Where the record ledger keeps things, and the order of a leaderboard as a number.
 *
 * Every key of a guild carries the hash tag `{<guildId>}`, so on a Redis Cluster all of them live in one slot and
 * one MULTI/EXEC can write them together. Names here are without the `<prefix>::` namespace.
 *
 * Redis (src/store/records/redis.ts):
 * | key | type | content |
 * |---|---|---|
 * | `record:{g}:<id>` | string | the record's JSON (ratings filled in) |
 * | `records:{g}:order` | sorted set | record ids, score = commit sequence 1, 2, … (the order stats were derived in) |
 * | `records:{g}:hist`, `…:hist:<game>`, `…:hist:p:<player>`, `…:hist:<game>:p:<player>` | sorted sets | record ids, score = finishedAt (epoch ms) |
 * | `records:{g}:stats:<game>` | hash | player id → `PlayerStats` JSON |
 * | `records:{g}:names` | hash | player id → `{"name","bot"}` JSON, from their latest game |
 * | `records:{g}:rating:<game>:<player>` | sorted set | `<recordId>:<ordinal>`, score = finishedAt |
 * | `records:{g}:board:<game>:<period id>` | hash | player id → `BoardFigures` JSON |
 * | `records:{g}:board:<game>:<period id>:<sort>` | sorted set | player ids, score = `boardScore` (ascending = board order) |
 *
 * A board holds everyone; the board without computer players is the same order without their ids
 * (src/records/update.ts `COMPUTER_IDS`, at most one per level), so it is not stored twice.
 *
 * The embedded store keeps only the records, in its SQLite file (src/store/records/sqlite.ts: one row per record with
 * its commit sequence), and rebuilds the rest in memory, under the same names as map keys. The ledger's lock is
 * `records:{g}` (src/store/lock.ts adds `lock:`).
 */
import type { GameId } from '../../tables/games.ts';
import type { BoardFigures } from '../../records/update.ts';
import type { BoardSort } from '../../records/types.ts';

const base = (guildId: string) => `records:{${guildId}}`;

/** One record's JSON (Redis only). */
export const recordKey = (guildId: string, recordId: string): string => `record:{${guildId}}:${recordId}`;
/** The name of the ledger's per-guild lock. */
export const ledgerLock = base;
export const orderKey = (guildId: string): string => `${base(guildId)}:order`;

/** The history index of a guild's games, of one game, of one player, or of one player in one game. */
export function historyKey(guildId: string, game?: GameId, playerId?: string): string {
  return `${base(guildId)}:hist${game ? `:${game}` : ''}${playerId !== undefined ? `:p:${playerId}` : ''}`;
}
/** The channel each of a guild's games was played in (hash: record id → channel id), for `HistoryQuery.visibleTo`. */
export const channelsKey = (guildId: string): string => `${base(guildId)}:channels`;
/** The distinct channels of a guild's games (set), so a member who may see all of them skips the per-game check. */
export const channelSetKey = (guildId: string): string => `${base(guildId)}:channelset`;
export const statsKey = (guildId: string, game: GameId): string => `${base(guildId)}:stats:${game}`;
export const namesKey = (guildId: string): string => `${base(guildId)}:names`;
export const ratingKey = (guildId: string, game: GameId, playerId: string): string => `${base(guildId)}:rating:${game}:${playerId}`;
/** A leaderboard's figures (hash), or with `sort` its order (sorted set); computer players included (see COMPUTER_IDS). */
export function boardKey(guildId: string, game: GameId, periodId: string, sort?: BoardSort): string {
  return `${base(guildId)}:board:${game}:${periodId}${sort ? `:${sort}` : ''}`;
}

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
