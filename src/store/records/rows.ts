/**
 * Where the embedded ledger (src/store/records/memory.ts) keeps its records: only the records, each with its place
 * in the guild's commit order; everything derived from them is rebuilt in memory. Two kinds: the SQLite file of the
 * embedded store (src/store/records/sqlite.ts) and `MemoryRecordRows` below, which keeps them in this process only
 * (tests, and a from-scratch recomputation of a guild's figures).
 */
import type { GameRecord } from '../../records/types.ts';

/** A record as the embedded store keeps it: with its place in the guild's commit order (1, 2, …). */
export interface StoredRecord {
  seq: number;
  record: GameRecord;
}

/** The stored records of every guild. Synchronous: both kinds answer from this process. */
export interface RecordRows {
  /** The guild's records ascending by `seq` (none: []). Throws when a stored row is not a record. */
  rows(guildId: string): StoredRecord[];
  /**
   * Store `record` (its `id` within `guildId`) as number `seq`, whole or not at all. Returns false, storing
   * nothing, when the guild already has a record with that id. Throws when the guild already has another record
   * as number `seq` (the caller numbers the commits, one at a time).
   */
  insert(guildId: string, seq: number, record: GameRecord): boolean;
}

/** Records kept in this process only (gone with it). */
export class MemoryRecordRows implements RecordRows {
  private readonly guilds = new Map<string, Map<string, StoredRecord>>();

  rows(guildId: string): StoredRecord[] {
    return [...(this.guilds.get(guildId)?.values() ?? [])].sort((a, b) => a.seq - b.seq);
  }

  insert(guildId: string, seq: number, record: GameRecord): boolean {
    let guild = this.guilds.get(guildId);
    if (!guild) this.guilds.set(guildId, (guild = new Map()));
    if (guild.has(record.id)) return false;
    for (const stored of guild.values()) if (stored.seq === seq) throw new Error(`guild ${guildId} already has record number ${seq}`);
    guild.set(record.id, { seq, record });
    return true;
  }
}
