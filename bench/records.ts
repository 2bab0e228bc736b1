/**
 * `npm run bench -- --records`: the record ledger with one big guild — 100,000 synthetic records (test/support/records.ts:
 * three seats from ~300 players including the two computer levels, all three games, finishedAt spread over two
 * years) — then p50/p99 of the scoreboard and /stats queries, on Redis and on the embedded store.
 *
 * - Redis: every record is committed through the real ledger (RedisLedger.commit: one read round trip, one
 *   MULTI/EXEC), one after another (a guild's commits are serialized by its lock). All but the last 1,000 are
 *   committed under an in-process lock only (the bench is the only writer; it saves the two round trips of the
 *   cross-process lock and keeps the seeding near two minutes); the last 1,000 under the cross-process Redis lock,
 *   as the bot commits, and those give the commit latency and the Redis commands and bytes per commit. By default
 *   on a private redis-server started for the run (no persistence), so `INFO commandstats`/`stats` count the
 *   ledger alone; with `--shared-redis` on REDIS_URL under a private prefix, deleted afterwards.
 * - Embedded store: every record is committed through the real ledger (MemoryLedger.commit: derive in memory, one
 *   SQLite insert into the store's file), one after another, each commit timed; then the store is closed and opened
 *   again as the bot opens it, and the first query builds the guild in memory from the records in the SQLite file;
 *   then 100 writes of a 5 kB value (a live table's size) through Keyv into the same file, with the 100,000 records
 *   in it.
 * - Then /scoreboard (with and without the chart) and /stats through the real bot and the fake Discord, one at a
 *   time, interaction → callback (bench/records-commands.ts).
 * Figures, not assertions.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';
import type { BoardSort, GameRecord, Period, RecordLedger } from '../src/records/types.ts';
import { BOARD_SORTS, PERIODS } from '../src/records/types.ts';
import { openStorage } from '../src/store/keyv.ts';
import { Locks } from '../src/store/lock.ts';
import { openLedger } from '../src/store/records/index.ts';
import { cleanupPrefix, REDIS_URL, testPrefix } from '../test/support/bot.ts';
import { sparePort } from '../test/support/redis-server.ts';
import { GAMES, personId, type SyntheticOptions, syntheticRecord } from '../test/support/records.ts';
import { type CommandTimings, printRecordCommands, timeRecordCommands } from './records-commands.ts';

export interface RecordsBenchOptions {
  /** Records in the guild (default 100,000). */
  records: number;
  /** Queries of each kind (default 500). */
  queries: number;
  /** Run the Redis part on REDIS_URL (private prefix) instead of a private redis-server. */
  sharedRedis: boolean;
  /** /scoreboard and /stats interactions through the real bot, each (default 300; a sixth as many /scoreboard chart:true). */
  commands?: number;
}

/** Latencies (ms) of each kind of query. */
type Timings = Record<string, number[]>;

export interface RecordsBenchResult {
  records: number;
  players: number;
  redis: {
    source: string;
    seedS: number;
    /** Latency of the commits under the cross-process lock. */
    commitMs: number[];
    commandsPerCommit: number;
    bytesInPerCommit: number;
    bytesOutPerCommit: number;
    /** used_memory growth over the seeding, per record (bytes). */
    memoryPerRecord: number;
    queries: Timings;
    /** /scoreboard and /stats through the real bot and the fake Discord (bench/records-commands.ts). */
    commands: CommandTimings;
  };
  embedded: {
    seedS: number;
    /** Latency of every commit. */
    commitMs: number[];
    /** Size of the SQLite records file. */
    fileMb: number;
    openS: number;
    firstQueryS: number;
    queries: Timings;
    /** Latency of a 5 kB write to the JSON file (what a table move costs the store), and that file's size. */
    tableWriteMs: number[];
    jsonKb: number;
    /** /scoreboard and /stats through the real bot on the reopened store (bench/records-commands.ts). */
    commands: CommandTimings;
  };
}

const TWO_YEARS = 2 * 365 * 24 * 3600 * 1000;
const GUILD = '424242';

const pct = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

/** A private redis-server on a free port (no persistence). */
async function privateRedis(): Promise<{ url: string; stop: () => void }> {
  const port = await sparePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('spawn', () => resolve());
  });
  const url = `redis://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const c = createClient({ url, socket: { reconnectStrategy: false } });
    c.on('error', () => undefined);
    try {
      await c.connect();
      await c.quit();
      break;
    } catch {
      if (tries > 100) throw new Error('the private redis-server did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return { url, stop: () => child.kill('SIGTERM') };
}

/** Redis counters: calls of every command, network bytes, used memory. */
async function counters(url: string): Promise<{ calls: number; netIn: number; netOut: number; memory: number }> {
  const c = createClient({ url });
  await c.connect();
  const text = (await c.sendCommand(['INFO', 'stats', 'commandstats', 'memory'])) as string;
  await c.quit();
  const num = (k: string) => Number(new RegExp(`^${k}:(\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return {
    calls: [...text.matchAll(/calls=(\d+)/g)].reduce((a, m) => a + Number(m[1]), 0),
    netIn: num('total_net_input_bytes'),
    netOut: num('total_net_output_bytes'),
    memory: num('used_memory'),
  };
}

