/**
 * The embedded store's one SQLite file (better-sqlite3), used when no Redis is configured: Keyv's entries (tables,
 * weekly nights, settings, claims), the table deadlines and the finished games' records share it, so a move's table
 * write and its deadline are one transaction. Tables:
 *
 * | table | columns | content |
 * |---|---|---|
 * | `kv` | `namespace`, `key`, `value` | Keyv's entries: `value` is Keyv's serialized JSON (src/store/embedded/keyv-sqlite.ts) |
 * | `deadlines` | `channel_id`, `at` | when a channel's table needs attention (epoch ms; src/store/deadlines.ts) |
 * | `screens` | `channel_id`, `field`, `value`, `expires_at` | a table's live hands' and board's interaction tokens (src/store/screens.ts) |
 * | `records` | `guild_id`, `id`, `seq`, `finished_at`, `json` | finished games (src/store/records/sqlite.ts) |
 *
 * WAL journal, `synchronous=NORMAL`: a transaction is applied whole or not at all, also when the process dies; a
 * power cut may lose the last transactions but leaves the file consistent. SQLite keeps two companion files beside
 * it while open (`-wal`, `-shm`).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS kv (
  namespace TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (namespace, key)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS deadlines (
  channel_id TEXT PRIMARY KEY,
  at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS deadlines_at ON deadlines (at);
CREATE TABLE IF NOT EXISTS screens (
  channel_id TEXT NOT NULL,
  field TEXT NOT NULL,
  value TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (channel_id, field)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS records (
  guild_id TEXT NOT NULL,
  id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  finished_at INTEGER NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (guild_id, id),
  UNIQUE (guild_id, seq)
)`;

export class EmbeddedDb {
  readonly db: Database.Database;

  /** Open (creating the file and its folder if needed) the database at `file`. Throws when it cannot be opened. */
  constructor(readonly file: string) {
    mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(SCHEMA);
  }

  /** Run `work` as one transaction (committed when it returns, rolled back when it throws). */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  /** Close the database (idempotent). */
  close(): void {
    if (this.db.open) this.db.close();
  }
}
