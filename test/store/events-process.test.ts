/**
 * Table change events between two real processes on the real Redis: a child process (test/support/events-child.ts,
 * this run's bundle, plain `node`) subscribes under the test's prefix; this process opens a table, starts it and
 * makes a move. The child hears each committed change once, in version order, with the right kind — and nothing
 * from a table of another prefix.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, expect, it } from 'vitest';
import type { TableEvent } from '../../src/tables/events.ts';
import { cleanupPrefix, REDIS_URL, testPrefix } from '../support/bot.ts';
import { bundledEntry } from '../support/bundle.ts';
import { line, oneMove, redisProcess, startedTable } from '../support/table-events.ts';

const cleanups: (() => Promise<unknown>)[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const c of cleanups.splice(0).reverse()) await c();
});

const alice = { userId: 'u-alice', name: 'Alice' };

/** The child's output so far, and a wait for a line matching `pattern` (the test's timeout ends a wait that never comes). */
function subscriberProcess(prefix: string) {
  const proc = spawn(process.execPath, [bundledEntry('test/support/events-child.ts')], {
    env: { ...process.env, REDIS_URL, EVENTS_PREFIX: prefix },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  let out = '';
  const waiters: (() => void)[] = [];
  const onData = (b: Buffer) => {
    out += b.toString('utf8');
    for (const w of waiters.splice(0)) w();
  };
  proc.stdout.on('data', onData);
  proc.stderr.on('data', onData);
  proc.once('exit', () => {
    for (const w of waiters.splice(0)) w();
  });
  const until = async (test: (out: string) => boolean): Promise<void> => {
    while (!test(out)) {
      if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`the events child exited:\n${out}`);
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const events = (): TableEvent[] =>
    out
      .split('\n')
      .filter((l) => l.startsWith('event '))
      .map((l) => JSON.parse(l.slice('event '.length)) as TableEvent);
  return { until, events, out: () => out };
}

it("a move committed by this process is heard once by another process's subscriber, in order; another prefix is not", async () => {
  const prefix = testPrefix('events-process');
  const other = testPrefix('events-process-other');
  cleanups.push(
    () => cleanupPrefix(prefix),
    () => cleanupPrefix(other),
  );
  const child = subscriberProcess(prefix);
  await child.until((out) => /^ready$/m.test(out));

  const elsewhere = redisProcess(other, cleanups);
  await startedTable(elsewhere, 'c1', alice); // same channel id, another prefix: never heard by the child
  const a = redisProcess(prefix, cleanups);
  const started = await startedTable(a, 'c1', alice);
  const moved = (await oneMove(a, started, alice))!;
  await a.tables.setMessage('c1', 'm1'); // the marker

  await child.until(() => child.events().length >= 5);
  const heard = child.events();
  expect(heard.map(line)).toEqual(['opened v1', 'seats v2', 'started v3', `move v${moved.version}`, `message v${moved.version + 1}`]);
  expect(heard.every((e) => e.channelId === 'c1' && e.tableId === started.id)).toBe(true);
  expect(child.out()).not.toMatch(/^gap$/m);
});
