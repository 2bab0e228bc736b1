/**
 * The web table under `npm run start:sharded`: only shard 0's process serves it (src/bot.ts), while the guild may
 * belong to another shard. Two processes' bots on one Redis and one fake Discord, as two shards of 2 (the guild on
 * shard 1, so its interactions reach the second bot only): a socket on shard 0's web table opens the guild's table
 * (the member check through shard 0's client, which has not the guild in its cache: fetched without caching it) and
 * each chat move made through shard 1's process reaches it, by the table change events over Redis; a move from that
 * socket is stored and the chat's board follows it; a member denied View Channel is still refused.
 */
import { afterEach, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { cleanupPrefix, settleAll, startTestBot, testPrefix } from '../support/bot.ts';
import { openAndStart, takeTurn } from '../support/driver.ts';
import { type FakeDiscord, startFakeDiscord } from '../support/fake-discord.ts';
import { browserSignIn, isType, openSocket, stateAt, webEnv } from '../support/web-client.ts';

/** A guild id whose events Discord sends to `shard` of `count` ((id >> 22) % count). */
function guildOnShard(shard: number, count: number): string {
  let ms = BigInt(Date.now()) - 1420070400000n;
  while (ms % BigInt(count) !== BigInt(shard)) ms--;
  return ((ms << 22n) | 1n).toString();
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

it("a move made on another shard's process reaches the sockets of shard 0's web table", async () => {
  const fake: FakeDiscord = await startFakeDiscord({ guildId: guildOnShard(1, 2), idleMs: 30 });
  cleanups.push(() => fake.close());
  const prefix = testPrefix('web-shards');
  cleanups.push(() => cleanupPrefix(prefix));
  const web: RunningBot = await startTestBot(fake, prefix, 'e2e-seed', { env: webEnv(fake), shards: { ids: [0], count: 2 } });
  cleanups.push(() => web.stop());
  const chat: RunningBot = await startTestBot(fake, prefix, 'e2e-seed', { shards: { ids: [1], count: 2 } });
  cleanups.push(() => chat.stop());
  expect(chat.web).toBeNull();
  const users = ['alice', 'bob', 'carol'].map((n) => fake.user(n));

  const board = await openAndStart(fake, fake.channelId, users);
  await settleAll(fake, [web, chat]);
  const socket = await openSocket(web, { cookie: await browserSignIn(web, fake, users[1]!, fake.channelId) });
  socket.send({ type: 'hello', channel: fake.channelId });
  await socket.next(isType('ready'));
  const first = await socket.next(isType('state'));
  const handled = fake.interactions.length;

  for (let turn = 0; turn < 3; turn++) {
    const before = (await chat.tables.get(fake.channelId))!.version;
    await takeTurn(fake, board, users, turn);
    await settleAll(fake, [web, chat]);
    const after = (await chat.tables.get(fake.channelId))!.version;
    expect(after).toBeGreaterThan(before);
    const state = await socket.next(stateAt(after));
    expect(state.version).toBe(after);
  }
  expect(fake.interactions.length).toBeGreaterThan(handled);
  expect(first.version).toBeLessThan(socket.state()!.version);

  // A move from shard 0's web table, at a table of shard 1's guild: stored, and the chat's board follows it.
  for (let turn = 0; !socket.state()!.legal.length && turn < 10; turn++) {
    await takeTurn(fake, board, users, turn);
    await settleAll(fake, [web, chat]);
    await socket.next(stateAt((await chat.tables.get(fake.channelId))!.version));
  }
  const shown = socket.state()!;
  const boardBefore = JSON.stringify(fake.message(board));
  socket.send({ type: 'intent', version: shown.version, move: shown.legal[0]! });
  await socket.next(stateAt(shown.version + 1));
  await settleAll(fake, [web, chat]);
  expect((await chat.tables.get(fake.channelId))!.version).toBeGreaterThan(shown.version);
  await fake.waitFor(() => JSON.stringify(fake.message(board)) !== boardBefore, 10_000);
  expect(socket.frames.filter((f) => f.type === 'refused' || f.type === 'error')).toEqual([]);
  expect(fake.violations).toEqual([]);
  socket.close();

  // The check is still the member's View Channel there: one denied it is refused.
  const mallory = fake.user('mallory');
  fake.setOverwrites(fake.channelId, [{ id: mallory.id, type: 1, allow: '0', deny: String(1n << 10n) }]);
  const refused = await openSocket(web, { cookie: await browserSignIn(web, fake, mallory, fake.channelId) });
  refused.send({ type: 'hello', channel: fake.channelId });
  expect((await refused.closed).reason).toBe('forbidden');
  // Shard 0's process keeps no copy of the other shard's guild.
  expect(web.client.guilds.cache.has(fake.guildId)).toBe(false);
});
