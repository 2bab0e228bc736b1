/**
 * Crash safety of the Redis ledger: a child process (test/support/ledger-child.ts) commits synthetic records in a
 * loop and is killed with SIGKILL at a seeded random moment of its commit loop (0–250 ms after its first commit
 * began), 30 times (LEDGER_KILLS); each replacement goes on from
 * where the stored records say it is, committing the last stored record again first. At the end the stored records
 * are exactly 0…n−1, once each, every repeated commit changed nothing, and every leaderboard, statistic, rating
 * history and history page equals a from-scratch derivation: the stored records fed in order into a fresh ledger
 * that keeps nothing.
 *
 * Each replacement is a spare process started ahead (it loads its modules, then waits for a line on stdin), so a
 * restart does not wait for module loading. The child runs this run's bundle of ledger-child.ts with plain `node`
 * (test/setup/bot-bundle.ts), at half the start-up CPU of `node --import tsx`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { seededRng } from '../../src/cards/random.ts';
import { openStorage } from '../../src/store/keyv.ts';
import { Locks } from '../../src/store/lock.ts';
import { openLedger } from '../../src/store/records/index.ts';
import { MemoryLedger } from '../../src/store/records/memory.ts';
import { MemoryRecordRows } from '../../src/store/records/rows.ts';
import { cleanupPrefix, REDIS_URL, testPrefix } from '../support/bot.ts';
import { bundledEntry } from '../support/bundle.ts';
import { crashSequence, GAMES, ledgerSnapshot, syntheticRecord } from '../support/records.ts';

const KILLS = Number(process.env.LEDGER_KILLS ?? 30);
const SEED = process.env.LEDGER_SEED ?? 'ledger-crash-1';
/** How long a child commits (from its first `begin`) before it is killed: uniform in this range, in ms. */
const RUN_MS = [0, 250] as const;
const SPARES = 3;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Child {
  proc: ChildProcess;
  out: () => string;
  exited: Promise<unknown>;
  ready: Promise<void>;
}

const children: Child[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Start a child that loads and waits; `ready` resolves when it is waiting for its go line. */
function prepare(prefix: string, count: number): Child {
  const proc = spawn(process.execPath, [bundledEntry('test/support/ledger-child.ts')], {
    cwd: ROOT,
    env: { ...process.env, REDIS_URL, LEDGER_PREFIX: prefix, LEDGER_SEED: SEED, LEDGER_COUNT: String(count) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (b: Buffer) => (out += b.toString('utf8')));
  proc.stderr.on('data', (b: Buffer) => (out += b.toString('utf8')));
  proc.stdin.on('error', () => undefined);
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  const ready = (async () => {
    const limit = performance.now() + 30_000;
    while (!/^ready$/m.test(out)) {
      if (proc.exitCode !== null || performance.now() > limit) throw new Error(`the ledger child did not load:\n${out}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  ready.catch(() => undefined);
  const child = { proc, out: () => out, exited, ready };
  children.push(child);
  return child;
}

describe('record ledger: kill -9 while committing', () => {
  it(`${KILLS} SIGKILLs at random moments: every record stored and counted once, everything derived equals a recomputation`, async () => {
    const prefix = testPrefix('ledger-crash');
    cleanups.push(() => cleanupPrefix(prefix));
    const sequence = crashSequence(SEED);
    const rng = seededRng(`${SEED}:kills`);
    const spares: Child[] = [];
    const spare = (count: number) => spares.push(prepare(prefix, count));
    for (let i = 0; i < SPARES; i++) spare(1_000_000);

    const agains: string[] = [];
    let midCommit = 0;
    for (let kill = 0; kill < KILLS; kill++) {
      const child = spares.shift() as Child;
      if (kill + SPARES < KILLS) spare(1_000_000);
      await child.ready;
      child.proc.stdin?.end('go\n');
      // The first child stores one record before its kill clock starts, so every replacement has a last stored record
      // to commit again (on a busy machine the first commits can outlast several kills).
      while (!(kill === 0 ? /^end/m : /^begin/m).test(child.out())) {
        if (child.proc.exitCode !== null) throw new Error(`the ledger child exited by itself:\n${child.out()}`);
        await new Promise((r) => setTimeout(r, 2));
      }
      await new Promise((r) => setTimeout(r, RUN_MS[0] + rng() * (RUN_MS[1] - RUN_MS[0])));
      if (child.proc.exitCode !== null) throw new Error(`the ledger child exited by itself:\n${child.out()}`);
      child.proc.kill('SIGKILL');
      await child.exited;
      const lines = child.out().trim().split('\n');
      if (lines.at(-1)?.startsWith('begin')) midCommit++;
      agains.push(...lines.filter((l) => l.startsWith('again')));
    }

    // One more child finishes 50 records past where the killed ones got to.
    const storage = openStorage({ redisUrl: REDIS_URL, namespace: prefix });
    cleanups.push(() => storage.close());
    const ledger = openLedger(storage, new Locks(storage.redis));
    const reached = (await ledger.history({ guildId: sequence.guildId, offset: 0, limit: 0 })).total;
    for (const c of spares.splice(0)) c.proc.kill('SIGKILL');
    const last = prepare(prefix, reached + 50);
    await last.ready;
    last.proc.stdin?.end('go\n');
    await last.exited;
    expect(last.out()).toMatch(/^done$/m);
    agains.push(
      ...last
        .out()
        .split('\n')
        .filter((l) => l.startsWith('again')),
    );

    const stored = await ledger.all(sequence.guildId);
    const n = reached + 50;
    expect(stored.map((r) => r.id)).toEqual(Array.from({ length: n }, (_, i) => `r${i}`));
    // The kills hit commits in flight, and every repeated commit of the last stored record changed nothing.
    expect(midCommit).toBeGreaterThan(KILLS / 3);
    expect(agains.length).toBeGreaterThanOrEqual(KILLS - 2); // the replacements (and the last child) that found records stored
    for (const line of agains) expect(line).toMatch(/^again r\d+ false$/);
    // Every seat counted once on the all-time boards.
    for (const game of GAMES) {
      const rows = (
        await ledger.board({ guildId: sequence.guildId, game, periodId: 'all', includeBots: true, sort: 'games', offset: 0, limit: 1000 })
      ).rows;
      expect(rows.reduce((sum, r) => sum + r.games, 0)).toBe(3 * stored.filter((r) => r.game === game).length);
    }
    // From scratch: the stored records in order, into a ledger that keeps nothing.
    const fresh = new MemoryLedger(new MemoryRecordRows(), new Locks(null));
    for (const [i, r] of stored.entries()) {
      const { committed, record } = await fresh.commit(syntheticRecord(sequence, i));
      expect(committed).toBe(true);
      expect(record).toEqual(r);
    }
    expect(await ledgerSnapshot(ledger, sequence.guildId, stored)).toEqual(await ledgerSnapshot(fresh, sequence.guildId, stored));
  }, 120_000);
});
