/**
 * Moving the board (docs/playing.md § The board stays in view): `TableService.moveBoard` stores the new message id
 * without a version bump, so hands rendered before the move stay valid, and only from the message it replaces.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { stampOf, type Actor } from '../../src/tables/service.ts';
import { redisTableService } from '../support/table-service.ts';

const players: Actor[] = ['Anna', 'Bernd', 'Catrin'].map((name, i) => ({ userId: `${301 + i}`, name }));
const channel = { guildId: '9', channelId: '700' };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function started() {
  const tables = redisTableService('board-move', 'board-move-seed', cleanups);
  await tables.create(channel, players[0]!, 'reunion', {}, { turnTimer: 0 });
  for (const p of players.slice(1)) await tables.join(channel.channelId, p);
  await tables.setMessage(channel.channelId, '1000');
  return { tables, table: await tables.start(channel.channelId, players[0]!) };
}

describe('moving the board', () => {
  it('stores the new message id and keeps the version (no hand goes stale)', async () => {
    const { tables, table } = await started();
    expect(await tables.moveBoard(channel.channelId, '1000', '2000')).toBe(true);
    const moved = (await tables.get(channel.channelId))!;
    expect(moved.messageId).toBe('2000');
    expect(moved.version).toBe(table.version);
    expect(stampOf(moved)).toBe(stampOf(table));
  });

  it('refuses a move from a message that is no longer the board, and a table not being played', async () => {
    const { tables } = await started();
    expect(await tables.moveBoard(channel.channelId, '999', '2000')).toBe(false);
    expect((await tables.get(channel.channelId))!.messageId).toBe('1000');
    await tables.cancel(channel.channelId, players[0]!, false);
    expect(await tables.moveBoard(channel.channelId, '1000', '2000')).toBe(false);
    expect(await tables.get(channel.channelId)).toBeUndefined();
  });

  it('leaves a lobby where it is', async () => {
    const tables = redisTableService('board-move-lobby', 'board-move-seed', cleanups);
    await tables.create(channel, players[0]!, 'reunion', {}, { turnTimer: 0 });
    await tables.setMessage(channel.channelId, '1000');
    expect(await tables.moveBoard(channel.channelId, '1000', '2000')).toBe(false);
  });
});
