/**
 * A table read ahead for an interaction (`prefetch`) is dropped only by the interaction that read it: when two clicks
 * in one channel overlap, the first one's end leaves the second one's read for its reader, so the table is not read twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openStorage, tableStore } from '../../src/store/keyv.ts';
import { Locks } from '../../src/store/lock.ts';
import type { TableRecord } from '../../src/tables/types.ts';

const table: TableRecord = {
  id: 't1',
  channelId: '10',
  guildId: '1',
  game: 'reunion',
  options: {},
  seats: [{ userId: '2', name: 'alice' }],
  hostId: '2',
  status: 'lobby',
  version: 1,
  seed: 's',
  moves: [],
  state: null,
  turnTimer: 0,
  deadline: null,
  messageId: null,
  createdAt: 0,
  startedAt: null,
  updatedAt: 0,
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** A table store on a fresh embedded file with one table in channel 10, and a spy on the store's reads. */
async function storeWithTable() {
  const dir = mkdtempSync(join(tmpdir(), 'stammtisch-'));
  const storage = openStorage({ dataFile: join(dir, 'store.sqlite'), namespace: 't' });
  cleanups.push(async () => {
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const tables = tableStore(storage, new Locks(null));
  await tables.set(table);
  return { tables, reads: vi.spyOn(storage.keyv, 'get') };
}

describe('a prefetched table read', () => {
  it("is not dropped by another interaction's end in the same channel", async () => {
    const { tables, reads } = await storeWithTable();
    const first = tables.prefetch('10'); // click A arrives
    expect(await tables.get('10')).toEqual(table); // A's handler reads its table (the read ahead)
    const second = tables.prefetch('10'); // click B arrives while A is still being handled
    tables.dropPrefetch('10', first); // A's handling ends
    expect(await tables.get('10')).toEqual(table); // B's handler reads: B's read ahead, not a new read
    expect(reads).toHaveBeenCalledTimes(2);
    tables.dropPrefetch('10', second);
  });

  it("is dropped by its own interaction's end, and the next reader reads anew", async () => {
    const { tables, reads } = await storeWithTable();
    const mine = tables.prefetch('10');
    tables.dropPrefetch('10', mine); // e.g. another process claimed the interaction
    expect(await tables.get('10')).toEqual(table);
    expect(reads).toHaveBeenCalledTimes(2);
  });
});
