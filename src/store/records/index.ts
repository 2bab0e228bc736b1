/**
 * The record ledger for the configured store: Redis (shared by every bot process) or the embedded store.
 */
import type { RecordLedger } from '../../records/types.ts';
import type { Storage } from '../keyv.ts';
import type { Locks } from '../lock.ts';

/** Open the ledger on `storage` (keys under `<prefix>::`). */
export function openLedger(storage: Storage, prefix: string, locks: Locks): RecordLedger {
  void storage;
  void prefix;
  void locks;
  throw new Error('not implemented yet');
}
