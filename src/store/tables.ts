/**
 * Keyv-backed table and result repositories (implement src/tables/types.ts).
 * Keys: `table:<channelId>`, `result:<guildId>:<gameId>`, `results:<guildId>` (ids, oldest first).
 */
import type Keyv from 'keyv';
import type { FinishedGame, ResultStore, TableRecord, TableStore } from '../tables/types.ts';
import type { Locks } from './lock.ts';

export class KeyvTableStore implements TableStore {
  constructor(
    private readonly keyv: Keyv,
    private readonly locks: Locks,
  ) {}

  async get(channelId: string): Promise<TableRecord | undefined> {
    return (await this.keyv.get<TableRecord>(`table:${channelId}`)) ?? undefined;
  }

  async set(record: TableRecord): Promise<void> {
    await this.keyv.set(`table:${record.channelId}`, record);
  }

  async delete(channelId: string): Promise<void> {
    await this.keyv.delete(`table:${channelId}`);
  }

  withLock<T>(channelId: string, fn: () => Promise<T>): Promise<T> {
    return this.locks.with(`table:${channelId}`, fn);
  }
}

export class KeyvResultStore implements ResultStore {
  constructor(
    private readonly keyv: Keyv,
    private readonly locks: Locks,
  ) {}

  /** Store a finished game once: appending the same id again changes nothing. */
  append(game: FinishedGame): Promise<void> {
    return this.locks.with(`results:${game.guildId}`, async () => {
      const ids = (await this.keyv.get<string[]>(`results:${game.guildId}`)) ?? [];
      if (ids.includes(game.id)) return;
      await this.keyv.set(`result:${game.guildId}:${game.id}`, game);
      await this.keyv.set(`results:${game.guildId}`, [...ids, game.id]);
    });
  }

  /** All finished games of a guild, oldest first. */
  async list(guildId: string): Promise<FinishedGame[]> {
    const ids = (await this.keyv.get<string[]>(`results:${guildId}`)) ?? [];
    const games = await Promise.all(ids.map((id) => this.keyv.get<FinishedGame>(`result:${guildId}:${id}`)));
    return games.filter((g): g is FinishedGame => !!g);
  }
}
