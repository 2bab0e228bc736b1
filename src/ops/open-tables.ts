/**
 * The number of open tables in this bot's store, for the `stammtisch_open_tables` gauge. It is counted at scrape
 * time and cached, so scrapes stay cheap: the table store counts its keys (on Redis a SCAN of key names only, no
 * values read, on every master; on the embedded store one SQL count), stopped at `maxKeys` (the gauge is then a
 * lower bound).
 */

/** What can count the stored tables (src/store/tables.ts). */
export interface TableCount {
  /** How many tables are stored, counting at most `max`. */
  count(max: number): Promise<number>;
}

/** Options of `openTableCounter`. */
export interface OpenTableCountOptions {
  /** Stop counting at this many tables (default 100,000). */
  maxKeys?: number;
  /** Reuse a count for this long, in milliseconds (default 10,000). */
  cacheMs?: number;
}

/** A function that counts the tables in `tables`, at most once per `cacheMs`. */
export function openTableCounter(tables: TableCount, opts: OpenTableCountOptions = {}): () => Promise<number> {
  const maxKeys = opts.maxKeys ?? 100_000;
  const cacheMs = opts.cacheMs ?? 10_000;
  let cached: { at: number; count: Promise<number> } | null = null;
  return () => {
    const now = performance.now();
    if (!cached || now - cached.at >= cacheMs) {
      const count = tables.count(maxKeys);
      cached = { at: now, count };
      count.catch(() => (cached = null)); // a failed count is not cached
    }
    return cached.count;
  };
}
