/**
 * End to end: a table whose channel was deleted is closed without a result, whether the bot hears of it (Discord's
 * CHANNEL_DELETE / THREAD_DELETE) or finds out when a post answers 10003 Unknown Channel (deleted while it was
 * offline). Before, the timer loop kept playing such a table, and every post of it failed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { cleanupPrefix, settle, startTestBot, testPrefix } from '../support/bot.ts';
import { answered, tableMessage } from '../support/driver.ts';
import { type FakeDiscord, type FakeUser, startFakeDiscord } from '../support/fake-discord.ts';

let fake: FakeDiscord;
let bot: RunningBot;
let prefix: string;
let alice: FakeUser;

/** A clock for the bot's deadlines that only moves when the test says so (the fake Discord keeps real time). */
function manualClock() {
  let t = Date.now();
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}
let clock: ReturnType<typeof manualClock>;

beforeEach(async () => {
  fake = await startFakeDiscord({ idleMs: 30 });
  prefix = testPrefix('deleted-channel');
  clock = manualClock();
  bot = await startTestBot(fake, prefix, 'e2e-seed', { now: clock.now });
  alice = fake.user('alice');
});

afterEach(async () => {
  await bot?.stop();
  await fake?.close();
  await cleanupPrefix(prefix);
});

/** Alice and two computer players start a Réunion game with a 30 s turn timer in `channelId`. */
async function startWithBots(channelId: string): Promise<void> {
  const created = await answered(fake.slash(alice, channelId, 'table', { turn_timer: 30 }, { subcommandGroup: 'new', subcommand: 'reunion' }));
  await settle(fake);
  const messageId = created.originalMessageId!;
  await answered(fake.click(alice, tableMessage(fake, messageId), 'st:fill'));
  await answered(fake.click(alice, tableMessage(fake, messageId), 'st:start'));
  await settle(fake);
  expect((await bot.tables.get(channelId))?.status).toBe('playing');
}

/** Let a few minutes pass for the timer loop (Alice's timer runs out, the computers answer) and settle. */
async function timePasses(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    clock.advance(60_000);
    await bot.deadlines.tick();
    await settle(fake);
  }
}

/** Wait (up to 4 s) until the channel has no table; fails the test otherwise. */
async function closed(channelId: string): Promise<void> {
  for (let i = 0; i < 200 && (await bot.tables.get(channelId)); i++) await new Promise((r) => setTimeout(r, 20));
  expect(await bot.tables.get(channelId)).toBeUndefined();
}

const requestsTo = (channelId: string) => fake.requests.filter((r) => r.path.startsWith(`/channels/${channelId}`)).length;

describe('a deleted channel', () => {
  it('CHANNEL_DELETE closes its table without a result; nothing more is posted there', async () => {
    const channelId = fake.addChannel('doomed');
    await startWithBots(channelId);
    fake.deleteChannel(channelId);
    await closed(channelId);
    await settle(fake);
    // An update already on its way when the channel went may still meet 10003; after the close, nothing is sent.
    const before = { requests: requestsTo(channelId), violations: fake.violations.length };
    await timePasses();
    expect(requestsTo(channelId)).toBe(before.requests);
    expect(fake.violations.length).toBe(before.violations);
    expect(fake.violations.filter((v) => v.code !== 10003)).toEqual([]);
    expect(await bot.records.list(fake.guildId)).toEqual([]);
  });

  it('THREAD_DELETE closes the table of a thread', async () => {
    const thread = fake.addThread(fake.channelId, 'night table');
    await startWithBots(thread.id);
    fake.deleteChannel(thread.id);
    await closed(thread.id);
    await settle(fake);
    const before = { requests: requestsTo(thread.id), violations: fake.violations.length };
    await timePasses();
    expect(requestsTo(thread.id)).toBe(before.requests);
    expect(fake.violations.length).toBe(before.violations);
  });

  it('deleted while the bot was offline: the first post answered 10003 closes the table', async () => {
    const channelId = fake.addChannel('doomed');
    await startWithBots(channelId);
    await bot.stop();
    fake.deleteChannel(channelId); // no bot connected: nobody hears CHANNEL_DELETE
    bot = await startTestBot(fake, prefix, 'e2e-seed', { now: clock.now });
    // Alice's timer runs out once (she is not away yet): the computer moves for her, and the post of it fails.
    clock.advance(31_000);
    await bot.deadlines.tick();
    await settle(fake);
    expect(await bot.tables.get(channelId)).toBeUndefined();
    expect(fake.violations.length).toBeGreaterThan(0);
    expect(new Set(fake.violations.map((v) => v.code))).toEqual(new Set([10003]));
    // Once closed, the timer loop leaves the channel alone.
    const failed = fake.violations.length;
    await timePasses();
    expect(fake.violations.length).toBe(failed);
    expect(await bot.records.list(fake.guildId)).toEqual([]);
  });
});
