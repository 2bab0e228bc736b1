/**
 * The embedded store's records, in its SQLite file (src/store/embedded/db.ts, table `records`):
 *
 * | column | type | content |
 * |---|---|---|
 * | `guild_id` | TEXT | the guild |
 * | `id` | TEXT | the record's id; (`guild_id`, `id`) is the primary key |
 * | `seq` | INTEGER | the place in the guild's commit order, 1, 2, … (the order its statistics were derived in); (`guild_id`, `seq`) is unique |
 * | `finished_at` | INTEGER | the record's finishedAt (epoch ms) |
 * | `json` | TEXT | the record's JSON (ratings filled in), with its schema version (src/store/schema.ts) |
 *
 * An insert is one transaction, so a crash of the process leaves a record whole or absent.
 */
import type Database from 'better-sqlite3';
import type { GameRecord } from '../../records/types.ts';
import type { EmbeddedDb } from '../embedded/db.ts';
import { decodeRecord, encodeRecord } from '../schema.ts';
import type { RecordRows, StoredRecord } from './rows.ts';

export class SqliteRecordRows implements RecordRows {
  private readonly db: Database.Database;
  private readonly select: Database.Statement<[string], { seq: number; id: string; json: string }>;
  private readonly add: Database.Statement<[string, string, number, number, string]>;

  /** The file the records are in. */
  readonly file: string;

  constructor(embedded: EmbeddedDb) {
    this.file = embedded.file;
    this.db = embedded.db;
    this.select = this.db.prepare('SELECT seq, id, json FROM records WHERE guild_id = ? ORDER BY seq');
    // A second insert of the same id does nothing; one of another id with a taken seq throws (UNIQUE).
    this.add = this.db.prepare(
      'INSERT INTO records (guild_id, id, seq, finished_at, json) VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, id) DO NOTHING',
    );
  }

  rows(guildId: string): StoredRecord[] {
    return this.select.all(guildId).map(({ seq, id, json }) => {
      const record = decodeRecord(json);
      if (record?.id !== id || record.guildId !== guildId) throw new Error(`the stored record ${guildId}/${id} is not that record`);
      return { seq, record };
    });
  }

  insert(guildId: string, seq: number, record: GameRecord): boolean {
    return this.add.run(guildId, record.id, seq, record.finishedAt, encodeRecord(record)).changes === 1;
  }
}
