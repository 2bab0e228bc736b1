/**
 * The table layer's `onMove` hook (what the moves counter counts): told after a move is stored — a person's click
 * (`person`), a computer seat's move (`computer`), the computer playing the turn of a player out of time (`auto`,
 * with the number of moves of that turn) — and never for a move that was refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gameById } from '../../src/tables/games.ts';
import { deadlineIndex, openStorage, tableStore } from '../../src/store/keyv.ts';
import { Locks } from '../../src/store/lock.ts';
import { RecordBook } from '../../src/records/book.ts';
import { openLedger } from '../../src/store/records/index.ts';
import { type Actor, stampOf, TableService } from '../../src/tables/service.ts';
import type { TableRecord } from '../../src/tables/types.ts';

const alice: Actor = { userId: '101', name: 'Alice' };
const bob: Actor = { userId: '102', name: 'Bob' };
const carol: Actor = { userId: '103', name: 'Carol' };
const channel = { guildId: '9', channelId: '500' };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function service() {
  let t = 1_700_000_000_000;
  const clock = { now: () => t, advance: (ms: number) => void (t += ms) };
  const dir = mkdtempSync(join(tmpdir(), 'stammtisch-hook-'));
  const storage = openStorage({ dataFile: join(dir, 'store.sqlite'), namespace: 'hook' });
  cleanups.push(
    () => storage.close(),
    () => rmSync(dir, { recursive: true, force: true }),
  );
  const locks = new Locks(null);
  const calls: [string, string, number][] = [];
  const tables = new TableService({
    tables: tableStore(storage, locks),
    results: new RecordBook(openLedger(storage, locks), async () => 'UTC'),
    deadlines: deadlineIndex(storage),
    now: clock.now,
    newSeed: () => 'hook-seed',
    newId: () => 't1',
    timing: { botDelayMs: 0 },
    onMove: (game, by, count) => calls.push([game, by, count]),
  });
  return { tables, clock, calls };
}

const toAct = (table: TableRecord) => (gameById(table.game)!.toAct(table.state) as number[])[0]!;

describe('onMove', () => {
  it('counts auto turns with their moves, person clicks once each, and nothing for a refused move', async () => {
    const { tables, clock, calls } = service();
    await tables.create(channel, alice, 'reunion', {}, { turnTimer: 30 });
    await tables.join(channel.channelId, bob);
    await tables.join(channel.channelId, carol);
    let table = await tables.start(channel.channelId, alice);
    expect(calls).toEqual([]);

    // The first player runs out of time: the computer plays their whole turn.
    clock.advance(31_000);
    const timedOut = await tables.expire(channel.channelId);
    expect(timedOut.kind).toBe('moved');
    const auto = (await tables.get(channel.channelId))!;
    const autoMoves = auto.moves.length - table.moves.length;
    expect(autoMoves).toBeGreaterThan(0);
    expect(calls).toEqual([['reunion', 'auto', autoMoves]]);

    // A refused move (not this seat's turn) is not counted; the player to act clicks a legal card: one move.
    table = auto;
    const seat = toAct(table);
    const other = [alice, bob, carol].find((a) => tables.seatOf(table, a.userId) !== seat)!;
    const actor = [alice, bob, carol].find((a) => tables.seatOf(table, a.userId) === seat)!;
    const legal = (tables.view(table, seat) as { legal: unknown[] }).legal;
    await expect(tables.act(channel.channelId, other, stampOf(table), legal[0])).rejects.toThrow();
    expect(calls).toHaveLength(1);
    await tables.act(channel.channelId, actor, stampOf(table), legal[0]);
    expect(calls).toEqual([
      ['reunion', 'auto', autoMoves],
      ['reunion', 'person', 1],
    ]);
  });

  it("counts a computer seat's move as computer", async () => {
    const { tables, clock, calls } = service();
    await tables.create(channel, alice, 'reunion', {}, { turnTimer: 0 });
    await tables.fillWithBots(channel.channelId, alice);
    let table = await tables.start(channel.channelId, alice);
    // Let the computer seats move until the person is to act.
    while (table.seats[toAct(table)]?.bot) {
      clock.advance(1);
      await tables.expire(channel.channelId);
      table = (await tables.get(channel.channelId))!;
    }
    const computerMoves = table.moves.filter((m) => table.seats[m.seat]?.bot).length;
    expect(computerMoves).toBeGreaterThan(0);
    expect(calls).toEqual(Array.from({ length: computerMoves }, () => ['reunion', 'computer', 1]));
  });
});
