/**
 * The tables' screens (src/store/screens.ts), the same cases on Redis (own prefix, cleaned up) and on the embedded
 * SQLite file: an entry written hands back the one it replaced, expired entries are dropped by readers, a
 * compare-and-delete leaves a newer entry, and the entries survive a reopen (a restart). On Redis also: the key lives
 * as long as its latest entry (raised, never lowered), and a table change's lock-and-read brings the screens along,
 * so the next read costs no round trip.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';
import { afterEach, describe, expect, it } from 'vitest';
import { screensKey } from '../../src/store/keys.ts';
import { openStorage, type Storage, type StorageOptions, tableStore } from '../../src/store/keyv.ts';
import { Locks } from '../../src/store/lock.ts';
import { RedisScreens } from '../../src/store/screens.ts';
import { cleanupPrefix, REDIS_URL, testPrefix } from '../support/bot.ts';

const MIN = 60_000;
let clock = 1_000_000;
const now = () => clock;
const value = (name: string, expiresAt: number) => JSON.stringify({ name, expiresAt });

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Open a store of `kind` that a second `open()` reopens (a restart). */
function stores(kind: 'redis' | 'embedded'): () => Storage {
  let opts: StorageOptions;
  if (kind === 'redis') {
    const prefix = testPrefix('screens');
    cleanups.push(() => cleanupPrefix(prefix));
    opts = { redisUrl: REDIS_URL, namespace: prefix, now };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'stammtisch-screens-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    opts = { dataFile: join(dir, 'store.sqlite'), namespace: 't', now };
  }
  return () => {
    const storage = openStorage(opts);
    cleanups.push(() => storage.close());
    return storage;
  };
}

describe.each(['redis', 'embedded'] as const)('screens on %s', (kind) => {
  it('hands back the replaced entry, drops expired ones, deletes only what it was given, and survives a reopen', async () => {
    clock = 1_000_000;
    const open = stores(kind);
    const { screens } = open();
    expect(await screens.put('c1', 'hand:1', value('first', clock + 15 * MIN), clock + 15 * MIN)).toBeNull();
    expect(await screens.put('c1', 'hand:1', value('second', clock + 15 * MIN), clock + 15 * MIN)).toBe(value('first', clock + 15 * MIN));
    await screens.put('c1', 'board', value('board', clock + 5 * MIN), clock + 5 * MIN);
    await screens.put('c2', 'hand:1', value('elsewhere', clock + 15 * MIN), clock + 15 * MIN);
    expect((await screens.read('c1')).map((e) => e.field).sort()).toEqual(['board', 'hand:1']);

    // Compare-and-delete: the first value is no longer stored, so nothing goes.
    expect(await screens.remove('c1', 'hand:1', value('first', clock + 15 * MIN))).toBe(false);
    expect((await screens.read('c1')).find((e) => e.field === 'hand:1')?.raw).toBe(value('second', clock + 15 * MIN));

    // A restart: a new store on the same data reads what the old one wrote.
    const again = open().screens;
    expect((await again.read('c1')).map((e) => e.raw).sort()).toEqual([value('board', clock + 5 * MIN), value('second', clock + 15 * MIN)]);

    // Readers drop what expired; a replaced entry that had expired is not handed back.
    clock += 6 * MIN;
    expect((await again.read('c1')).map((e) => e.field)).toEqual(['hand:1']);
    expect(await again.put('c1', 'board', value('new board', clock + 15 * MIN), clock + 15 * MIN)).toBeNull();
    expect(await again.remove('c1', 'hand:1', value('second', 1_000_000 + 15 * MIN))).toBe(true);
    expect((await again.read('c1')).map((e) => e.field)).toEqual(['board']);
    await again.clear('c1');
    expect(await again.read('c1')).toEqual([]);
    expect((await again.read('c2')).map((e) => e.field)).toEqual(['hand:1']);
  });
});

describe('screens on Redis', () => {
  it('keep their key as long as the latest entry: raised by a later expiry, never lowered', async () => {
    clock = 1_000_000;
    const storage = stores('redis')();
    const raw = createClient({ url: REDIS_URL });
    await raw.connect();
    cleanups.push(() => raw.quit().then(() => undefined));
    const key = `${storage.namespace}::${screensKey('c1')}`;
    await storage.screens.put('c1', 'hand:1', value('a', clock + 10 * MIN), clock + 10 * MIN);
    const first = await raw.pTTL(key);
    expect(first).toBeGreaterThan(9 * MIN);
    expect(first).toBeLessThanOrEqual(10 * MIN);
    await storage.screens.put('c1', 'hand:2', value('b', clock + 14 * MIN), clock + 14 * MIN);
    expect(await raw.pTTL(key)).toBeGreaterThan(13 * MIN);
    await storage.screens.put('c1', 'board', value('c', clock + 2 * MIN), clock + 2 * MIN);
    expect(await raw.pTTL(key)).toBeGreaterThan(13 * MIN);
  });

  it("come with a table change's lock-and-read: the next read asks Redis nothing", async () => {
    clock = 1_000_000;
    const storage = stores('redis')();
    const tables = tableStore(storage, new Locks(storage.redis));
    await storage.screens.put('c1', 'hand:1', value('a', clock + 10 * MIN), clock + 10 * MIN);
    await tables.withLock('c1', async () => undefined);
    // Deleted behind the store's back: a read that asked Redis would find nothing.
    const raw = createClient({ url: REDIS_URL });
    await raw.connect();
    await raw.del(`${storage.namespace}::${screensKey('c1')}`);
    await raw.quit();
    expect(storage.screens).toBeInstanceOf(RedisScreens);
    expect((await storage.screens.read('c1')).map((e) => e.raw)).toEqual([value('a', clock + 10 * MIN)]);
    // A store without that snapshot (another process) reads Redis.
    const other = openStorage({ redisUrl: REDIS_URL, namespace: storage.namespace, now });
    cleanups.push(() => other.close());
    expect(await other.screens.read('c1')).toEqual([]);
  });
});
