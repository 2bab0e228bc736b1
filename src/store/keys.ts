/**
 * Every stored key, in one table. Names here are without the namespace: on Redis every key is
 * `<KEY_PREFIX>::<name>` (src/store/redis/client.ts `RedisClient.key`); the embedded store keeps the same names in
 * its SQLite file (src/store/embedded/db.ts), where the namespace is a column.
 *
 * Braces are Redis Cluster hash tags: keys with the same tag share one hash slot, so one Lua script or MULTI/EXEC
 * can touch them together (a table with its lock; every key of a guild's records; a guild's weekly keys).
 * Values written through Keyv are Keyv's JSON (`{"value": …}`); the others say their type.
 *
 * | key | type | content | written by |
 * |---|---|---|---|
 * | `table:{<channelId>}` | Keyv | the channel's table (`StoredTable`: `TableRecord` + `schema`) | src/store/tables.ts |
 * | `screens:{<channelId>}` | hash | the table's screens: `hand:<userId>` → a live hand, `board` → the board's interaction (JSON with `expiresAt`; holds interaction tokens, never logged); `PX` = the latest entry's expiry | src/store/screens.ts |
 * | `events:tables` | pub/sub channel (no key) | `TableEvent` JSON, one a committed table change | src/store/events.ts |
 * | `lock:<name>` | string | a lock's owner token (a JSON string), `PX` = the lock's lifetime | src/store/lock.ts |
 * | `deadlines` | sorted set | channel ids, score = when the table needs attention (epoch ms) | src/store/deadlines.ts |
 * | `finished:{<channelId>}` | Keyv | the channel's last finished game (`FinishedNote`), expires after a day | src/store/finished.ts |
 * | `interaction:<id>` | string | `1`: a process claimed the interaction (`PX` 15 minutes) | src/store/claims.ts |
 * | `guild:{<guildId>}:settings` | Keyv | the guild's settings (`GuildSettings`) | src/store/settings.ts |
 * | `weekly:{<guildId>}` | Keyv | the weekly night's config (`WeeklyConfig`) | src/store/weekly.ts |
 * | `weekly:{<guildId>}:night:<occurrence>` | Keyv | one occurrence (`NightState`) | src/store/weekly.ts |
 * | `weekly:{<guildId>}:nights` | Keyv | occurrences that started, oldest first (at most 104) | src/store/weekly.ts |
 * | `weekly:index` | Keyv | guild id → when the weekly runner next looks at it (epoch ms, or null) | src/store/weekly.ts |
 * | `weekly-claim:{<guildId>}:<occurrence>:<what>` | Keyv | `true`: a phase of a night was claimed (`PX` 14 days) | src/store/weekly.ts |
 * | `record:{<g>}:<id>` | string | a finished game's record JSON (ratings filled in; `schema`, src/store/schema.ts) | src/store/records/redis.ts |
 * | `records:{<g>}:order` | sorted set | record ids, score = commit sequence 1, 2, … | 〃 |
 * | `records:{<g>}:hist`, `…:hist:<game>`, `…:hist:p:<player>`, `…:hist:<game>:p:<player>` | sorted sets | record ids, score = finishedAt | 〃 |
 * | `records:{<g>}:channels` | hash | record id → the channel the game was played in (for `HistoryQuery.visibleTo`) | 〃 |
 * | `records:{<g>}:channelset` | set | the distinct channels of the guild's games | 〃 |
 * | `records:{<g>}:stats:<game>` | hash | player id → `PlayerStats` JSON | 〃 |
 * | `records:{<g>}:names` | hash | player id → `{"name","bot"}` JSON, from their latest game | 〃 |
 * | `records:{<g>}:rating:<game>:<player>` | sorted set | `<recordId>:<ordinal>`, score = finishedAt | 〃 |
 * | `records:{<g>}:board:<game>:<period id>` | hash | player id → `BoardFigures` JSON | 〃 |
 * | `records:{<g>}:board:<game>:<period id>:<sort>` | sorted set | player ids, score = `boardScore` (ascending = board order) | 〃 |
 *
 * A board holds everyone; the board without computer players is the same order without their ids
 * (src/records/update.ts `COMPUTER_IDS`), so it is not stored twice. The embedded store keeps the records in a table
 * of its own (src/store/embedded/db.ts) and rebuilds the rest in memory, under the same names as map keys.
 */
