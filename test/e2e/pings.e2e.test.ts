/**
 * End to end: pings with manners (docs/playing.md § Pings). Three users play Réunion on a manual clock, with
 * PING_QUIET_S=60: a player is mentioned once the table has waited a minute on them (a post that pings only them),
 * never for the time the table waited on someone else, so one slow player is mentioned alone, not each player after
 * them; a click on their hand restarts the wait; the turn timer's reminder is the turn's ping when it comes first and
 * does not mention a second time when it comes after; and every such post is deleted once its turn is over (a move,
 * or the table cancelled).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { settle } from '../support/bot.ts';
import { useTableBot } from '../support/table-bot.ts';
import type { FakeDiscord, FakeMessage, FakeUser, PayloadRecord } from '../support/fake-discord.ts';
import { answered, openAndStart, openHand, takeTurn, userToAct } from '../support/driver.ts';

let fake: FakeDiscord;
let bot: RunningBot;
let users: FakeUser[];
let t = 0;
useTableBot('pings-e2e', (table) => ({ fake, bot, users } = table), { bot: () => ({ now: () => t, env: { PING_QUIET_S: '60' } }) });
beforeEach(() => {
  t = Date.now();
});

/** Public posts that may ping someone: the users they allow to be mentioned. */
const mentions = (): string[][] =>
  fake
    .publicPayloads()
    .filter((p: PayloadRecord) => (p.body?.allowed_mentions?.users ?? []).length > 0 || (p.body?.allowed_mentions?.parse ?? []).length > 0)
    .map((p: PayloadRecord) => p.body.allowed_mentions.users ?? ['parse']);

/** The channel's messages now, oldest first. */
const inChannel = (): FakeMessage[] => fake.channelMessages(fake.channelId);
/** The channel's messages about a turn (pings and reminders) still there. */
const turnPosts = (): string[] =>
  inChannel()
    .map((m) => m.content)
    .filter((c) => c.includes('your turn.') || c.startsWith('⏰'));

/** Move the clock on by `ms`, let the ping poll and the timer loop see it, and wait for what they post. */
async function wait(ms: number): Promise<void> {
  t += ms;
  await bot.views.pings.tick();
  await bot.deadlines.tick();
  await settle(fake);
}

describe('pings with manners', () => {
  it('mentions only the player the table waits on, once, and deletes the ping when they move', async () => {
    // No turn timer: its half-time reminder (a mention of its own) would fall in the quiet minute.
    const board = await openAndStart(fake, fake.channelId, users, 'reunion', { turn_timer: 0 });
    // The dealer's discard, then every player plays a card within seconds: nobody is mentioned.
    for (let i = 0; i < 4; i++) {
      t += 5_000;
      expect(await takeTurn(fake, board, users, i)).not.toBeNull();
    }
    expect(mentions()).toEqual([]);

    // The player to act takes their time: after 59 s nobody is mentioned, after 61 s they are, once.
    const slow = userToAct(fake, board, users)!;
    await wait(59_000);
    expect(mentions()).toEqual([]);
    await wait(2_000);
    expect(mentions()).toEqual([[slow.id]]);
    const ping = inChannel().at(-1)!;
    expect(ping.content).toBe(`<@${slow.id}>, your turn.`);
    expect(inChannel().at(-2)!.id).toBe(board); // the board stays next to last
    await wait(120_000);
    expect(mentions()).toEqual([[slow.id]]);

    // The slow player moves: the ping goes. The two after them, quiet for three minutes while the table waited on the
    // slow player, act within a second each and are not mentioned; nor is anyone in the next round.
    t += 1_000;
    await takeTurn(fake, board, users);
    expect(fake.message(ping.id)!.deleted).toBe(true);
    expect(turnPosts()).toEqual([]);
    expect(inChannel().at(-1)!.id).toBe(board);
    for (let i = 0; i < 5; i++) {
      t += 1_000;
      await takeTurn(fake, board, users);
      await wait(0);
    }
    expect(mentions()).toEqual([[slow.id]]);

    // A click on the hand restarts the wait: opened after 50 s, the player is not mentioned 20 s later, but 61 s later.
    const thinking = userToAct(fake, board, users)!;
    await wait(50_000);
    await openHand(fake, board, thinking);
    await wait(20_000);
    expect(mentions()).toEqual([[slow.id]]);
    await wait(41_000);
    expect(mentions()).toEqual([[slow.id], [thinking.id]]);
    expect(turnPosts()).toEqual([`<@${thinking.id}>, your turn.`]);

    // Cancelling the table takes the ping with the turn.
    await answered(fake.slash(users[0]!, fake.channelId, 'table', {}, { subcommand: 'cancel' }));
    await settle(fake);
    expect(turnPosts()).toEqual([]);
    expect(fake.violations).toEqual([]);
  });

  it("a turn timer's reminder that comes first is the turn's ping, and goes with the turn", async () => {
    // A 60 s timer: the reminder at 30 s comes before the quiet minute and mentions the player; nothing more is sent.
    const board = await openAndStart(fake, fake.channelId, users, 'reunion', { turn_timer: 60 });
    const dealer = userToAct(fake, board, users)!;
    await wait(30_000);
    expect(mentions()).toEqual([[dealer.id]]);
    expect(turnPosts()).toEqual([`⏰ 30 s left for your move — press **My hand**.\n<@${dealer.id}>, your turn.`]);
    await wait(29_000);
    expect(mentions()).toEqual([[dealer.id]]);
    t += 500;
    await takeTurn(fake, board, users);
    expect(turnPosts()).toEqual([]);
    expect(inChannel().at(-1)!.id).toBe(board);
    expect(fake.violations).toEqual([]);
  });

  it("after the quiet minute's ping a turn timer's reminder mentions nobody; the move takes both posts", async () => {
    // A 300 s timer: the quiet minute's ping comes first; the reminder at 150 s mentions nobody.
    const board = await openAndStart(fake, fake.channelId, users, 'reunion', { turn_timer: 300 });
    const dealer = userToAct(fake, board, users)!;
    await wait(61_000);
    expect(mentions()).toEqual([[dealer.id]]);
    await wait(90_000);
    expect(mentions()).toEqual([[dealer.id]]);
    expect(turnPosts()).toEqual([`<@${dealer.id}>, your turn.`, '⏰ 150 s left for your move — press **My hand**.']);
    t += 1_000;
    await takeTurn(fake, board, users);
    expect(turnPosts()).toEqual([]);
    expect(fake.violations).toEqual([]);
  });
});
