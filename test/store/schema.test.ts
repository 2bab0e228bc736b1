/**
 * Stored data with a version (src/store/schema.ts): a table stored before the schema version existed loads migrated
 * (its engine state rebuilt from seed + moves, with fields today's engine writes; the timer fields filled in) and is
 * stored in the current schema with its next change; a table or record of a newer schema, or one that is not what
 * its key should hold, is refused and nothing changes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reunion } from '../../src/games/reunion/index.ts';
import { tableKey } from '../../src/store/keys.ts';
import { openStorage, type Storage, tableStore } from '../../src/store/keyv.ts';
import { Locks } from '../../src/store/lock.ts';
import { decodeRecord, encodeRecord, RECORD_SCHEMA, StoredDataError, TABLE_SCHEMA } from '../../src/store/schema.ts';
import { syntheticRecord } from '../support/records.ts';
import { describeReason } from '../../src/games/types.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function embedded(): Storage {
  const dir = mkdtempSync(join(tmpdir(), 'stammtisch-schema-'));
  const storage = openStorage({ dataFile: join(dir, 'store.sqlite'), namespace: 's' });
  cleanups.push(
    () => storage.close(),
    () => rmSync(dir, { recursive: true, force: true }),
  );
  return storage;
}

/** A Réunion table 10 moves in, as a table stored before `schema`, `turnTimer`, `deadline` and the state's `tricks` existed. */
function oldTable() {
  const options = { piererTiers: false };
  let state = reunion.setup(options, 3, 'schema-seed');
  const moves: { seat: number; move: unknown }[] = [];
  for (let i = 0; i < 10; i++) {
    const seat = reunion.toAct(state)[0] as number;
    const move = reunion.legalMoves(state, seat)[0];
    const r = reunion.apply(state, seat, move as never);
    if (!r.ok) throw new Error(describeReason(r.reason));
    moves.push({ seat, move });
    state = r.state;
  }
  const { tricks: _tricks, ...oldState } = state;
  const table = {
    id: 'old1',
    channelId: '77',
    guildId: '1',
    game: 'reunion',
    options,
    seats: [
      { userId: '2', name: 'alice' },
      { userId: '3', name: 'bob' },
      { userId: '4', name: 'carol' },
    ],
    hostId: '2',
    status: 'playing',
    version: 12,
    seed: 'schema-seed',
    moves,
    state: oldState,
    messageId: 'm1',
    createdAt: 1,
    startedAt: 2,
    updatedAt: 3,
  };
  return { table, state };
}

describe('stored tables', () => {
  it('migrates a table stored before the schema version by replaying its seed and moves, and stores it in the current schema', async () => {
    const storage = embedded();
    const { table, state } = oldTable();
    expect(state.tricks.length).toBeGreaterThan(0); // 10 moves complete tricks: the old state really lacks some
    await storage.keyv.set(tableKey('77'), table);
    const tables = tableStore(storage, new Locks(null));
    const loaded = await tables.get('77');
    expect(loaded).toEqual({ ...table, state, turnTimer: 0, deadline: null });
    await tables.withLock('77', async () => {
      const t = (await tables.get('77'))!;
      t.version += 1;
      await tables.set(t);
    });
    expect(await storage.keyv.get(tableKey('77'))).toMatchObject({ schema: TABLE_SCHEMA, version: 13, turnTimer: 0, deadline: null, state });
  });

  it('refuses a table of a newer schema, or one whose moves do not replay, and changes nothing', async () => {
    const storage = embedded();
    const tables = tableStore(storage, new Locks(null));
    const { table } = oldTable();
    await storage.keyv.set(tableKey('78'), { ...table, schema: TABLE_SCHEMA + 1 });
    await expect(tables.get('78')).rejects.toThrow(/newer version of the bot/);
    await storage.keyv.set(tableKey('79'), { ...table, moves: [{ seat: 0, move: { type: 'nonsense' } }, ...table.moves] });
    await expect(tables.get('79')).rejects.toThrow(StoredDataError);
    await storage.keyv.set(tableKey('80'), { ...table, schema: TABLE_SCHEMA, seats: 'nobody' });
    await expect(tables.withLock('80', async () => tables.delete('80'))).rejects.toThrow(/The stored table cannot be read/);
    expect(await storage.keyv.get(tableKey('80'))).toMatchObject({ seats: 'nobody' });
  });
});

describe('stored records', () => {
  it('carry their schema version, and a record of a newer one or of another shape is refused', () => {
    const record = syntheticRecord({ guildId: '1', seed: 'schema', people: 4, start: 1_700_000_000_000, stepMs: 60_000, timeZone: 'UTC' }, 0);
    const json = encodeRecord(record);
    expect(JSON.parse(json)).toMatchObject({ schema: RECORD_SCHEMA, id: record.id });
    expect(decodeRecord(json)).toEqual(record);
    expect(decodeRecord(JSON.stringify(record))).toEqual(record); // stored before the version existed
    expect(() => decodeRecord(JSON.stringify({ ...record, schema: RECORD_SCHEMA + 1 }))).toThrow(/newer version/);
    expect(() => decodeRecord(JSON.stringify({ ...record, outcomes: null }))).toThrow(StoredDataError);
  });
});