import type { GameId } from '../tables/games.ts';
import type { BoardSort } from '../records/types.ts';

/** The key of a channel's table (hash tag: the channel id, shared with its lock). */
export const tableKey = (channelId: string): string => `table:{${channelId}}`;
/** The screens of a channel's table: its live hands' and board's interaction tokens (hash tag: the channel id, with its table). */
export const screensKey = (channelId: string): string => `screens:{${channelId}}`;
/** The pub/sub channel of table change events (a channel, not a key: nothing is stored under it). */
export const TABLE_EVENTS = 'events:tables';
/** The Redis pattern matching every table key. */
export const TABLE_KEYS = 'table:*';
/** The channel's last finished game (hash tag: the channel id, with its table). */
export const finishedKey = (channelId: string): string => `finished:{${channelId}}`;
/** The key of the lock named `name` (the lock of a key shares the key's hash tag). */
export const lockKey = (name: string): string => `lock:${name}`;
/** The sorted set of table deadlines. */
export const DEADLINES_KEY = 'deadlines';
/** The claim on an interaction id. */
export const interactionKey = (interactionId: string): string => `interaction:${interactionId}`;
/** A guild's settings (hash tag: the guild id, with the guild's records). */
export const settingsKey = (guildId: string): string => `guild:{${guildId}}:settings`;

/** A guild's weekly night config. */
export const weeklyConfigKey = (guildId: string): string => `weekly:{${guildId}}`;
/** One occurrence of a guild's weekly night. */
export const weeklyNightKey = (guildId: string, occurrence: string): string => `weekly:{${guildId}}:night:${occurrence}`;
/** The occurrences of a guild's weekly night that started. */
export const weeklyHistoryKey = (guildId: string): string => `weekly:{${guildId}}:nights`;
/** Guild id → when the weekly runner should next look at it. */
export const WEEKLY_INDEX_KEY = 'weekly:index';
/** The claim on one phase (`what`) of an occurrence. */
export const weeklyClaimKey = (guildId: string, occurrence: string, what: string): string => `weekly-claim:{${guildId}}:${occurrence}:${what}`;

const records = (guildId: string) => `records:{${guildId}}`;

/** One record's JSON (Redis only). */
export const recordKey = (guildId: string, recordId: string): string => `record:{${guildId}}:${recordId}`;
/** The name of the record ledger's per-guild lock (`lockKey` adds `lock:`). */
export const ledgerLock = records;
/** Record ids in commit order. */
export const orderKey = (guildId: string): string => `${records(guildId)}:order`;

/** The history index of a guild's games, of one game, of one player, or of one player in one game. */
export function historyKey(guildId: string, game?: GameId, playerId?: string): string {
  return `${records(guildId)}:hist${game ? `:${game}` : ''}${playerId !== undefined ? `:p:${playerId}` : ''}`;
}
/** The channel each of a guild's games was played in (hash: record id → channel id), for `HistoryQuery.visibleTo`. */
export const channelsKey = (guildId: string): string => `${records(guildId)}:channels`;
/** The distinct channels of a guild's games (set), so a member who may see all of them skips the per-game check. */
export const channelSetKey = (guildId: string): string => `${records(guildId)}:channelset`;
/** Player id → statistics in one game. */
export const statsKey = (guildId: string, game: GameId): string => `${records(guildId)}:stats:${game}`;
/** Player id → name and whether a computer player. */
export const namesKey = (guildId: string): string => `${records(guildId)}:names`;
/** A player's rating history in one game. */
export const ratingKey = (guildId: string, game: GameId, playerId: string): string => `${records(guildId)}:rating:${game}:${playerId}`;
/** A leaderboard's figures (hash), or with `sort` its order (sorted set); computer players included (see COMPUTER_IDS). */
export function boardKey(guildId: string, game: GameId, periodId: string, sort?: BoardSort): string {
  return `${records(guildId)}:board:${game}:${periodId}${sort ? `:${sort}` : ''}`;
}
