/**
 * Games that seat their players by a draw (Rommé, docs/rules/romme.md § Seating and deal): when the game starts, the
 * table's seats are reordered to the seats the draw gave, and the game's fixed options go with every new table, so
 * its record and replay file replay the game. Other games keep the join order.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { drawSeats, romme } from '../../src/games/romme/index.ts';
import { replayFile, replayResult } from '../../src/records/replay.ts';
import type { GameRecord } from '../../src/records/types.ts';
import { gameById } from '../../src/tables/games.ts';
import type { Actor, TableService } from '../../src/tables/service.ts';
import { resolveOptions, resolveStoredOptions } from '../../src/tables/options.ts';
import { redisTableService } from '../support/table-service.ts';

const players: Actor[] = ['Anna', 'Bernd', 'Catrin', 'Dieter'].map((name, i) => ({ userId: `${201 + i}`, name }));
const channel = { guildId: '9', channelId: '600' };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const service = (name: string, seed: string): TableService => redisTableService(name, seed, cleanups);

/** A seed whose draw seats neither four nor three players in join order, nor gives the first deal to the first to join. */
const SEED = Array.from({ length: 50 }, (_, i) => `reorder-${i}`).find((s) => drawSeats(s, 4).seating[0] !== 0 && drawSeats(s, 3).seating[0] !== 0)!;

async function started(game: string, seed: string, options: Record<string, unknown> = {}) {
  const tables = service(`seating-${game}`, seed);
  await tables.create(channel, players[0]!, game, options, { turnTimer: 0 });
  for (const p of players.slice(1, game === 'reunion' ? 3 : 4)) await tables.join(channel.channelId, p);
  return tables.start(channel.channelId, players[0]!);
}

describe('seating by the draw at the start', () => {
  it('reorders a Rommé table to the draw, the highest card first, and the game deals from seat 0', async () => {
    const table = await started('romme', SEED);
    const { seating } = drawSeats(SEED, 4);
    expect(table.seats.map((s) => s.userId)).toEqual(seating.map((joined) => players[joined]!.userId));
    expect(table.seats.map((s) => s.userId)).not.toEqual(players.map((p) => p.userId));
    expect(table.hostId).toBe(players[0]!.userId);
    expect(table.options).toMatchObject({ seatByDraw: true, uncappedDeals: true });
    expect(romme.view(table.state as never, null).dealer).toBe(0);
  });

  it('keeps the join order for a game without a seat draw', async () => {
    const table = await started('reunion', SEED);
    expect(table.seats.map((s) => s.userId)).toEqual(players.slice(0, 3).map((p) => p.userId));
    expect(table.options).toEqual({ piererTiers: false, kleineEkart: false, grosseEkart: false });
  });

  it('takes the fixed options from a replay file, and adds none to one without them', () => {
    const rommeGame = gameById('romme')!;
    expect(resolveStoredOptions(rommeGame, { seatByDraw: true, uncappedDeals: true })).toMatchObject({ seatByDraw: true, uncappedDeals: true });
    expect(resolveStoredOptions(rommeGame, { jokers: 4 })).toEqual({ ...resolveOptions(rommeGame, {}), jokers: 4 });
    expect(() => resolveStoredOptions(rommeGame, { seatByDraw: 'yes' })).toThrow(/on or off/);
    // Players cannot choose them when opening a table.
    expect(() => resolveOptions(rommeGame, { seatByDraw: false })).toThrow(/has no option "seatByDraw"/);
  });

  it('replays a recorded game by the rule it was played with, seated by the draw or in join order', () => {
    for (const options of [{ seatByDraw: true, uncappedDeals: true }, {}]) {
      const resolved = resolveStoredOptions(gameById('romme')!, options);
      let state = romme.setup(resolved as never, 3, SEED);
      const moves: { seat: number; move: unknown }[] = [];
      // Three deals in which everyone draws from the stock and throws the card back until the stock runs out twice.
      while (state.phase !== 'over') {
        const seat = state.turn;
        const drawn = romme.apply(state, seat, { type: 'draw', from: 'stock' });
        if (!drawn.ok) throw new Error(drawn.reason.code);
        moves.push({ seat, move: { type: 'draw', from: 'stock' } });
        // A draw from a stock that ran out a second time ends the deal.
        if (drawn.state.phase !== 'play') {
          state = drawn.state;
          continue;
        }
        const discard = { type: 'discard', card: drawn.state.hands[seat]!.at(-1)! } as const;
        const after = romme.apply(drawn.state, seat, discard);
        if (!after.ok) throw new Error(after.reason.code);
        moves.push({ seat, move: discard });
        state = after.state;
      }
      const record = {
        id: 't1',
        game: 'romme',
        options: resolved,
        seats: players.slice(0, 3).map((p) => ({ userId: p.userId, name: p.name })),
        startedAt: 0,
        finishedAt: 1,
        seed: SEED,
        moves,
        result: romme.result(state),
      } as unknown as GameRecord;
      const file = JSON.parse(JSON.stringify(replayFile(record)));
      expect(file.options.seatByDraw).toBe(options.seatByDraw);
      expect(replayResult(file)).toEqual(romme.result(state));
      // Without the option, the seats and the first dealer are others: the moves no longer fit.
      if (options.seatByDraw) expect(() => replayResult({ ...file, options: {} })).toThrow(/not your turn|Move 1/i);
    }
  });
});
