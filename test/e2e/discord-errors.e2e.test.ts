/**
 * End to end: Discord's deadlines and error codes. A slow answer (the table lock held elsewhere for 2.5 s) is
 * deferred in time and then filled in; 10062, 40060, 50027, 50013 and 429 each leave the move stored exactly
 * once, the bot running, and the player told what they can be told.
 */
import { NOTHING_CHANGED, TABLE_BUSY } from '../../src/discord/errors.ts';
import { PermissionFlagsBits } from 'discord.js';
import { describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { HAND_EXPIRED } from '../../src/discord/errors.ts';
import { MOVE_NOT_SHOWN } from '../../src/discord/hand/clicks.ts';
import { Locks } from '../../src/store/lock.ts';
import { settle } from '../support/bot.ts';
import { useTableBot } from '../support/table-bot.ts';
import { answered, buttons, enabledCards, openAndStart, openHand, tableMessage, takeTurn, userToAct } from '../support/driver.ts';
import { type FakeDiscord, type FakeInteraction, type FakeUser } from '../support/fake-discord.ts';
import { answerText, expectRefused } from '../support/refusals.ts';
import { tableStore } from '../../src/store/keyv.ts';
import { ENGLISH } from '../../src/i18n/index.ts';

let fake: FakeDiscord;
let bot: RunningBot;
let users: FakeUser[];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TABLE_MESSAGE_EDIT = /^\/channels\/\d+\/messages\/\d+$/;
const CALLBACK = /^\/interactions\/\d+\/[^/]+\/callback$/;
useTableBot('discord-errors', (table) => ({ fake, bot, users } = table), { bot: (fake) => ({ now: () => fake.clock.now() }) });

/**
 * Hold the channel's table lock as another bot process would (its own Locks on the same Redis); resolves once
 * held, with the function that releases it.
 */
async function holdTableLock(channelId: string): Promise<() => void> {
  const store = tableStore(bot.storage, new Locks(bot.storage.redis));
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await new Promise<void>((held) => void store.withLock(channelId, async () => (held(), released)));
  return release;
}

/** Start a Réunion game without turn timers, make the dealer's discard; returns the table message id. */
async function startedPastDiscard(): Promise<string> {
  const messageId = await openAndStart(fake, fake.channelId, users, 'reunion', { turn_timer: 0 });
  expect(await takeTurn(fake, messageId, users, 0)).toBe('discard');
  return messageId;
}

/**
 * Let 14 minutes pass: the token of the /table new whose reply is the board is too old to edit it, so its edits go on
 * the channel's route from now on (as for a board another process, or a restart, knows no token of).
 */
const boardOnChannelRoute = () => fake.clock.advance(14 * 60_000 + 1_000);

/** The player to act, their hand and the card they will play. */
async function nextPlay(messageId: string) {
  const actor = userToAct(fake, messageId, users)!;
  const hand = await openHand(fake, messageId, actor);
  const card = enabledCards(hand)[0]!;
  return { actor, hand, card };
}

const stored = async () => (await bot.tables.get(fake.channelId))!;

/** The bot keeps working: the next player takes a turn normally and the move is stored. */
async function gameGoesOn(messageId: string): Promise<void> {
  const before = await stored();
  const played = await takeTurn(fake, messageId, users, 1);
  expect(played).not.toBeNull();
  expect((await stored()).moves.length).toBe(before.moves.length + 1);
}

describe('the 3-second deadline', () => {
  it('defers a slow command and a slow click, then answers them; each move is applied once', async () => {
    const [alice, bob, carol] = users as [FakeUser, FakeUser, FakeUser];
    const created = await answered(fake.slash(alice, fake.channelId, 'table', { turn_timer: 0 }, { subcommandGroup: 'new', subcommand: 'reunion' }));
    await settle(fake);

    // A command while another process holds the table for 2.5 s: deferred (ephemeral "thinking"), then filled in.
    let release = await holdTableLock(fake.channelId);
    const joining = fake.slash(bob, fake.channelId, 'table', {}, { subcommand: 'join' });
    await sleep(2500);
    release();
    const join = await joining;
    await settle(fake);
    expect(join.callbacks.map((c) => [c.type, c.ephemeral, c.error])).toEqual([[5, true, null]]);
    expect(fake.original(join)?.content).toBe('You have taken a seat.');
    expect((await stored()).seats.map((s) => s.userId)).toEqual([alice.id, bob.id]);
    expect(JSON.stringify(tableMessage(fake, created.originalMessageId!).embeds)).toContain(`<@${bob.id}>`);

    await answered(fake.slash(carol, fake.channelId, 'table', {}, { subcommand: 'join' }));
    await settle(fake);
    await answered(fake.click(alice, tableMessage(fake, created.originalMessageId!), 'st:start'));
    await settle(fake);
    const messageId = created.originalMessageId!;
    expect(await takeTurn(fake, messageId, users, 0)).toBe('discard');

    // A card click while the table is held for 2.5 s: deferUpdate on the hand, then the hand edited in place.
    const { actor, hand, card } = await nextPlay(messageId);
    const before = await stored();
    release = await holdTableLock(fake.channelId);
    const clicking = fake.click(actor, hand, card.custom_id);
    await sleep(2500);
    release();
    const click = await clicking;
    await settle(fake);
    expect(click.callbacks.map((c) => [c.type, c.error])).toEqual([[6, null]]);
    const after = await stored();
    expect(after.moves.length).toBe(before.moves.length + 1);
    expect(after.version).toBe(before.version + 1);
    const edited = fake.message(hand.id)!;
    expect(buttons(edited).map((b) => b.label)).not.toContain(card.label);
    expect(buttons(edited).some((b) => b.custom_id.includes(`:${after.id}.${after.version}.`))).toBe(true);
    expect(fake.payloads.some((p) => p.kind === 'webhook-edit' && p.messageId === hand.id)).toBe(true);
    expect(userToAct(fake, messageId, users)?.id).not.toBe(actor.id);
    expect(fake.violations).toEqual([]);
  }, 30_000);

  it("a table held past the lock wait (a crashed process's lock not yet expired): 'table is busy', nothing changed", async () => {
    const messageId = await startedPastDiscard();
    const { actor, hand, card } = await nextPlay(messageId);
    const before = await stored();
    const release = await holdTableLock(fake.channelId);
    const click = await fake.click(actor, hand, card.custom_id);
    await settle(fake);
    release();
    expect(JSON.stringify(click.callbacks)).not.toContain('"error":{');
    const answer = [
      String((click.callback?.data as { content?: string } | undefined)?.content ?? ''),
      ...click.followUpIds.map((id) => fake.message(id)?.content ?? ''),
    ];
    expect(answer.join('\n')).toContain(ENGLISH.say(TABLE_BUSY));
    expect(answer.join('\n')).not.toContain(ENGLISH.say(NOTHING_CHANGED));
    expect(await stored()).toEqual(before);
  }, 30_000);
});

describe('Discord error codes', () => {
  it('10062 (answered too late): the move is stored once, the bot goes on', async () => {
    const messageId = await startedPastDiscard();
    const { actor, hand, card } = await nextPlay(messageId);
    const before = await stored();
    const release = await holdTableLock(fake.channelId);
    const clicking = fake.click(actor, hand, card.custom_id);
    fake.clock.advance(5000); // by Discord's clock the interaction is now 5 s old
    await sleep(300);
    release();
    const click = await clicking;
    await settle(fake);
    expect(click.callback?.error?.code).toBe(10062);
    expect(click.acknowledged).toBe(false);
    const after = await stored();
    expect(after.moves.length).toBe(before.moves.length + 1);
    expect(after.version).toBe(before.version + 1);
    expect(userToAct(fake, messageId, users)?.id).not.toBe(actor.id); // the channel heard of the move
    await gameGoesOn(messageId);
    expect(fake.violations.map((v) => v.code)).toEqual([10062]);
  });

  it('40060 (already acknowledged): the move is stored once, the bot goes on', async () => {
    const messageId = await startedPastDiscard();
    const { actor, hand, card } = await nextPlay(messageId);
    const before = await stored();
    fake.failNext('POST', CALLBACK, { status: 400, code: 40060, message: 'Interaction has already been acknowledged.' });
    const click = await fake.click(actor, hand, card.custom_id);
    await settle(fake);
    expect(click.callback?.error?.code).toBe(40060);
    expect((await stored()).moves.length).toBe(before.moves.length + 1);
    expect(userToAct(fake, messageId, users)?.id).not.toBe(actor.id);
    await gameGoesOn(messageId);
    expect(fake.violations.map((v) => v.code)).toEqual([40060]);
  });

  it('a failure after the move was stored (the hand update refused): "Your move was made", stored once', async () => {
    const messageId = await startedPastDiscard();
    const { actor, hand, card } = await nextPlay(messageId);
    const before = await stored();
    // Discord refuses the redrawn hand (as it would a renderer's malformed message): the move is already stored.
    fake.failNext('POST', CALLBACK, { status: 400, code: 50035, message: 'Invalid Form Body' });
    const click = await fake.click(actor, hand, card.custom_id);
    await settle(fake);
    expect(click.callbacks.map((c) => [c.type, c.status])).toEqual([
      [7, 400],
      [4, 204],
    ]);
    const reply = click.callbacks[1]!;
    expect((reply.data as { content?: string }).content).toBe(`Your move was made, but ${ENGLISH.say(MOVE_NOT_SHOWN)}`);
    expect(reply.ephemeral).toBe(true);
    expect((await stored()).moves.length).toBe(before.moves.length + 1);
    expect(userToAct(fake, messageId, users)?.id).not.toBe(actor.id); // the channel heard of the move
    await gameGoesOn(messageId);
  });

  it('50027 (token expired before the hand could be edited): the move is stored once, My hand works again', async () => {
    const messageId = await startedPastDiscard();
    const { actor, hand, card } = await nextPlay(messageId);
    const before = await stored();
    const release = await holdTableLock(fake.channelId);
    const click = await fake.click(actor, hand, card.custom_id); // resolves on the deferral, ~2 s in
    expect(click.callback?.type).toBe(6);
    fake.clock.advance(16 * 60_000); // the interaction token is now past its 15 minutes
    release();
    await settle(fake);
    expect(fake.violations.filter((v) => v.path.includes(click.token)).map((v) => [v.method, v.code])).toEqual([['PATCH', 50027]]);
    // Only the fake's clock jumped (Discord's and the bot's agree outside this test): the other players' live hands,
    // edited after the move through their own tokens, meet 50027 as well, once each, and are forgotten.
    const others = fake.violations.filter((v) => !v.path.includes(click.token));
    expect(others.map((v) => [v.method, v.code, v.path.startsWith('/webhooks/')])).toEqual(others.map(() => ['PATCH', 50027, true]));
    expect(new Set(others.map((v) => v.path)).size).toBe(others.length);
    expect((await stored()).moves.length).toBe(before.moves.length + 1);
    expect(userToAct(fake, messageId, users)?.id).not.toBe(actor.id);
    // The old hand still shows the card; pressing My hand again gives a fresh, current hand.
    const fresh = await openHand(fake, messageId, actor);
    expect(buttons(fresh).map((b) => b.label)).not.toContain(card.label);
    expect(ENGLISH.say(HAND_EXPIRED)).toMatch(/My hand/);
    await gameGoesOn(messageId);
  }, 30_000);

  it('50013 at /table new: refused, naming the missing permissions; nothing is created', async () => {
    const [alice] = users as [FakeUser];
    const perms = PermissionFlagsBits.ViewChannel | PermissionFlagsBits.ReadMessageHistory;
    await expectRefused(
      fake,
      bot,
      () => fake.slash(alice, fake.channelId, 'table', {}, { subcommandGroup: 'new', subcommand: 'reunion', appPermissions: perms }),
      /missing \*\*Send Messages\*\* and \*\*Embed Links\*\*\. Ask a server admin to grant them to me here/,
    );
    const refusal = fake.interactions.at(-1)!;
    expect(answerText(refusal)).not.toMatch(/View Channel|Read Message History/);
    expect(await bot.tables.get(fake.channelId)).toBeUndefined();
    expect(fake.channelMessages(fake.channelId)).toEqual([]);
  });

  it('50013 when the table message is edited: logged, the move is stored once and the table keeps working', async () => {
    const messageId = await startedPastDiscard();
    boardOnChannelRoute();
    const { actor, hand, card } = await nextPlay(messageId);
    const before = await stored();
    const shownBefore = tableMessage(fake, messageId).content;
    fake.failNext('PATCH', TABLE_MESSAGE_EDIT, { status: 403, code: 50013, message: 'Missing Permissions' });
    const click = await answered(fake.click(actor, hand, card.custom_id));
    await settle(fake);
    expect(click.callback?.type).toBe(7); // the player's hand was updated
    expect((await stored()).moves.length).toBe(before.moves.length + 1);
    expect(tableMessage(fake, messageId).content).toBe(shownBefore); // the edit was refused…
    expect(fake.violations.map((v) => v.code)).toEqual([50013]);
    // …and the next move (by the player the stored table says is to act) edits it again.
    const table = await stored();
    const seat = (bot.tables.engine(table).toAct(table.state) as number[])[0]!;
    const next = users.find((u) => u.id === table.seats[seat]?.userId)!;
    const nextHand = await openHand(fake, messageId, next);
    await answered(fake.click(next, nextHand, enabledCards(nextHand)[0]!.custom_id));
    await settle(fake);
    expect((await stored()).moves.length).toBe(before.moves.length + 2);
    expect(tableMessage(fake, messageId).content).not.toBe(shownBefore);
    expect(fake.violations.map((v) => v.code)).toEqual([50013]);
  });

  it('429 on a channel edit and on a callback: discord.js waits and retries; each move is stored once', async () => {
    const messageId = await startedPastDiscard();
    boardOnChannelRoute();
    let { actor, hand, card } = await nextPlay(messageId);
    let before = await stored();
    fake.failNext('PATCH', TABLE_MESSAGE_EDIT, { status: 429, code: 0, message: 'You are being rate limited.', retryAfter: 0.2 });
    await answered(fake.click(actor, hand, card.custom_id));
    await settle(fake);
    expect((await stored()).moves.length).toBe(before.moves.length + 1);
    const edits = fake.requests.filter((r) => r.method === 'PATCH' && r.path === `/channels/${fake.channelId}/messages/${messageId}`);
    expect(edits.map((r) => r.status).slice(-2)).toEqual([429, 200]);
    expect(userToAct(fake, messageId, users)?.id).not.toBe(actor.id);

    ({ actor, hand, card } = await nextPlay(messageId));
    before = await stored();
    fake.failNext('POST', CALLBACK, { status: 429, code: 0, message: 'You are being rate limited.', retryAfter: 0.2 });
    const click: FakeInteraction = await fake.click(actor, hand, card.custom_id);
    await settle(fake);
    expect(click.callbacks.map((c) => [c.type, c.status])).toEqual([
      [7, 429],
      [7, 204],
    ]);
    expect((await stored()).moves.length).toBe(before.moves.length + 1);
    expect(fake.violations.map((v) => v.status)).toEqual([429, 429]);
  });

  it('50027 on the board’s /table new token: the edit goes on the channel’s route, and every later one', async () => {
    const messageId = await startedPastDiscard();
    const token = fake.interactions.find((i) => i.originalMessageId === messageId)!.token;
    const viaToken = (r: { path: string }) => r.path === `/webhooks/${fake.applicationId}/${token}/messages/@original`;
    const onChannel = (r: { method: string; path: string }) => r.method === 'PATCH' && r.path === `/channels/${fake.channelId}/messages/${messageId}`;
    expect(fake.requests.filter(viaToken).length).toBeGreaterThan(0); // the discard was shown through the token
    expect(fake.requests.filter(onChannel)).toEqual([]);
    const shownBefore = tableMessage(fake, messageId).content;
    fake.failNext('PATCH', new RegExp(`^/webhooks/\\d+/${token}/messages/@original$`), {
      status: 401,
      code: 50027,
      message: 'Invalid Webhook Token',
    });
    for (let i = 0; i < 2; i++) {
      const { actor, hand, card } = await nextPlay(messageId);
      await answered(fake.click(actor, hand, card.custom_id));
      await settle(fake);
    }
    expect(fake.requests.filter(onChannel).map((r) => r.status)).toEqual([200, 200]);
    expect(fake.requests.filter(viaToken).at(-1)?.status).toBe(401); // tried once, then forgotten
    expect(tableMessage(fake, messageId).content).not.toBe(shownBefore);
    expect(fake.violations.map((v) => v.code)).toEqual([50027]);
  });
});
