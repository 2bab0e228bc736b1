/**
 * Redis Cluster: the test starts its own three-node cluster (redis-server --cluster-enabled, on spare ports),
 * then runs the table layer on it — a table, its lock and its deadline across two "processes", a finished game
 * committed to the guild's records by both at once (one MULTI/EXEC over the guild's slot) — and checks that a
 * table's key and its lock share one hash slot, as do a guild's records, everything derived from them and their
 * lock (so one table's or one guild's work never spans nodes).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadlineIndex, openStorage, type Storage, tableStore } from '../../src/store/keyv.ts';
import { Locks } from '../../src/store/lock.ts';
import { rebuildDeadlines } from '../../src/store/deadlines.ts';
import { RecordBook } from '../../src/records/book.ts';
import { openLedger } from '../../src/store/records/index.ts';
import { boardKey, historyKey, ledgerLock, recordKey, statsKey, tableKey } from '../../src/store/keys.ts';
import { playFinished } from '../records/played.ts';
import { TableService } from '../../src/tables/service.ts';
import type { TableEvent } from '../../src/tables/events.ts';
import { sparePort } from '../support/redis-server.ts';

const NODES = 3;
const dir = mkdtempSync(join(tmpdir(), 'stammtisch-cluster-'));
const servers: ChildProcess[] = [];
let ports: number[] = [];
const opened: Storage[] = [];

const cli = (...args: string[]) => execFileSync('redis-cli', args, { encoding: 'utf8' }).trim();

beforeAll(async () => {
  ports = [];
  for (let i = 0; i < NODES; i++) ports.push(await sparePort());
  for (const port of ports)
    servers.push(
      spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          `nodes-${port}.conf`,
          '--save',
          '',
          '--appendonly',
          'no',
          '--dir',
          dir,
        ],
        {
          stdio: 'ignore',
        },
      ),
    );
  for (const port of ports)
    for (let tries = 0; ; tries++) {
      try {
        if (cli('-p', String(port), 'ping') === 'PONG') break;
      } catch {
        if (tries > 100) throw new Error(`redis-server on ${port} did not start`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  cli('--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes');
  for (let tries = 0; !cli('-p', String(ports[0]), 'cluster', 'info').includes('cluster_state:ok'); tries++) {
    if (tries > 200) throw new Error('the cluster did not come up');
    await new Promise((r) => setTimeout(r, 50));
  }
}, 60_000);

afterAll(async () => {
  for (const s of opened) await s.close();
  for (const s of servers) s.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function processOn(prefix: string) {
  const storage = openStorage({ clusterNodes: ports.map((p) => `redis://127.0.0.1:${p}`), namespace: prefix });
  opened.push(storage);
  const locks = new Locks(storage.redis);
  const deadlines = deadlineIndex(storage);
  const store = tableStore(storage, locks);
  const results = new RecordBook(openLedger(storage, locks), async () => 'UTC');
  let n = 0;
  const tables = new TableService({
    tables: store,
    results,
    deadlines,
    now: () => 1_700_000_000_000,
    newSeed: () => 'cluster-seed',
    newId: () => `c${++n}`,
  });
  return { storage, store, tables, deadlines, results };
}

const slot = (key: string) => Number(cli('-p', String(ports[0]), 'cluster', 'keyslot', key));

describe('Redis Cluster', () => {
  it("keeps a table's key and its lock in one hash slot, and a guild's records with everything derived from them and their lock", () => {
    const prefix = 'stammtisch';
    expect(slot(`${prefix}::${tableKey('1234567890')}`)).toBe(slot(`${prefix}::lock:${tableKey('1234567890')}`));
    const guildSlot = slot(`${prefix}::${recordKey('42', 'abc')}`);
    for (const key of [
      historyKey('42', 'romme', '7'),
      statsKey('42', 'reunion'),
      boardKey('42', 'dreierles', '2026-W49', 'net'),
      `lock:${ledgerLock('42')}`,
    ])
      expect(slot(`${prefix}::${key}`)).toBe(guildSlot);
    // Different channels spread over the cluster's slots.
    const slots = new Set(Array.from({ length: 50 }, (_, i) => slot(`${prefix}::${tableKey(String(1e17 + i * 7919))}`)));
    expect(slots.size).toBeGreaterThan(40);
  });

  it("publishes each table's changes once, in order, to every process, whichever node holds the table", async () => {
    const a = processOn('cl-events');
    const b = processOn('cl-events');
    const heard: TableEvent[] = [];
    const channels = Array.from({ length: 12 }, (_, i) => String(8e17 + i * 104729));
    // Each node publishes its own tables' events (they reach the subscriber's node over the cluster bus, in order
    // per node, not across nodes): wait for every table's last one.
    let closed: () => void = () => undefined;
    const allClosed = new Promise<void>((resolve) => (closed = resolve));
    const stop = await b.storage.events.subscribe((e) => {
      heard.push(e);
      if (heard.filter((h) => h.kind === 'closed').length === channels.length) closed();
    });
    const host = { userId: '7', name: 'Host' };
    await a.tables.get(channels[0]!); // connected first, as the bot's start-up check does
    await Promise.all(
      channels.map(async (channelId) => {
        await a.tables.create({ guildId: '55', channelId }, host, 'reunion');
        await a.tables.join(channelId, { userId: '8', name: 'A' });
        await a.tables.cancel(channelId, host, false);
      }),
    );
    await allClosed;
    stop();
    const nodes = new Set(channels.map((c) => slot(`cl-events::${tableKey(c)}`) % NODES));
    expect(nodes.size).toBeGreaterThan(1);
    for (const channelId of channels)
      expect(heard.filter((e) => e.channelId === channelId).map((e) => `${e.kind} v${e.version}`)).toEqual(['opened v1', 'seats v2', 'closed v3']);
  });

  it('runs tables across processes: one lock holder at a time, deadlines indexed and rebuilt, results stored', async () => {
    const a = processOn('cl');
    const b = processOn('cl');
    const channels = Array.from({ length: 12 }, (_, i) => String(9e17 + i * 104729));
    const host = { userId: '7', name: 'Host' };
    for (const channelId of channels) await a.tables.create({ guildId: '55', channelId }, host, 'reunion');
    for (const channelId of channels) expect((await b.tables.get(channelId))?.seats).toEqual([host]);
    // Both processes change the same tables at once: every join lands once, in some order.
    await Promise.all(
      channels.flatMap((channelId) => [a.tables.join(channelId, { userId: '8', name: 'A' }), b.tables.join(channelId, { userId: '9', name: 'B' })]),
    );
    for (const channelId of channels) {
      const t = await a.tables.get(channelId);
      expect(t?.seats.map((s) => s.userId).sort()).toEqual(['7', '8', '9']);
      expect(t?.version).toBe(3);
    }
    // Every lobby's timeout is in the shared index and found again by a rebuild.
    const due = await b.deadlines.due(Number.MAX_SAFE_INTEGER, 100);
    expect(due.sort()).toEqual([...channels].sort());
    for (const channelId of channels) await b.deadlines.set(channelId, null);
    expect(await rebuildDeadlines(b.store, b.deadlines)).toBe(channels.length);
    expect((await a.deadlines.due(Number.MAX_SAFE_INTEGER, 100)).length).toBe(channels.length);
    // A finished game lands in the guild's results once, whichever process appends it.
    const record = { ...playFinished('reunion', 3, 'cluster-test').finished, guildId: '55', channelId: channels[0]! };
    const book = (s: Storage) => new RecordBook(openLedger(s, new Locks(s.redis)), async () => 'UTC');
    await Promise.all([book(a.storage).append(record), book(b.storage).append(record)]);
    expect((await b.results.list('55')).map((g) => g.id)).toEqual([record.id]);
    const board = await book(a.storage).ledger.board({
      guildId: '55',
      game: 'reunion',
      periodId: 'all',
      includeBots: true,
      sort: 'games',
      offset: 0,
      limit: 10,
    });
    expect(board.rows.map((r) => r.games)).toEqual([1, 1, 1]);
  });
});
