/**
 * The weekly store (src/store/weekly.ts) on Redis and on the embedded file store: a claim is won once (also by two
 * clients at once, and still after a restart), the wake index lists only guilds whose time has come, and a deleted
 * config leaves the index.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Locks } from '../../src/store/lock.ts';
import { openStorage, type Storage } from '../../src/store/keyv.ts';
import { WeeklyStore } from '../../src/store/weekly.ts';
import type { WeeklyConfig } from '../../src/weekly/types.ts';
import { cleanupPrefix, REDIS_URL, testPrefix } from '../support/bot.ts';

const dir = mkdtempSync(join(tmpdir(), 'weekly-store-'));
const prefixes: string[] = [];

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  for (const p of prefixes) await cleanupPrefix(p);
});

const config = (guildId: string): WeeklyConfig => ({
  guildId,
  game: 'romme',
  day: 'friday',
  time: '19:30',
  timeZone: 'Europe/Vienna',
  channelId: 'c1',
  roleId: null,
  paused: false,
  since: 0,
  next: { id: '2026-12-04', startsAt: 1000, eventId: null },
  active: [],
  setBy: 'u1',
});

/** Two stores on one backing store (two bot processes), and a reopen (a restart). */
const backends: [string, () => { open: () => { storage: Storage; store: WeeklyStore } }][] = [
  [
    'Redis',
    () => {
      const prefix = testPrefix('weekly-store');
      prefixes.push(prefix);
      return {
        open: () => {
          const storage = openStorage({ redisUrl: REDIS_URL, namespace: prefix });
          return { storage, store: new WeeklyStore(storage.keyv, storage.redis, new Locks(storage.redis)) };
        },
      };
    },
  ],
  [
    'the embedded store',
    () => {
      const dataFile = join(dir, `${Math.random().toString(36).slice(2)}.json`);
      return {
        open: () => {
          const storage = openStorage({ dataFile, namespace: 'weekly' });
          return { storage, store: new WeeklyStore(storage.keyv, storage.redis, new Locks(storage.redis)) };
        },
      };
    },
  ],
];

describe.each(backends)('weekly store on %s', (_name, backend) => {
  it('lets one caller win each claim, also after a restart', async () => {
    const { open } = backend();
    const a = open();
    const b = a.storage.redis ? open() : a; // the embedded store is one process
    const wins = await Promise.all([a.store.claim('g1', '2026-12-04', 'start'), b.store.claim('g1', '2026-12-04', 'start')]);
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect(await a.store.claim('g1', '2026-12-04', 'remind1h')).toBe(true);
    expect(await a.store.claim('g1', '2026-12-11', 'start')).toBe(true);
    await a.storage.close();
    if (b !== a) await b.storage.close();
    const again = open();
    expect(await again.store.claim('g1', '2026-12-04', 'start')).toBe(false);
    // A released claim (a re-set-up night's reminder) is won once more; the others stay taken.
    await again.store.unclaim('g1', '2026-12-04', 'remind1h');
    expect(await again.store.claim('g1', '2026-12-04', 'remind1h')).toBe(true);
    expect(await again.store.claim('g1', '2026-12-04', 'remind1h')).toBe(false);
    expect(await again.store.claim('g1', '2026-12-04', 'start')).toBe(false);
    await again.storage.close();
  });

  it('indexes guilds by when to look at them next, and forgets a cancelled one', async () => {
    const { open } = backend();
    const { storage, store } = open();
    await store.saveConfig(config('g1'), 500);
    await store.saveConfig(config('g2'), 100);
    await store.saveConfig(config('g3'), null);
    expect(await store.dueGuilds(99)).toEqual([]);
    expect(await store.dueGuilds(500)).toEqual(['g2', 'g1']);
    await store.deleteConfig('g2');
    expect(await store.dueGuilds(10_000)).toEqual(['g1']);
    // Cancelled with a night still being played: looked at once more.
    await store.saveConfig(config('g4'), 100);
    await store.deleteConfig('g4', 700);
    expect(await store.config('g4')).toBeUndefined();
    expect(await store.dueGuilds(10_000)).toEqual(['g1', 'g4']);
    await store.deleteConfig('g4');
    expect(await store.config('g2')).toBeUndefined();
    expect((await store.config('g1'))?.timeZone).toBe('Europe/Vienna');
    await store.addHistory('g1', '2026-12-04');
    await store.addHistory('g1', '2026-12-04');
    await store.addHistory('g1', '2026-12-11');
    expect(await store.history('g1')).toEqual(['2026-12-04', '2026-12-11']);
    await storage.close();
  });
});
