/**
 * End to end: pings with manners (docs/playing.md § Pings). Three users play Réunion on a manual clock: a player who
 * acted within PING_QUIET_S is not mentioned when the turn passes to them; one quiet longer is mentioned once, by a
 * post that pings only them; the turn timer's reminder does not mention a second time in the same turn.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { cleanupPrefix, settle, startTestBot, testPrefix } from '../support/bot.ts';
import { type FakeDiscord, type FakeUser, type PayloadRecord, startFakeDiscord } from '../support/fake-discord.ts';
import { openAndStart, takeTurn, userToAct } from '../support/driver.ts';

let fake: FakeDiscord;
let bot: RunningBot;
let prefix: string;
let users: FakeUser[];
let t = 0;

beforeEach(async () => {
  t = Date.now();
  fake = await startFakeDiscord({ idleMs: 30 });
  prefix = testPrefix('pings-e2e');
  bot = await startTestBot(fake, prefix, 'e2e-seed', { now: () => t, env: { PING_QUIET_S: '60' } });
  users = ['alice', 'bob', 'carol'].map((n) => fake.user(n));
});

afterEach(async () => {
  await bot?.stop();
  await fake?.close();
  await cleanupPrefix(prefix);
});

/** Public posts that may ping someone: the users they allow to be mentioned. */
const mentions = (): string[][] =>
  fake
    .publicPayloads()
    .filter((p: PayloadRecord) => (p.body?.allowed_mentions?.users ?? []).length > 0 || (p.body?.allowed_mentions?.parse ?? []).length > 0)
    .map((p: PayloadRecord) => p.body.allowed_mentions.users ?? ['parse']);

describe('pings with manners', () => {
  it('mentions a quiet player once per turn, nobody who just acted, and only the intended user', async () => {
    // No turn timer: its half-time reminder (a mention of its own) would fall in the quiet minute.
    const messageId = await openAndStart(fake, fake.channelId, users, 'reunion', { turn_timer: 0 });
    // The dealer's discard, then every player plays a card within seconds: nobody is mentioned.
    for (let i = 0; i < 4; i++) {
      t += 5_000;
      expect(await takeTurn(fake, messageId, users, i)).not.toBeNull();
    }
    expect(mentions()).toEqual([]);

    // The next player waits; the one after them has been quiet for longer than 60 s when the turn passes to them.
    const first = userToAct(fake, messageId, users)!;
    t += 61_000;
    await takeTurn(fake, messageId, users);
    const quiet = userToAct(fake, messageId, users)!;
    expect(quiet.id).not.toBe(first.id);
    await settle(fake);
    expect(mentions()).toEqual([[quiet.id]]);
    const ping = fake.channelMessages(fake.channelId).at(-1)!;
    expect(ping.content).toBe(`<@${quiet.id}>, your turn.`);
    // The board stays next to last.
    expect(fake.channelMessages(fake.channelId).at(-2)!.id).toBe(messageId);

    // The quiet player acts; the next one has not acted for over a minute either and is mentioned once.
    t += 1_000;
    await takeTurn(fake, messageId, users);
    const next = userToAct(fake, messageId, users)!;
    expect(mentions()).toEqual([[quiet.id], [next.id]]);
    // They act at once; the turn passes to a player who acted seconds ago: no mention.
    t += 1_000;
    await takeTurn(fake, messageId, users);
    expect(userToAct(fake, messageId, users)).not.toBeNull();
    expect(mentions()).toEqual([[quiet.id], [next.id]]);
  });
});
