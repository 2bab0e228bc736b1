/**
 * Practice tables (docs/playing.md § Practice from a replay): a finished game played again from a chosen move. A
 * practice table from move k has exactly the recorded state at k (replay equality), its moves never reach the
 * records, it never shares a channel with another table, and its end shows both results side by side. On the real
 * Redis, as the bot stores tables.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { RecordBook } from '../../src/records/book.ts';
import { renderResult } from '../../src/discord/render/index.ts';
import { ENGLISH } from '../../src/i18n/index.ts';
import { deadlineIndex, openStorage, tableStore } from '../../src/store/keyv.ts';
import { Locks } from '../../src/store/lock.ts';
import { openLedger } from '../../src/store/records/index.ts';
import { decide, gameById, type GameId } from '../../src/tables/games.ts';
import { practiceSeat, practiceTable, stateAt } from '../../src/tables/practice.ts';
import { type Actor, stampOf, TableService } from '../../src/tables/service.ts';
import type { FinishedGame, TableRecord } from '../../src/tables/types.ts';
import { cleanupPrefix, REDIS_URL, testPrefix } from '../support/bot.ts';
import { playFinished } from '../records/played.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const channel = { guildId: '900000000000000001', channelId: '800' };

/** A table service on the test's own Redis prefix whose computer players move without a pause; also its record book. */
function service(name: string) {
  const prefix = testPrefix(name);
  const storage = openStorage({ redisUrl: REDIS_URL, namespace: prefix });
  const locks = new Locks(storage.redis);
  cleanups.push(() => cleanupPrefix(prefix));
  cleanups.push(() => storage.close());
  const results = new RecordBook(openLedger(storage, locks), async () => 'UTC');
  let n = 0;
  const tables = new TableService({
    tables: tableStore(storage, locks),
    results,
    deadlines: deadlineIndex(storage),
    now: () => 1_700_000_000_000,
    newSeed: () => 'unused',
    newId: () => `p${++n}`,
    timing: { botDelayMs: 0 },
  });
  return { tables, results };
}

/** The state after the first `k` moves of `finished`, rebuilt here move by move with the engine (independent of practice.ts). */
function recordedStateAt(finished: FinishedGame, k: number): unknown {
  const game = gameById(finished.game)!;
  let state = game.setup(finished.options, finished.seats.length, finished.seed);
  for (const { seat, move } of finished.moves.slice(0, k)) {
    const applied = game.apply(state, seat, move);
    if (!applied.ok) throw new Error('the record does not replay');
    state = applied.state;
  }
  return state;
}

const CASES: { game: GameId; seats: number }[] = [
  { game: 'reunion', seats: 3 },
  { game: 'dreierles', seats: 3 },
  { game: 'romme', seats: 3 },
];

describe('replay equality', () => {
  it.each(CASES)('$game: a practice table from move k has exactly the recorded state at k', ({ game, seats }) => {
    const { finished, final } = playFinished(game, seats, `practice-${game}`);
    const person = finished.seats[0]!;
    const n = finished.moves.length;
    expect(stateAt(finished, n)).toEqual(final);
    for (const k of [0, 1, Math.floor(n / 3), Math.floor(n / 2), n - 1]) {
      const table = practiceTable({ source: finished, fromMove: k, player: person, seat: 0, channel, id: 'x', now: 0 });
      expect(table.state).toEqual(recordedStateAt(finished, k));
      expect(table.moves).toEqual(finished.moves.slice(0, k).map(({ seat, move }) => ({ seat, move })));
      expect(table.seed).toBe(finished.seed);
      // The asker in their own seat, computer players of the game's level (Dreierles expert) named after the real players in the others.
      expect(table.seats[0]).toEqual({ userId: person.userId, name: person.name });
      expect(table.seats.slice(1).every((s) => s.bot === (game === 'dreierles' ? 'expert' : 'strong'))).toBe(true);
      expect(table.seats.map((s) => s.name)).toEqual(finished.seats.map((s) => s.name));
    }
    for (const k of [-1, n, 1.5])
      expect(() => practiceTable({ source: finished, fromMove: k, player: person, seat: 0, channel, id: 'x', now: 0 })).toThrow(/from 0/);
  });

  it('the asker plays their own seat, or the first person’s when they did not play', () => {
    const { finished } = playFinished('reunion', 3, 'practice-seat');
    expect(practiceSeat(finished, finished.seats[2]!.userId)).toBe(2);
    expect(practiceSeat(finished, 'someone-else')).toBe(0);
    const takenOver: FinishedGame = {
      ...finished,
      seats: finished.seats.map((s, i) => (i === 2 ? { userId: 'taker', name: 'T', startedBy: { userId: 'orig', name: 'O' } } : s)),
    };
    expect(practiceSeat(takenOver, 'orig')).toBe(2);
  });
});

