/**
 * A Keyv store adapter (Keyv's public `KeyvStoreAdapter`) over the embedded SQLite file (src/store/embedded/db.ts,
 * table `kv`). Keyv hands it serialized values and keeps expiry inside them, so a row is just key → string.
 * Every call is synchronous SQLite under the hood, so a write is on disk (WAL) when its promise resolves.
 */
import { EventEmitter } from 'node:events';
import type Database from 'better-sqlite3';
import type { KeyvStoreAdapter, StoredData } from 'keyv';
import type { EmbeddedDb } from './db.ts';

export class KeyvSqlite extends EventEmitter implements KeyvStoreAdapter {
  /** What Keyv reads to know the adapter (`dialect: 'sqlite'` makes its `iterator` available). */
  readonly opts: { dialect: 'sqlite'; url: string };
  private readonly select: Database.Statement<[string, string], { value: string }>;
  private readonly upsert: Database.Statement<[string, string, string]>;
  private readonly remove: Database.Statement<[string, string]>;
  private readonly removeAll: Database.Statement<[string]>;
  private readonly list: Database.Statement<[string], { key: string; value: string }>;
  private readonly countPrefix: Database.Statement<[string, string, string], { n: number }>;

  constructor(
    readonly embedded: EmbeddedDb,
    /** The namespace of this adapter's rows (Keyv sets it to its own). */
    public namespace: string | undefined,
  ) {
    super();
    this.opts = { dialect: 'sqlite', url: `sqlite://${embedded.file}` };
    const { db } = embedded;
    this.select = db.prepare('SELECT value FROM kv WHERE namespace = ? AND key = ?');
    this.upsert = db.prepare(
      'INSERT INTO kv (namespace, key, value) VALUES (?, ?, ?) ON CONFLICT (namespace, key) DO UPDATE SET value = excluded.value',
    );
    this.remove = db.prepare('DELETE FROM kv WHERE namespace = ? AND key = ?');
    this.removeAll = db.prepare('DELETE FROM kv WHERE namespace = ?');
    this.list = db.prepare('SELECT key, value FROM kv WHERE namespace = ? ORDER BY key');
    this.countPrefix = db.prepare('SELECT count(*) AS n FROM kv WHERE namespace = ? AND substr(key, 1, length(?)) = ?');
  }

  private get ns(): string {
    return this.namespace ?? '';
  }

  /** The stored string of `key` now, or undefined (synchronous: for use inside a transaction). */
  read(key: string): string | undefined {
    return this.select.get(this.ns, key)?.value;
  }

  /** Store `value` (Keyv's serialized string) at `key` (synchronous: for use inside a transaction). */
  write(key: string, value: string): void {
    this.upsert.run(this.ns, key, value);
  }

  /** Delete `key`; true when it was there (synchronous: for use inside a transaction). */
  erase(key: string): boolean {
    return this.remove.run(this.ns, key).changes > 0;
  }

  /** How many keys start with `prefix`. */
  count(prefix: string): number {
    return this.countPrefix.get(this.ns, prefix, prefix)?.n ?? 0;
  }

  async get<Value>(key: string): Promise<StoredData<Value> | undefined> {
    return this.read(key) as StoredData<Value> | undefined;
  }

  async getMany<Value>(keys: string[]): Promise<Array<StoredData<Value | undefined>>> {
    return keys.map((key) => this.read(key) as StoredData<Value | undefined>);
  }

  async set(key: string, value: string): Promise<boolean> {
    this.write(key, value);
    return true;
  }

  async has(key: string): Promise<boolean> {
    return this.read(key) !== undefined;
  }

  async delete(key: string): Promise<boolean> {
    return this.erase(key);
  }

  async deleteMany(keys: string[]): Promise<boolean> {
    return this.embedded.transaction(() => keys.map((key) => this.erase(key)).some(Boolean));
  }

  async clear(): Promise<void> {
    this.removeAll.run(this.ns);
  }

  /** Every entry of the namespace as `[key, stored string]`, in key order. */
  async *iterator<Value>(): AsyncGenerator<Array<string | Awaited<Value> | undefined>, void> {
    for (const { key, value } of this.list.all(this.ns)) yield [key, value as Awaited<Value>];
  }

  async disconnect(): Promise<void> {}
}
