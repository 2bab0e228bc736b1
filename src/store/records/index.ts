/**
 * The record ledger for the configured store: Redis (shared by every bot process; src/store/records/redis.ts) or
 * the embedded store (records in its SQLite file, everything derived kept in memory; src/store/records/memory.ts).
 */
import type { RecordLedger } from '../../records/types.ts';
import type { Storage } from '../keyv.ts';
import type { Locks } from '../lock.ts';
import { MemoryLedger } from './memory.ts';
import { RedisLedger } from './redis.ts';
import { MemoryRecordRows } from './rows.ts';

/**
 * Open the ledger on `storage`: on Redis keys under its namespace (src/store/keys.ts); on the embedded
 * store the records go to `storage.records` (a Storage without it, e.g. one a test builds by hand, keeps them in
 * this process only). Commits run under `locks`.
 */
export function openLedger(storage: Storage, locks: Locks): RecordLedger {
  return storage.redis ? new RedisLedger(storage.redis, locks) : new MemoryLedger(storage.records ?? new MemoryRecordRows(), locks);
}
