/**
 * The Keyv-backed table repository (implements src/tables/types.ts `TableStore`; finished games go to the record
 * ledger, src/store/records/). Key (after the `<prefix>::` namespace): `table:{<channelId>}`. The braces are a
 * Redis Cluster hash tag: a table's key and its lock (`lock:table:{<channelId>}`, src/store/lock.ts) share one
 * hash slot.
 */
import type Keyv from 'keyv';
import type { TableRecord, TableStore } from '../tables/types.ts';
import type { Locks } from './lock.ts';

/** The key of a channel's table (hash tag: the channel id). */
export const tableKey = (channelId: string): string => `table:{${channelId}}`;

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