/** Run `queries` of each kind against `ledger`, timing each. The random choices come from a fixed generator. */
async function timeQueries(ledger: RecordLedger, records: readonly GameRecord[], players: readonly string[], queries: number): Promise<Timings> {
  let a = 0x9e3779b9;
  const rng = () => (a = (Math.imul(a, 1103515245) + 12345) >>> 0) / 4294967296;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;
  const periodIdsOf = new Map<Period, string[]>(PERIODS.map((p) => [p, [...new Set(records.map((r) => r.periods[p]))]]));
  const board = (periodId: string, page: 'first' | 'middle') => async () => {
    const q = { guildId: GUILD, game: pick(GAMES), periodId, includeBots: rng() < 0.5, sort: pick(BOARD_SORTS) as BoardSort, offset: 0, limit: 10 };
    if (page === 'middle') q.offset = Math.floor((await ledger.board({ ...q, limit: 0 })).total / 2);
    const t = performance.now();
    await ledger.board(q);
    return performance.now() - t;
  };
  const kinds: Record<string, () => Promise<number>> = {
    'board all-time, first page': board('all', 'first'),
    'board all-time, middle page': board('all', 'middle'),
    ...Object.fromEntries(
      (['week', 'month', 'season'] as const).map((p) => [`board one ${p}, first page`, () => board(pick(periodIdsOf.get(p) ?? []), 'first')()]),
    ),
    stats: async () => {
      const t = performance.now();
      await ledger.stats(GUILD, pick(GAMES), pick(players));
      return performance.now() - t;
    },
    'history of a player, first page': async () => {
      const t = performance.now();
      await ledger.history({ guildId: GUILD, playerId: pick(players), offset: 0, limit: 10 });
      return performance.now() - t;
    },
  };
  const out: Timings = {};
  for (const [kind, run] of Object.entries(kinds)) {
    out[kind] = [];
    for (let i = 0; i < queries; i++) out[kind].push(await run());
  }
  return out;
}

export async function runRecordsBench(o: RecordsBenchOptions): Promise<RecordsBenchResult> {
  const sequence: SyntheticOptions = {
    guildId: GUILD,
    seed: 'records-bench',
    people: 298,
    start: Date.now() - TWO_YEARS,
    stepMs: Math.floor(TWO_YEARS / o.records),
    timeZone: 'Europe/Berlin',
  };
  const records = Array.from({ length: o.records }, (_, i) => syntheticRecord(sequence, i));
  const players = [...new Set(records.flatMap((r) => r.outcomes.map((x) => x.playerId)))];

  // Redis: every record through the real ledger.
  const own = o.sharedRedis ? null : await privateRedis();
  const url = own?.url ?? REDIS_URL;
  const prefix = testPrefix('bench-records');
  const storage = openStorage({ redisUrl: url, namespace: prefix });
  // The private redis-server is stopped (or the prefix deleted) even when a step fails.
  const measure = async () => {
    const ledger = openLedger(storage, new Locks(storage.redis));
    const seeding = openLedger(storage, new Locks(null));
    const measured = Math.min(1000, records.length);
    const empty = await counters(url);
    const seedStart = performance.now();
    for (const r of records.slice(0, records.length - measured)) await seeding.commit(r);
    const before = await counters(url);
    const commitMs: number[] = [];
    for (const r of records.slice(records.length - measured)) {
      const t = performance.now();
      await ledger.commit(r);
      commitMs.push(performance.now() - t);
    }
    const seedS = (performance.now() - seedStart) / 1000;
    const after = await counters(url);
    const redisQueries = await timeQueries(ledger, records, players, o.queries);
    const commands = o.commands ?? 300;
    const counts = { scoreboards: commands, charts: Math.ceil(commands / 6), stats: commands };
    const redisCommands = await timeRecordCommands({
      store: { REDIS_URL: url },
      keyPrefix: prefix,
      guildId: GUILD,
      timeZone: sequence.timeZone,
      players,
      ...counts,
    });
    return { measured, empty, before, after, seedS, commitMs, redisQueries, counts, redisCommands };
  };
  const { measured, empty, before, after, seedS, commitMs, redisQueries, counts, redisCommands } = await measure().finally(async () => {
    await storage.close();
    if (own) own.stop();
    else await cleanupPrefix(prefix);
  });
  const n = o.records;
  const redis = {
    source: own ? 'a private redis-server (no persistence)' : `${REDIS_URL}, private prefix (deleted after)`,
    seedS,
    commitMs,
    // Over the commits under the Redis lock; one of our INFO calls is in the difference (a private server has no other client).
    commandsPerCommit: (after.calls - before.calls - 1) / measured,
    bytesInPerCommit: (after.netIn - before.netIn) / measured,
    bytesOutPerCommit: (after.netOut - before.netOut) / measured,
    memoryPerRecord: (after.memory - empty.memory) / n,
    queries: redisQueries,
    commands: redisCommands,
  };

  // Embedded store: every record through the real ledger, into the SQLite records file; then a reopen.
  const dir = mkdtempSync(join(tmpdir(), 'stammtisch-bench-records-'));
  const dataFile = join(dir, 'store.sqlite');
  const namespace = 'bench';
  const writer = openStorage({ dataFile, namespace });
  const writing = openLedger(writer, new Locks(null));
  const embeddedCommitMs: number[] = [];
  let t = performance.now();
  for (const r of records) {
    const started = performance.now();
    await writing.commit(r);
    embeddedCommitMs.push(performance.now() - started);
  }
  const embeddedSeedS = (performance.now() - t) / 1000;
  const recordsFile = writer.records?.file as string;
  await writer.close();
  t = performance.now();
  const embeddedStorage = openStorage({ dataFile, namespace });
  const embedded = openLedger(embeddedStorage, new Locks(null));
  const openS = (performance.now() - t) / 1000;
  t = performance.now();
  await embedded.stats(GUILD, 'reunion', personId(0));
  const firstQueryS = (performance.now() - t) / 1000;
  const embeddedQueries = await timeQueries(embedded, records, players, o.queries);
  const tableWriteMs: number[] = [];
  for (let i = 0; i < 100; i++) {
    const started = performance.now();
    await embeddedStorage.keyv.set('table:{bench}', { version: i, state: 'x'.repeat(5000) });
    tableWriteMs.push(performance.now() - started);
  }
  const jsonKb = statSync(dataFile).size / 1e3;
  await embeddedStorage.keyv.delete('table:{bench}'); // not a table: the bot below must not find it
  await embeddedStorage.close();
  const fileMb = statSync(recordsFile).size / 1e6;
  const embeddedCommands = await timeRecordCommands({
    store: { DATA_FILE: dataFile },
    keyPrefix: namespace,
    guildId: GUILD,
    timeZone: sequence.timeZone,
    players,
    ...counts,
  }).finally(() => rmSync(dir, { recursive: true, force: true }));

  return {
    records: n,
    players: players.length,
    redis,
    embedded: {
      seedS: embeddedSeedS,
      commitMs: embeddedCommitMs,
      fileMb,
      openS,
      firstQueryS,
      queries: embeddedQueries,
      tableWriteMs,
      jsonKb,
      commands: embeddedCommands,
    },
  };
}

