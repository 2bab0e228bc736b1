/**
 * End to end: the per-user rate limit (8 actions per window) refuses a burst of clicks past the limit with a
 * short ephemeral line that changes nothing, and leaves other users alone. Also: components and commands that do
 * not match what the bot sent (forged select values, foreign messages, unknown subcommands) are refused and
 * change nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { TOO_FAST as TOO_FAST_TEXT } from '../../src/discord/ratelimit.ts';
import { ENGLISH } from '../../src/i18n/index.ts';

const TOO_FAST = ENGLISH.say(TOO_FAST_TEXT);
import { cleanupPrefix, startTestBot, testPrefix } from '../support/bot.ts';
import { answered, buttons } from '../support/driver.ts';
import { type FakeDiscord, type FakeInteraction, type FakeUser, startFakeDiscord } from '../support/fake-discord.ts';
import { answerText } from '../support/refusals.ts';

let fake: FakeDiscord;
let bot: RunningBot;
let prefix: string;

/** The bot with the rate limit on: 8 actions per user, in a window long enough that timing cannot matter. */
async function startLimitedBot(): Promise<RunningBot> {
  return startTestBot(fake, prefix, 'ratelimit-seed', { env: { RATE_LIMIT_ACTIONS: '8', RATE_LIMIT_WINDOW_S: '600' } });
}

async function settle(): Promise<void> {
  await fake.waitIdle();
  await bot.settled();
  await fake.waitIdle();
}

beforeEach(async () => {
  fake = await startFakeDiscord({ idleMs: 30 });
  prefix = testPrefix('ratelimit');
  bot = await startLimitedBot();
});

afterEach(async () => {
  await bot?.stop();
  await fake?.close();
  await cleanupPrefix(prefix);
});

const stored = async () => (await bot.tables.get(fake.channelId))!;

describe('per-user rate limit', () => {
  it('30 rapid clicks by one user: 8 are handled, the rest refused and change nothing; others are unaffected', async () => {
    const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((n) => fake.user(n)) as [FakeUser, FakeUser, FakeUser];
    const created = await answered(fake.slash(alice, fake.channelId, 'table', {}, { subcommandGroup: 'new', subcommand: 'romme' }));
    await settle();
    const lobby = fake.message(created.originalMessageId)!;
    const start = await stored();

    // Bob presses Join, Leave, Join, Leave… 30 times as fast as the bot answers.
    const clicks: FakeInteraction[] = [];
    for (let i = 0; i < 30; i++) clicks.push(await fake.click(bob, lobby, i % 2 === 0 ? 'st:join' : 'st:leave'));
    await settle();
    const refused = clicks.filter((c) => answerText(c) === TOO_FAST);
    const handled = clicks.filter((c) => answerText(c) !== TOO_FAST);
    expect(handled).toHaveLength(8);
    expect(refused).toHaveLength(22);
    expect(clicks.slice(0, 8)).toEqual(handled);
    expect(refused.every((c) => c.callback?.ephemeral && c.callback.error === null && c.callback.type === 4)).toBe(true);
    expect(handled.every((c) => c.callback?.type === 7 && c.callback.error === null)).toBe(true);
    // Only the 8 handled clicks changed the table (4 joins, 4 leaves): Bob is not seated.
    const after = await stored();
    expect(after.version).toBe(start.version + 8);
    expect(after.seats.map((s) => s.userId)).toEqual([alice.id]);

    // Bob's commands are limited too; Carol and Alice are not.
    const status = await fake.slash(bob, fake.channelId, 'table', {}, { subcommand: 'status' });
    expect(answerText(status)).toBe(TOO_FAST);
    await answered(fake.click(carol, fake.message(lobby.id)!, 'st:join'));
    const aliceStatus = await answered(fake.slash(alice, fake.channelId, 'table', {}, { subcommand: 'status' }));
    await settle();
    expect(answerText(aliceStatus)).not.toBe(TOO_FAST);
    expect((await stored()).seats.map((s) => s.userId)).toEqual([alice.id, carol.id]);
    expect(fake.violations).toEqual([]);
  });
});

