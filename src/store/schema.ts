/**
 * The shape of stored tables, checked at load.
 */
import type { TableRecord } from '../tables/types.ts';

/** Thrown when a stored value is not what its key should hold (nothing is changed). */
export class StoredDataError extends Error {
  constructor(what: string, detail: string) {
    super(`The stored ${what} cannot be read: ${detail}`);
    this.name = 'StoredDataError';
  }
}

/** A stored table (Keyv's `value`) as a `TableRecord`. Throws `StoredDataError` when it is not one. */
export function decodeTable(value: unknown): TableRecord {
  if (!value || typeof value !== 'object' || typeof (value as { channelId?: unknown }).channelId !== 'string')
    throw new StoredDataError('table', 'not a table');
  return value as TableRecord;
}

/** A table as stored. */
export function encodeTable(table: TableRecord): unknown {
  return table;
}