const ms = (x: number) => `${x.toFixed(2)} ms`;

export function printRecords(r: RecordsBenchResult): void {
  const line = (kind: string, xs: number[]) => `    ${kind.padEnd(34)} p50 ${ms(pct(xs, 50))}, p99 ${ms(pct(xs, 99))} (${xs.length} queries)`;
  console.log(
    `records: ${r.records.toLocaleString('en')} synthetic records in one guild, ${r.players} players (incl. the two computer levels), all three games, over two years`,
  );
  console.log(`  Redis (${r.redis.source}):`);
  console.log(
    `    seeded through RedisLedger.commit one after another in ${r.redis.seedS.toFixed(1)} s; the last ${r.redis.commitMs.length} under the Redis lock: commit p50 ${ms(pct(r.redis.commitMs, 50))}, p99 ${ms(pct(r.redis.commitMs, 99))}, ` +
      `${r.redis.commandsPerCommit.toFixed(1)} commands and ${Math.round(r.redis.bytesInPerCommit + r.redis.bytesOutPerCommit)} bytes per commit (${Math.round(r.redis.bytesInPerCommit)} in, ${Math.round(r.redis.bytesOutPerCommit)} out); ` +
      `${Math.round(r.redis.memoryPerRecord)} bytes of Redis memory per record`,
  );
  for (const [kind, xs] of Object.entries(r.redis.queries)) console.log(line(kind, xs));
  printRecordCommands(r.redis.commands);
  console.log(`  embedded store (one SQLite file: tables and records):`);
  console.log(
    `    seeded through MemoryLedger.commit one after another in ${r.embedded.seedS.toFixed(1)} s: commit p50 ${ms(pct(r.embedded.commitMs, 50))}, p99 ${ms(pct(r.embedded.commitMs, 99))}; ` +
      `records file ${r.embedded.fileMb.toFixed(0)} MB; reopened in ${r.embedded.openS.toFixed(2)} s; ` +
      `first query ${r.embedded.firstQueryS.toFixed(1)} s (builds the guild's boards and stats from its records)`,
  );
  for (const [kind, xs] of Object.entries(r.embedded.queries)) console.log(line(kind, xs));
  console.log(
    `    a 5 kB table write through Keyv to the SQLite file (${r.embedded.jsonKb.toFixed(0)} kB, the records in it): p50 ${ms(pct(r.embedded.tableWriteMs, 50))}, p99 ${ms(pct(r.embedded.tableWriteMs, 99))} (${r.embedded.tableWriteMs.length} writes)`,
  );
  printRecordCommands(r.embedded.commands);
}
