/**
 * Keyv-backed table and result repositories (implement src/tables/types.ts).
 * Keys (after the `<prefix>::` namespace): `table:{<channelId>}`, `result:{<guildId>}:<tableId>`,
 * `results:{<guildId>}` (ids, oldest first). The braces are Redis Cluster hash tags: a table's key and its lock
 * (`lock:table:{<channelId>}`, src/store/lock.ts) share one hash slot, as do a guild's results and their index.
 */
import type Keyv from 'keyv';
import type { FinishedGame, ResultStore, TableRecord, TableStore } from '../tables/types.ts';
import type { Locks } from './lock.ts';

/** The key of a channel's table (hash tag: the channel id). */
export const tableKey = (channelId: string): string => `table:{${channelId}}`;
/** The key of a finished game (hash tag: the guild id). */
export const resultKey = (guildId: string, tableId: string): string => `result:{${guildId}}:${tableId}`;
/** The key of a guild's list of finished games (hash tag: the guild id). */
export const resultsKey = (guildId: string): string => `results:{${guildId}}`;

export class KeyvTableStore implements TableStore {
  constructor(
    private readonly keyv: Keyv,
    private readonly locks: Locks,
  ) {}

  async get(channelId: string): Promise<TableRecord | undefined> {
    return (await this.keyv.get<TableRecord>(tableKey(channelId))) ?? undefined;
  }

  async set(record: TableRecord): Promise<void> {
    await this.keyv.set(tableKey(record.channelId), record);
  }

  async delete(channelId: string): Promise<void> {
    await this.keyv.delete(tableKey(channelId));
  }

  withLock<T>(channelId: string, fn: () => Promise<T>): Promise<T> {
    return this.locks.with(tableKey(channelId), fn);
  }
}

export class KeyvResultStore implements ResultStore {
  constructor(
    private readonly keyv: Keyv,
    private readonly locks: Locks,
  ) {}

  /** Store a finished game once: appending the same id again changes nothing. */
  append(game: FinishedGame): Promise<void> {
    return this.locks.with(resultsKey(game.guildId), async () => {
      const ids = (await this.keyv.get<string[]>(resultsKey(game.guildId))) ?? [];
      if (ids.includes(game.id)) return;
      await this.keyv.set(resultKey(game.guildId, game.id), game);
      await this.keyv.set(resultsKey(game.guildId), [...ids, game.id]);
    });
  }

  /** All finished games of a guild, oldest first. */
  async list(guildId: string): Promise<FinishedGame[]> {
    const ids = (await this.keyv.get<string[]>(resultsKey(guildId))) ?? [];
    const games = await Promise.all(ids.map((id) => this.keyv.get<FinishedGame>(resultKey(guildId, id))));
    return games.filter((g): g is FinishedGame => !!g);
  }
}
