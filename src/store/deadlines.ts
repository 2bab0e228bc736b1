/**
 * The index of table deadlines: which channel's table needs attention when (src/tables/deadlines.ts).
 * On Redis it is one sorted set (`<prefix>::deadlines`, score = epoch ms, member = channel id) shared by every
 * bot process, so whichever process polls first handles a deadline (the table lock and the stored deadline make
 * it happen once). The embedded store keeps it in memory and rebuilds it from the stored tables at start.
 */
import type KeyvRedis from '@keyv/redis';
import type Keyv from 'keyv';
import { dueAt } from '../tables/deadlines.ts';
import type { DeadlineIndex, TableRecord } from '../tables/types.ts';

type ZClient = {
  zAdd(key: string, member: { score: number; value: string }): Promise<unknown>;
  zRem(key: string, member: string): Promise<unknown>;
  zRangeByScore(key: string, min: number | string, max: number | string, o: { LIMIT: { offset: number; count: number } }): Promise<string[]>;
};

/** The shared index on Redis. */
export class RedisDeadlineIndex implements DeadlineIndex {
  private readonly key: string;
  constructor(
    private readonly redis: KeyvRedis<unknown>,
    prefix: string,
  ) {
    this.key = `${prefix}::deadlines`;
  }

  private async client(): Promise<ZClient> {
    return (await this.redis.getClient()) as unknown as ZClient;
  }

  async set(channelId: string, at: number | null): Promise<void> {
    const client = await this.client();
    if (at === null) await client.zRem(this.key, channelId);
    else await client.zAdd(this.key, { score: at, value: channelId });
  }

  async due(now: number, limit: number): Promise<string[]> {
    return (await this.client()).zRangeByScore(this.key, '-inf', now, { LIMIT: { offset: 0, count: limit } });
  }
}

/** The in-process index for the embedded store (one process owns the file). */
export class MemoryDeadlineIndex implements DeadlineIndex {
  private readonly at = new Map<string, number>();

  async set(channelId: string, at: number | null): Promise<void> {
    if (at === null) this.at.delete(channelId);
    else this.at.set(channelId, at);
  }

  async due(now: number, limit: number): Promise<string[]> {
    return [...this.at]
      .filter(([, at]) => at <= now)
      .sort((a, b) => a[1] - b[1])
      .slice(0, limit)
      .map(([channelId]) => channelId);
  }
}

/** A stored table's deadline time from its raw Keyv value (`{"value": table, …}` JSON), or null if it is not one. */
function dueOfRaw(raw: string | null): { channelId: string; at: number | null } | null {
  try {
    const parsed = JSON.parse(raw ?? 'null') as { value?: TableRecord } | null;
    const table = parsed?.value;
    return table?.channelId ? { channelId: table.channelId, at: dueAt(table.deadline) } : null;
  } catch {
    return null;
  }
}

type ScanClient = {
  scanIterator(o: { MATCH: string; COUNT: number }): AsyncIterable<string | string[]>;
  get(key: string): Promise<string | null>;
};

/**
 * Rebuild the index from every stored table (at start: a deadline whose index write was lost in a crash is
 * found again). On Redis it scans only the table keys (`<namespace>::table:*`, on every master of a cluster) and
 * skips any value that is not a table; on the embedded store it walks Keyv's entries. Returns the tables seen.
 */
export async function rebuildDeadlines(keyv: Keyv, index: DeadlineIndex, redis: KeyvRedis<unknown> | null = null): Promise<number> {
  let seen = 0;
  if (redis) {
    for (const node of (await redis.getMasterNodes()) as unknown as ScanClient[])
      for await (const batch of node.scanIterator({ MATCH: `${keyv.namespace}::table:*`, COUNT: 500 }))
        for (const key of Array.isArray(batch) ? batch : [batch]) {
          const due = dueOfRaw(await node.get(key));
          if (!due) continue;
          seen++;
          await index.set(due.channelId, due.at);
        }
    return seen;
  }
  if (!keyv.iterator) return 0;
  for await (const [key, value] of keyv.iterator(keyv.namespace)) {
    if (typeof key !== 'string' || !/(^|:)table:/.test(key)) continue;
    const table = value as TableRecord | undefined;
    if (!table?.channelId) continue;
    seen++;
    await index.set(table.channelId, dueAt(table.deadline));
  }
  return seen;
}