/** Play the channel's practice table to its end: the person by the easy policy through `act`, the computer by its deadlines. */
async function playToEnd(tables: TableService, person: Actor): Promise<TableRecord> {
  let last: TableRecord | undefined = await tables.get(channel.channelId);
  for (let i = 0; i < 5000; i++) {
    const table = await tables.get(channel.channelId);
    if (!table) return last!;
    last = table;
    const engine = tables.engine(table);
    const seat = (engine.toAct(table.state) as number[])[0]!;
    if (table.seats[seat]!.bot) {
      const outcome = await tables.expire(channel.channelId);
      expect(outcome.kind).toBe('moved');
      if (outcome.kind === 'moved') last = outcome.outcome.table;
    } else {
      const move = decide(table.game, 'easy', tables.view(table, seat), { seed: `p${i}`, budgetMs: 300, now: () => 0 });
      const outcome = await tables.act(channel.channelId, person, stampOf(table), move);
      expect(outcome.finished).toBeNull(); // a practice game never produces a record
      last = outcome.table;
    }
  }
  throw new Error('the practice did not end');
}

describe('a practice table', () => {
  it('is played to its end, never recorded, and its result shows both results side by side', async () => {
    const { tables, results } = service('practice-end');
    const { finished } = playFinished('reunion', 3, 'practice-end');
    const person: Actor = { userId: finished.seats[0]!.userId, name: 'Anna' };
    const k = Math.floor(finished.moves.length / 2);
    const opened = await tables.practice(channel, person, finished, k);
    expect(opened.practice).toMatchObject({ recordId: finished.id, fromMove: k });
    expect(opened.turnTimer).toBe(0);
    // Never two tables in one channel: a second practice or a real table is refused while it runs.
    await expect(tables.practice(channel, person, finished, 0)).rejects.toThrow(/already has a Réunion table/);
    await expect(tables.create(channel, person, 'reunion')).rejects.toThrow(/already has a Réunion table/);

    const end = await playToEnd(tables, person);
    expect(end.status).toBe('finished');
    expect(end.moves.length).toBeGreaterThan(k);
    expect(await tables.get(channel.channelId)).toBeUndefined(); // the channel is free again
    expect(await results.list(channel.guildId)).toEqual([]); // its moves never reach the records

    const content = String(renderResult(ENGLISH, tables, end).content);
    const lines = content.split('\n');
    expect(lines[0]).toMatch(/^🏁 Game over: /);
    expect(lines).toContain(`🎯 Practice of game \`${finished.id}\` from move ${k} is over (not recorded). Both results side by side:`);
    const then = lines.find((l) => l.startsWith('**Then** (the real game): '));
    const now = lines.find((l) => l.startsWith('**Now** (the practice): '));
    // Each names every player with their net units: the real game's as recorded, the practice's as it ended.
    const real = finished.result as { net: number[] };
    const practice = tables.engine(end).result(end.state) as { net: number[] };
    for (const [line, nets] of [
      [then, real.net],
      [now, practice.net],
    ] as const) {
      expect(line).toBeDefined();
      for (const name of finished.seats.map((s) => s.name)) expect(line).toContain(name);
      for (const net of nets) expect(line).toContain(`${net > 0 ? '+' : net < 0 ? '−' : ''}${Math.abs(net)} unit`);
    }
  });
});
