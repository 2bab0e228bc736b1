/**
 * The lobby's seat rule (docs/playing.md § Computer players): a person who joins a lobby with a computer player takes
 * the seat of the computer player seated last, in its place, so the table keeps its size; without one they add a seat
 * while the game has one free (Réunion 5, Dreierles 4, Rommé 6). The lobby remembers who took whose seat until its
 * next change. On the real Redis, as the bot stores tables.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { gameById } from '../../src/tables/games.ts';
import type { Actor, TableService } from '../../src/tables/service.ts';
import { redisTableService } from '../support/table-service.ts';

const people: Actor[] = ['Anna', 'Bernd', 'Catrin', 'Dieter', 'Erna', 'Franz', 'Gisela'].map((name, i) => ({ userId: `${301 + i}`, name }));
const host = people[0]!;
const channel = { guildId: '9', channelId: '700' };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const service = (name: string): TableService => redisTableService(name, 'lobby-seats', cleanups);

/** Each game with the most players it seats (the digest's table sizes). */
const GAMES = [
  { game: 'reunion', maxSeats: 5 },
  { game: 'dreierles', maxSeats: 4 },
  { game: 'romme', maxSeats: 6 },
] as const;

describe('a person joining a lobby with computer players', () => {
  it.each(GAMES)(
    '$game: takes the last computer seat after Fill with bots; adds seats up to $maxSeats only without one',
    async ({ game, maxSeats }) => {
      expect(gameById(game)!.maxSeats).toBe(maxSeats);
      const tables = service(`lobby-fill-${game}`);
      await tables.create(channel, host, game, {}, { turnTimer: 0 });
      const filled = await tables.fillWithBots(channel.channelId, host);
      expect(filled.seats.map((s) => s.userId)).toEqual([host.userId, 'bot:1', 'bot:2']);

      // The first friend takes Liesl's seat (seated last), the second Kurt's: the table stays at three.
      const first = await tables.join(channel.channelId, people[1]!);
      expect(first.replaced).toEqual({ userId: 'bot:2', name: 'Liesl', bot: game === 'dreierles' ? 'expert' : 'strong' });
      expect(first.table.seats.map((s) => s.userId)).toEqual([host.userId, 'bot:1', people[1]!.userId]);
      expect(first.table.botSeatTaken).toEqual({ userId: people[1]!.userId, bot: 'Liesl' });
      const second = await tables.join(channel.channelId, people[2]!);
      expect(second.replaced?.name).toBe('Kurt');
      expect(second.table.seats.map((s) => s.userId)).toEqual([host.userId, people[2]!.userId, people[1]!.userId]);
      expect(second.table.botSeatTaken).toEqual({ userId: people[2]!.userId, bot: 'Kurt' });

      // No computer player left: people add seats while the game has one free, then the table is full.
      let seats = 3;
      for (const person of people.slice(3, 3 + maxSeats - 3)) {
        const joined = await tables.join(channel.channelId, person);
        expect(joined.replaced).toBeNull();
        expect(joined.table.botSeatTaken).toBeUndefined();
        expect(joined.table.seats).toHaveLength(++seats);
      }
      expect(seats).toBe(maxSeats);
      await expect(tables.join(channel.channelId, people[maxSeats]!)).rejects.toMatchObject({ code: 'table_full', message: 'The table is full.' });
      expect((await tables.get(channel.channelId))!.seats).toHaveLength(maxSeats);
    },
  );

  it.each(GAMES)(
    '$game: a table full of computer players ($maxSeats seats) still seats a person in place of the last one',
    async ({ game, maxSeats }) => {
      const tables = service(`lobby-full-${game}`);
      await tables.create(channel, host, game, {}, { turnTimer: 0 });
      for (let i = 1; i < maxSeats; i++) await tables.addBot(channel.channelId, host, i % 2 ? 'easy' : 'strong');
      await expect(tables.addBot(channel.channelId, host, 'easy')).rejects.toMatchObject({ code: 'table_full' });
      const lastBot = (await tables.get(channel.channelId))!.seats[maxSeats - 1]!;
      const { table, replaced } = await tables.join(channel.channelId, people[1]!);
      expect(replaced).toEqual(lastBot);
      expect(table.seats).toHaveLength(maxSeats);
      expect(table.seats[maxSeats - 1]).toEqual({ userId: people[1]!.userId, name: people[1]!.name });
      expect(table.seats.filter((s) => s.bot)).toHaveLength(maxSeats - 2);
    },
  );

  it('the lobby forgets who took whose seat with its next change, and at the start', async () => {
    const tables = service('lobby-note');
    await tables.create(channel, host, 'reunion', {}, { turnTimer: 0 });
    await tables.fillWithBots(channel.channelId, host);
    expect((await tables.join(channel.channelId, people[1]!)).table.botSeatTaken?.bot).toBe('Liesl');
    expect((await tables.addBot(channel.channelId, host, 'easy')).botSeatTaken).toBeUndefined();
    expect((await tables.join(channel.channelId, people[2]!)).table.botSeatTaken?.bot).toBe('Liesl');
    expect((await tables.removeBot(channel.channelId, host)).botSeatTaken).toBeUndefined();
    expect((await tables.get(channel.channelId))!.seats.map((s) => s.userId)).toEqual([host.userId, people[1]!.userId, people[2]!.userId]);
    await tables.addBot(channel.channelId, host, 'easy');
    expect((await tables.join(channel.channelId, people[3]!)).table.botSeatTaken?.bot).toBe('Kurt');
    expect((await tables.start(channel.channelId, host)).botSeatTaken).toBeUndefined();
  });
});
