/**
 * `npm run backup` (src/backup.ts over src/store/embedded/backup.ts): the embedded store copied by another process
 * while the bot's connection keeps writing — a finished game in it and a table mid-deal — then restored as
 * docs/operations.md says, into a fresh data file: the table (at one moment of the backup, consistent with every other
 * key of that moment), its deadline and the finished game are there, and the game plays on to its record. A plain
 * copy of the file would have missed all of it (still in the -wal). The script's default target, and its refusals.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { openStorage } from '../../src/store/keyv.ts';
import { backupDataFile, defaultBackupFile } from '../../src/store/embedded/backup.ts';
import { openLedger } from '../../src/store/records/index.ts';
import { Locks } from '../../src/store/lock.ts';
import type { Actor } from '../../src/tables/service.ts';
import type { TableRecord } from '../../src/tables/types.ts';
import { embeddedTableService } from '../support/table-service.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const T0 = Date.UTC(2026, 2, 4, 20);
const GUILD = '700';
const alice: Actor = { userId: '101', name: 'Alice' };
const TICK = 'backup-test:tick';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stammtisch-backup-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Start `npm run backup [args]` (what it runs) in `cwd` with only PATH, HOME and `env`; its exit code and output when done. */
function backupScript(cwd: string, env: Record<string, string>, args: string[] = []) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => ['PATH', 'HOME', 'TMPDIR'].includes(k)));
  const child = spawn(process.execPath, ['--import', TSX, join(ROOT, 'src/backup.ts'), ...args], {
    cwd,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const done = new Promise<{ code: number | null; out: string }>((resolve) => child.once('exit', (code) => resolve({ code, out })));
  return { running: () => child.exitCode === null && child.signalCode === null, done };
}

it('a backup taken while a game is played restores the finished game and the table mid-deal, and the game goes on', async () => {
  const dir = tempDir();
  const dataFile = join(dir, 'data', 'stammtisch.sqlite');
  const live = embeddedTableService(dataFile, { namespace: 'stammtisch', seed: 'backup', start: T0 }, cleanups);
  // No checkpoint while the test writes (SQLite's is at 1000 pages of -wal): all of it stays in the -wal, where a copy
  // that skipped the -wal would miss it, instead of some reaching DATA_FILE by chance.
  live.storage.embedded?.db.db.pragma('wal_autocheckpoint = 0');
  const channel = { guildId: GUILD, channelId: '500' };
  const startTable = async () => {
    await live.tables.create(channel, alice, 'reunion', {}, { turnTimer: 120 });
    await live.tables.addBot(channel.channelId, alice, 'easy');
    await live.tables.addBot(channel.channelId, alice, 'easy');
    return live.tables.start(channel.channelId, alice);
  };

  // One finished game, and a second one five moves in.
  let table: TableRecord | undefined = await startTable();
  for (let guard = 0; table && guard < 1000; guard++) table = await live.move(table, alice);
  const finished = await live.ledger.all(GUILD);
  expect(finished.map((r) => r.seed)).toEqual(['backup-1']);
  table = await startTable();
  for (let i = 0; i < 5; i++) table = await live.move(table as TableRecord, alice);
  expect(table?.status).toBe('playing');

  // A plain copy of DATA_FILE alone misses what the running bot has committed to the -wal so far.
  const plain = join(dir, 'plain.sqlite');
  copyFileSync(dataFile, plain);
  const plainStore = openStorage({ dataFile: plain, namespace: 'stammtisch' });
  cleanups.push(() => plainStore.close());
  expect(await openLedger(plainStore, new Locks(null)).all(GUILD)).toEqual([]);

  // The backup in another process while this one keeps writing: every other round a table move (at most 60: the game,
  // 93 moves, stays open), then the round's tick. snapshots[i] is the table after round i, tick i written after it.
  const target = join(dir, 'backup.sqlite');
  const snapshots: (TableRecord | undefined)[] = [table];
  await live.storage.keyv.set(TICK, 0);
  const backup = backupScript(dir, { DATA_FILE: dataFile }, [target]);
  let ticks = 0;
  while (backup.running()) {
    if (ticks % 2 === 0 && ticks < 120) table = await live.move(table as TableRecord, alice);
    snapshots.push(table);
    await live.storage.keyv.set(TICK, ++ticks);
    await sleep(20);
  }
  const { code, out } = await backup.done;
  expect(code, out).toBe(0);
  expect(out).toMatch(new RegExp(`^Backed up ${dataFile} to ${target} \\(\\d+ pages\\)\\.$`, 'm'));
  expect(ticks).toBeGreaterThan(0);

  // Restore: the bot stopped, the backup copied to a data file with no -wal or -shm beside it, the bot started.
  await live.storage.close();
  const restoredFile = join(dir, 'restored', 'stammtisch.sqlite');
  mkdirSync(join(dir, 'restored'));
  copyFileSync(target, restoredFile);
  expect(readdirSync(dir).filter((f) => f.startsWith('backup.sqlite-'))).toEqual([]);
  const restored = embeddedTableService(restoredFile, { namespace: 'stammtisch', seed: 'restored', start: T0 + 86_400_000 }, cleanups);
  expect(await restored.ledger.all(GUILD)).toEqual(finished);
  const tick = (await restored.storage.keyv.get(TICK)) as number;
  expect(tick).toBeGreaterThanOrEqual(0);
  // The table of the backup's moment: the one tick `tick` was written after, or the next move's (its tick not yet written).
  let back = await restored.tables.get(channel.channelId);
  expect([snapshots[tick], snapshots[tick + 1]]).toContainEqual(back);
  expect(back?.status).toBe('playing');
  expect(await restored.deadlines.due(Number.MAX_SAFE_INTEGER, 10)).toEqual(back?.deadline ? [channel.channelId] : []);

  // The game goes on from there to its end, and its record joins the first.
  for (let guard = 0; back && guard < 1000; guard++) back = await restored.move(back, alice);
  expect(back).toBeUndefined();
  expect((await restored.ledger.all(GUILD)).map((r) => r.seed)).toEqual(['backup-1', 'backup-2']);
});

it('npm run backup writes to backups/ beside DATA_FILE by default, and refuses the Redis store', async () => {
  const dir = tempDir();
  const dataFile = join(dir, 'data', 'stammtisch.sqlite');
  const store = openStorage({ dataFile, namespace: 'stammtisch' });
  await store.keyv.set('k', 'v');
  await store.close();

  const { code, out } = await backupScript(dir, { DATA_FILE: dataFile }).done;
  expect(code, out).toBe(0);
  const [file, ...more] = readdirSync(join(dir, 'data', 'backups'));
  expect(more).toEqual([]);
  expect(file).toMatch(/^stammtisch-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sqlite$/);
  const copy = openStorage({ dataFile: join(dir, 'data', 'backups', file as string), namespace: 'stammtisch' });
  cleanups.push(() => copy.close());
  expect(await copy.keyv.get('k')).toBe('v');

  const redis = await backupScript(dir, { DATA_FILE: dataFile, REDIS_URL: 'redis://127.0.0.1:6379' }, [join(dir, 'r.sqlite')]).done;
  expect(redis.code).toBe(1);
  expect(redis.out).toContain('The store is Redis');
  expect(existsSync(join(dir, 'r.sqlite'))).toBe(false);
});

it('a backup never overwrites a file and never creates a store that is not there', async () => {
  const dir = tempDir();
  const dataFile = join(dir, 'stammtisch.sqlite');
  await expect(backupDataFile(dataFile, join(dir, 'b.sqlite'))).rejects.toThrow(`no embedded store at ${dataFile}`);
  expect(readdirSync(dir)).toEqual([]);

  const store = openStorage({ dataFile, namespace: 'stammtisch' });
  cleanups.push(() => store.close());
  await store.keyv.set('k', 'v');
  const before = statSync(dataFile).mtimeMs;
  await expect(backupDataFile(join(dir, 'b.sqlite'), dataFile)).rejects.toThrow('no embedded store');
  await expect(backupDataFile(dataFile, dataFile)).rejects.toThrow(`${dataFile} already exists`);
  expect(statSync(dataFile).mtimeMs).toBe(before);
  expect(await store.keyv.get('k')).toBe('v');
});

it('names the default backup after the UTC time, without colons', () => {
  expect(defaultBackupFile('data/stammtisch.sqlite', new Date(Date.UTC(2026, 2, 7, 20, 15, 9, 123)))).toBe(
    join('data', 'backups', 'stammtisch-2026-03-07T20-15-09Z.sqlite'),
  );
});
