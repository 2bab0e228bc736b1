/**
 * The index of table deadlines: which channel's table needs attention when (src/tables/deadlines.ts).
 * On Redis it is one sorted set (`deadlines`, src/store/keys.ts; score = epoch ms, member = channel id) shared by
 * every bot process, so whichever process polls first handles a deadline (the table lock and the stored deadline
 * make it happen once). The embedded store keeps it in its SQLite file (table `deadlines`), written in the same
 * transaction as the table. The table stores (src/store/tables.ts) keep the index in step with every table they
 * write; `rebuildDeadlines` finds entries lost before that (a crash between two Redis commands on a cluster).
 */
import type Database from 'better-sqlite3';
import type { DeadlineIndex } from '../tables/types.ts';
import type { EmbeddedDb } from './embedded/db.ts';
import { DEADLINES_KEY } from './keys.ts';
import type { RedisClient } from './redis/client.ts';

/** The shared index on Redis. */
export class RedisDeadlineIndex implements DeadlineIndex {
  /** The index's key name (for scripts that update it with a table, src/store/tables.ts). */
  readonly name = DEADLINES_KEY;

  constructor(private readonly redis: RedisClient) {}

  async set(channelId: string, at: number | null): Promise<void> {
    const c = await this.redis.commands();
    if (at === null) await c.zRem(this.redis.key(this.name), channelId);
    else await c.zAdd(this.redis.key(this.name), { score: at, value: channelId });
  }

  async due(now: number, limit: number): Promise<string[]> {
    return (await this.redis.commands()).zRangeByScore(this.redis.key(this.name), '-inf', now, { LIMIT: { offset: 0, count: limit } });
  }
}

/** The index in the embedded store's SQLite file (one process owns the file). */
export class SqliteDeadlineIndex implements DeadlineIndex {
  private readonly upsert: Database.Statement<[string, number]>;
  private readonly remove: Database.Statement<[string]>;
  private readonly select: Database.Statement<[number, number], { channel_id: string }>;

  constructor(embedded: EmbeddedDb) {
    const { db } = embedded;
    this.upsert = db.prepare('INSERT INTO deadlines (channel_id, at) VALUES (?, ?) ON CONFLICT (channel_id) DO UPDATE SET at = excluded.at');
    this.remove = db.prepare('DELETE FROM deadlines WHERE channel_id = ?');
    this.select = db.prepare('SELECT channel_id FROM deadlines WHERE at <= ? ORDER BY at, channel_id LIMIT ?');
  }

  /** `set`, synchronously (for use inside a transaction). */
  write(channelId: string, at: number | null): void {
    if (at === null) this.remove.run(channelId);
    else this.upsert.run(channelId, at);
  }

  async set(channelId: string, at: number | null): Promise<void> {
    this.write(channelId, at);
  }

  async due(now: number, limit: number): Promise<string[]> {
    return this.select.all(now, limit).map((r) => r.channel_id);
  }
}

/** Where `rebuildDeadlines` reads the stored tables' due times. */
export interface DueTimes {
  /** Every stored table's channel and due time (src/tables/deadlines.ts `dueAt`). */
  dueTimes(): AsyncGenerator<{ channelId: string; at: number | null }>;
}

/**
 * Rebuild the index from every stored table (at start: a deadline whose index write was lost is found again).
 * Returns the tables seen.
 */
export async function rebuildDeadlines(tables: DueTimes, index: DeadlineIndex): Promise<number> {
  let seen = 0;
  for await (const { channelId, at } of tables.dueTimes()) {
    seen++;
    await index.set(channelId, at);
  }
  return seen;
}
