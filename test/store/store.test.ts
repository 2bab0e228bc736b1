/**
 * Storage: the embedded SQLite store survives a reopen; on Redis, keys carry the test's prefix and the
 * cross-process lock lets only one holder in at a time; a channel's last finished game expires after a day in both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FINISHED_NOTE_TTL_MS, FinishedNoteStore } from '../../src/store/finished.ts';
import { finishedKey } from '../../src/store/keys.ts';
import { openStorage, tableStore } from '../../src/store/keyv.ts';
import { Locks } from '../../src/store/lock.ts';
import { RecordBook } from '../../src/records/book.ts';
import { openLedger } from '../../src/store/records/index.ts';
import type { KeyvTableStore } from '../../src/store/tables.ts';
import type { TableRecord } from '../../src/tables/types.ts';
import { playFinished } from '../records/played.ts';
import { cleanupPrefix, REDIS_URL, testPrefix } from '../support/bot.ts';

const table = (channelId: string): TableRecord => ({
  id: 't1',
  channelId,
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
});

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe('embedded SQLite store', () => {
  it('keeps a table across a reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stammtisch-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const dataFile = join(dir, 'store.sqlite');
    const first = openStorage({ dataFile, namespace: 't' });
    await tableStore(first, new Locks(null)).set(table('10'));
    await first.close();
    const second = openStorage({ dataFile, namespace: 't' });
    expect(await tableStore(second, new Locks(null)).get('10')).toEqual(table('10'));
  });
});

describe('Redis store', () => {
  it('stores under its prefix, records a finished game once, and locks across instances', async () => {
    const prefix = testPrefix('store');
    cleanups.push(() => cleanupPrefix(prefix));
    const a = openStorage({ redisUrl: REDIS_URL, namespace: prefix });
    const b = openStorage({ redisUrl: REDIS_URL, namespace: prefix });
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    const tablesA = tableStore(a, new Locks(a.redis));
    const tablesB = tableStore(b, new Locks(b.redis));
    await tablesA.set(table('20'));
    expect(await tablesB.get('20')).toEqual(table('20'));

    // Two "processes" increment the same counter under the lock: no lost update.
    let inside = 0;
    let maxInside = 0;
    const bump = (tables: KeyvTableStore) =>
      tables.withLock('20', async () => {
        inside++;
        maxInside = Math.max(maxInside, inside);
        const t = (await tables.get('20'))!;
        await new Promise((r) => setTimeout(r, 2));
        await tables.set({ ...t, version: t.version + 1 });
        inside--;
      });
    await Promise.all(Array.from({ length: 10 }, (_, i) => bump(i % 2 ? tablesA : tablesB)));
    expect(maxInside).toBe(1);
    expect((await tablesA.get('20'))!.version).toBe(11);

    const results = new RecordBook(openLedger(a, new Locks(a.redis)), async () => 'UTC');
    const game = { ...playFinished('reunion', 3, 'store-test').finished, guildId: '1' };
    await results.append(game);
    await results.append(game);
    const listed = await results.list('1');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject(game);
  });
});

describe('embedded SQLite store durability', () => {
  it('has every awaited write on disk, even one made while an earlier write is being saved', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stammtisch-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    let lost = 0;
    for (let i = 0; i < 10; i++) {
      const dataFile = join(dir, `store-${i}.sqlite`);
      const store = openStorage({ dataFile, namespace: 't' });
      await store.keyv.set('big', 'x'.repeat(2_000_000)); // makes each save take a moment
      const first = store.keyv.set('b', 'first');
      await new Promise((r) => setTimeout(r, 1 + (i % 5)));
      await store.keyv.set('b', 'second');
      await first;
      if ((await openStorage({ dataFile, namespace: 't' }).keyv.get('b')) !== 'second') lost++;
    }
    expect(lost).toBe(0);
  });
});

describe("a channel's last finished game", () => {
  const note = { recordId: 'g1', game: 'reunion' as const, finishedAt: 1_700_000_000_000, messageId: 'm1' };

  it('is kept for a day in the embedded store, across a reopen, then forgotten', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stammtisch-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const dataFile = join(dir, 'store.sqlite');
    vi.useFakeTimers({ toFake: ['Date'] });
    cleanups.push(() => void vi.useRealTimers());
    vi.setSystemTime(note.finishedAt);
    const first = openStorage({ dataFile, namespace: 't' });
    await new FinishedNoteStore(first.keyv).set('10', note);
    await first.close();
    const second = openStorage({ dataFile, namespace: 't' });
    cleanups.push(() => second.close());
    const notes = new FinishedNoteStore(second.keyv);
    expect(await notes.get('10')).toEqual(note);
    expect(await notes.get('11')).toBeUndefined();
    vi.setSystemTime(note.finishedAt + FINISHED_NOTE_TTL_MS - 1);
    expect(await notes.get('10')).toEqual(note);
    vi.setSystemTime(note.finishedAt + FINISHED_NOTE_TTL_MS + 1);
    expect(await notes.get('10')).toBeUndefined();
  });

  it('is kept for a day on Redis (the key expires there), the newer game replacing the older', async () => {
    const prefix = testPrefix('finished');
    cleanups.push(() => cleanupPrefix(prefix));
    const storage = openStorage({ redisUrl: REDIS_URL, namespace: prefix });
    cleanups.push(() => storage.close());
    const notes = new FinishedNoteStore(storage.keyv);
    await notes.set('10', note);
    await notes.set('10', { ...note, recordId: 'g2' });
    expect(await notes.get('10')).toEqual({ ...note, recordId: 'g2' });
    const redis = storage.redis!;
    const ttl = await (await redis.commands()).pTTL(redis.key(finishedKey('10')));
    expect(ttl).toBeGreaterThan(FINISHED_NOTE_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(FINISHED_NOTE_TTL_MS);
  });
});
