/**
 * The board's recent events (src/discord/board/recent.ts) when two processes serve one table: each hears of every
 * other move only, so each move finds one move missed; it is caught up from the state in memory (one engine step),
 * not by replaying the whole log, and the lines are those of a process that saw every move. The cache is bounded.
 * A turn the timer played ("(auto)") is told from the move log, so a restarted process tells it too.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecentEvents, TABLES_KEPT } from '../../src/discord/board/recent.ts';
import { ENGLISH } from '../../src/i18n/index.ts';
import { gameById } from '../../src/tables/games.ts';
import { stampOf, type Actor, TableService } from '../../src/tables/service.ts';
import type { TableRecord } from '../../src/tables/types.ts';
import { redisTableService } from '../support/table-service.ts';
import { openStorage, tableStore } from '../../src/store/keyv.ts';
import { Locks } from '../../src/store/lock.ts';
import { RecordBook } from '../../src/records/book.ts';
import { openLedger } from '../../src/store/records/index.ts';
import { cleanupPrefix, REDIS_URL, testPrefix } from '../support/bot.ts';

const players: Actor[] = ['Anna', 'Bernd', 'Catrin'].map((name, i) => ({ userId: `${401 + i}`, name }));
const channelId = '800';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function started(): Promise<{ tables: TableService; table: TableRecord }> {
  const tables = redisTableService('recent-events', 'recent-events-seed', cleanups);
  await tables.create({ guildId: '9', channelId }, players[0]!, 'reunion', {}, { turnTimer: 0 });
  for (const p of players.slice(1)) await tables.join(channelId, p);
  return { tables, table: await tables.start(channelId, players[0]!) };
}

/** Make the first legal move of the seat to act; resolves to the stored table and the move's events. */
async function playOne(tables: TableService, table: TableRecord) {
  const engine = tables.engine(table);
  const seat = engine.toAct(table.state)[0]!;
  const move = engine.legalMoves(table.state, seat)[0];
  return tables.act(channelId, players[seat]!, stampOf(table), move);
}

describe('recent events with two processes', () => {
  it('catches up one missed move per move instead of replaying the log, with the same lines', async () => {
    const start = await started();
    const { tables } = start;
    let { table } = start;
    const everyMove = new RecentEvents(tables);
    const processes = [new RecentEvents(tables), new RecentEvents(tables)];
    processes.forEach((p) => p.lines(ENGLISH, table));
    everyMove.lines(ENGLISH, table);
    const apply = vi.spyOn(gameById('reunion')!, 'apply');
    for (let i = 0; i < 24; i++) {
      const outcome = await playOne(tables, table);
      table = outcome.table;
      apply.mockClear();
      const serving = processes[i % 2]!;
      serving.moved(ENGLISH, table, outcome.events);
      // The move before was made by the other process: one engine step catches up on it (none for the first move).
      expect(apply.mock.calls.length).toBe(i === 0 ? 0 : 1);
      everyMove.moved(ENGLISH, table, outcome.events);
      expect(serving.lines(ENGLISH, table)).toEqual(everyMove.lines(ENGLISH, table));
      expect(serving.lines(ENGLISH, table).length).toBeGreaterThan(0);
    }
    // A process that knows nothing of the table (a restart) rebuilds the same lines from the log.
    expect(new RecentEvents(tables).lines(ENGLISH, table)).toEqual(everyMove.lines(ENGLISH, table));
  });

  it('keeps at most TABLES_KEPT tables, dropping the least recently used, and forgets a closed one', async () => {
    const { tables, table } = await started();
    const recent = new RecentEvents(tables);
    for (let i = 0; i < TABLES_KEPT + 5; i++) recent.lines(ENGLISH, { ...table, channelId: `c${i}` });
    expect(recent.size).toBe(TABLES_KEPT);
    recent.forget(`c${TABLES_KEPT + 4}`);
    expect(recent.size).toBe(TABLES_KEPT - 1);
  });

  it('tells a turn the timer played ("(auto)") from the move log: a restarted process tells it too', async () => {
    const prefix = testPrefix('recent-auto');
    const storage = openStorage({ redisUrl: REDIS_URL, namespace: prefix });
    cleanups.push(() => cleanupPrefix(prefix));
    cleanups.push(() => storage.close());
    let t = 1_700_000_000_000;
    const locks = new Locks(storage.redis);
    const tables = new TableService({
      tables: tableStore(storage, locks),
      results: new RecordBook(openLedger(storage, locks), async () => 'UTC'),
      now: () => t,
      newSeed: () => 'recent-auto-seed',
      newId: () => 't1',
    });
    await tables.create({ guildId: '9', channelId }, players[0]!, 'reunion', {}, { turnTimer: 30 });
    for (const p of players.slice(1)) await tables.join(channelId, p);
    const table = await tables.start(channelId, players[0]!);
    const seen = new RecentEvents(tables);
    seen.lines(ENGLISH, table);
    t += 31_000;
    const outcome = await tables.expire(channelId);
    if (outcome.kind !== 'moved') throw new Error(`expected a timed move, got ${outcome.kind}`);
    const after = outcome.outcome.table;
    expect(after.moves.at(-1)?.timeout).toBe('auto');
    seen.moved(ENGLISH, after, outcome.outcome.events);
    const name = after.seats[outcome.seat]!.name;
    const line = ENGLISH.t('timer.auto', { name });
    expect(seen.lines(ENGLISH, after).at(-1)).toBe(line);
    // A process that knows nothing of the table (a restart) rebuilds the same lines, "(auto)" included.
    expect(new RecentEvents(tables).lines(ENGLISH, (await tables.get(channelId))!)).toEqual(seen.lines(ENGLISH, after));
  });
});
