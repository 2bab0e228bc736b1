/**
 * The number of open tables in this bot's store, for the `stammtisch_open_tables` gauge. It is counted at scrape
 * time and cached, so scrapes stay cheap: on Redis a SCAN of key names only (`<prefix>::table:*`, no values read),
 * stopped after `maxKeys` matches; on the embedded store (or a Redis
 * Cluster) through Keyv's iterator. A count that hit the bound reports
 * the bound (the gauge is then a lower bound).
 */
import type { Storage } from '../store/keyv.ts';

type ScanClient = { scanIterator(o: { MATCH: string; COUNT: number }): AsyncIterable<string | string[]> };

/** Options of `openTableCounter`. */
export interface OpenTableCountOptions {
  /** Stop counting at this many tables (default 100,000). */
  maxKeys?: number;
  /** Reuse a count for this long, in milliseconds (default 10,000). */
  cacheMs?: number;
}

/** A function that counts the tables in `storage` under `prefix`, at most once per `cacheMs`. */
export function openTableCounter(storage: Storage, prefix: string, opts: OpenTableCountOptions = {}): () => Promise<number> {
  const maxKeys = opts.maxKeys ?? 100_000;
  const cacheMs = opts.cacheMs ?? 10_000;
  let cached: { at: number; count: Promise<number> } | null = null;
  return () => {
    const now = performance.now();
    if (!cached || now - cached.at >= cacheMs) {
      const count = countTables(storage, prefix, maxKeys);
      cached = { at: now, count };
      count.catch(() => (cached = null)); // a failed count is not cached
    }
    return cached.count;
  };
}

async function countTables(storage: Storage, prefix: string, maxKeys: number): Promise<number> {
  let count = 0;
  const client = storage.redis ? ((await storage.redis.getClient()) as unknown as Partial<ScanClient>) : null;
  if (client?.scanIterator) {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}::table:*`, COUNT: 1000 })) {
      count += Array.isArray(keys) ? keys.length : 1;
      if (count >= maxKeys) return maxKeys;
    }
    return count;
  }
  // The embedded store (keys in memory), or a Redis Cluster (Keyv's iterator scans every master; it reads values too).
  const { keyv } = storage;
  if (!keyv.iterator) return 0;
  for await (const [key] of keyv.iterator(keyv.namespace)) {
    if (typeof key === 'string' && /(^|:)table:/.test(key) && ++count >= maxKeys) return maxKeys;
  }
  return count;
}