describe('components and commands are checked against what the bot sent', () => {
  it('refuses an unknown /table bot subcommand, a button on a message that is not the bot’s, and forged select values', async () => {
    const [alice, bob] = ['alice', 'bob'].map((n) => fake.user(n)) as [FakeUser, FakeUser];
    const created = await answered(fake.slash(alice, fake.channelId, 'table', { turn_timer: 0 }, { subcommandGroup: 'new', subcommand: 'romme' }));
    await settle();
    const lobby = fake.message(created.originalMessageId)!;
    const before = await stored();

    // `/table bot <anything>` used to seat a computer player for any subcommand that was not `remove`.
    const odd = await fake.slash(alice, fake.channelId, 'table', {}, { subcommandGroup: 'bot', subcommand: 'summon' });
    await settle();
    expect(odd.callback?.ephemeral).toBe(true);
    expect(answerText(odd)).toMatch(/There is no `\/table bot summon`/);
    // An option of the wrong type (a stale command definition): a clear refusal, not "storage unavailable".
    const wrongType = await fake.slash(alice, fake.channelId, 'table', [
      { name: 'bot', type: 2, options: [{ name: 'add', type: 1, options: [{ name: 'level', type: 4, value: 3 }] }] },
    ]);
    await settle();
    expect(answerText(wrongType)).toMatch(/does not match this bot's \/table/);

    // Our custom_id on somebody else's message.
    const foreign = fake.postMessage(fake.user('mallory'), fake.channelId, {
      content: 'join me',
      components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Join', custom_id: 'st:join' }] }],
    });
    const click = await fake.click(bob, foreign, 'st:join');
    await settle();
    expect(click.callback?.ephemeral).toBe(true);
    expect(answerText(click)).toMatch(/not one this bot understands/);
    expect(await stored()).toEqual(before);

    // A Rommé hand's select menu with a value that is not among its options (a modified client).
    await answered(fake.click(bob, lobby, 'st:join'));
    await settle();
    await answered(fake.click(alice, fake.message(lobby.id)!, 'st:start'));
    await settle();
    // The player to move draws; their hand then offers the melds it can make in a menu (this seed's hand has some).
    const hands = [];
    for (const user of [alice, bob]) hands.push(fake.original(await answered(fake.click(user, fake.message(lobby.id)!, 'st:hand')))!);
    await settle();
    const moverAt = hands.findIndex((h) => buttons(h).some((b) => b.label?.startsWith('Draw from stock')));
    expect(moverAt).toBeGreaterThanOrEqual(0);
    const mover = [alice, bob][moverAt]!;
    const draw = buttons(hands[moverAt]!).find((b) => b.label?.startsWith('Draw from stock'))!;
    await answered(fake.click(mover, hands[moverAt]!, draw.custom_id));
    await settle();
    const hand = fake.message(hands[moverAt]!.id)!;
    const menu = buttons(hand).find((c) => (c as { type?: number }).type === 3) as unknown as
      { custom_id: string; options: { value: string }[] } | undefined;
    expect(menu).toBeDefined();
    const values = menu!.options.map((o) => o.value);
    const forgedValue = [...values[0]!].reverse().join('');
    expect(forgedValue.length).toBeGreaterThan(1);
    expect(values).not.toContain(forgedValue); // the game's decoder would read it as the same cards: only the options check refuses it
    const beforeSelect = await stored();
    const sel = await fake.select(mover, hand, menu!.custom_id, [forgedValue], { unchecked: true });
    await settle();
    expect(sel.callback?.ephemeral).toBe(true);
    expect(answerText(sel)).toMatch(/not one of the options shown/);
    expect(await stored()).toEqual(beforeSelect);
    expect(fake.message(hand.id)).toEqual(hand);
  });
});
