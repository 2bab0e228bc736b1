/**
 * End to end: bad input is refused with an ephemeral answer and changes nothing; two clicks at the same
 * moment apply once; a restart in the middle of a deal loses nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import type { ReunionResult, ReunionState } from '../../src/games/reunion/index.ts';
import { cleanupPrefix, settle, startTestBot, testPrefix } from '../support/bot.ts';
import { type FakeDiscord, type FakeUser, startFakeDiscord } from '../support/fake-discord.ts';
import { answerText, expectRefused, forged } from '../support/refusals.ts';
import { answered, buttons, enabledCards, openAndStart, openHand, tableMessage, takeTurn, userToAct } from '../support/driver.ts';

let fake: FakeDiscord;
let bot: RunningBot;
let prefix: string;
let users: FakeUser[];
let dave: FakeUser;

beforeEach(async () => {
  fake = await startFakeDiscord({ idleMs: 30 });
  prefix = testPrefix('reunion-refusals');
  bot = await startTestBot(fake, prefix);
  users = ['alice', 'bob', 'carol'].map((n) => fake.user(n));
  dave = fake.user('dave');
});

afterEach(async () => {
  await bot?.stop();
  await fake?.close();
  await cleanupPrefix(prefix);
});

describe('Réunion refusals', () => {
  it('refuses bad lobby commands and changes nothing', async () => {
    const [alice, bob, carol] = users as [FakeUser, FakeUser, FakeUser];
    const ch = fake.channelId;
    await answered(fake.slash(alice, ch, 'table', {}, { subcommandGroup: 'new', subcommand: 'reunion' }));
    await settle(fake);
    await expectRefused(
      fake,
      bot,
      () => fake.slash(bob, ch, 'table', {}, { subcommandGroup: 'new', subcommand: 'reunion' }),
      /already has a Réunion table/,
    );
    await expectRefused(fake, bot, () => fake.slash(alice, ch, 'table', {}, { subcommand: 'join' }), /already seated/);
    await answered(fake.slash(bob, ch, 'table', {}, { subcommand: 'join' }));
    await settle(fake);
    await expectRefused(fake, bot, () => fake.slash(alice, ch, 'table', {}, { subcommand: 'start' }), /needs 3 players; 2 seated/);
    await expectRefused(fake, bot, () => fake.slash(bob, ch, 'table', {}, { subcommand: 'cancel', memberPermissions: '0' }), /Only the host/);
    await answered(fake.slash(carol, ch, 'table', {}, { subcommand: 'join' }));
    await settle(fake);
    // Réunion seats up to five (three play each deal); a sixth finds the table full.
    for (const name of ['dave', 'erin']) {
      await answered(fake.slash(fake.user(name), ch, 'table', {}, { subcommand: 'join' }));
      await settle(fake);
    }
    await expectRefused(fake, bot, () => fake.slash(fake.user('frank'), ch, 'table', {}, { subcommand: 'join' }), /table is full/);
    await expectRefused(fake, bot, () => fake.slash(bob, ch, 'table', {}, { subcommand: 'start' }), /Only the host can start/);
  });

  it('refuses strangers, out-of-turn and illegal cards, stale and malformed buttons', async () => {
    const messageId = await openAndStart(fake, fake.channelId, users);
    // A stranger pressing My hand, or a hand button of someone else's.
    await expectRefused(fake, bot, () => fake.click(dave, tableMessage(fake, messageId), 'st:hand'), /not playing at this table/);
    const dealer = userToAct(fake, messageId, users)!;
    const dealerHand = await openHand(fake, messageId, dealer);
    const aCard = enabledCards(dealerHand)[0]!.custom_id;
    await expectRefused(fake, bot, () => fake.click(dave, forged(dealerHand, dave), aCard), /That hand is not yours/);

    // Discard restrictions, checked by the engine even for a forged click on a disabled card: the turn-up, which the
    // dealer always holds and may not discard (a disabled button, or listed under More cards when its suit had no row).
    const turnUp = ((await bot.tables.get(fake.channelId))!.state as ReunionState).turnUp;
    await answered(fake.click(dealer, dealerHand, enabledCards(dealerHand)[0]!.custom_id));
    await settle(fake);
    const oneSelected = fake.message(dealerHand.id)!;
    const toggle = buttons(oneSelected).find((b) => b.custom_id.includes(':t.'))!.custom_id;
    const head = toggle.slice(0, toggle.lastIndexOf(':'));
    const selected = toggle.split('.').at(-1);
    const turnUpToggle = `${head}:t.${turnUp}.${selected}`;
    expect(buttons(oneSelected).find((b) => b.custom_id === turnUpToggle)?.disabled ?? oneSelected.content.includes('More cards')).toBe(true);
    await answered(fake.click(dealer, forged(oneSelected, dealer, turnUpToggle), turnUpToggle));
    await settle(fake);
    const two = fake.message(dealerHand.id)!;
    const confirm = buttons(two).find((b) => b.custom_id.includes(':d.'))!;
    await expectRefused(
      fake,
      bot,
      () => fake.click(dealer, forged(two, dealer, confirm.custom_id), confirm.custom_id),
      /may not discard (an ace|the turned-up card|a bower)/,
    );

    // Play on until someone to act holds a card they may not play, and somebody else waits.
    let turns = 0;
    for (;;) {
      await takeTurn(fake, messageId, users, turns++);
      const actor = userToAct(fake, messageId, users)!;
      const hand = await openHand(fake, messageId, actor);
      const illegal = buttons(hand).find((b) => b.custom_id.includes(':p.') && b.disabled);
      if (!illegal) continue;
      await expectRefused(
        fake,
        bot,
        () => fake.click(actor, forged(hand, actor, illegal.custom_id), illegal.custom_id),
        /You must (follow|play a trump)|you must play a trump/,
      );
      const waiting = users.find((u) => u.id !== actor.id)!;
      const theirs = await openHand(fake, messageId, waiting);
      const card = buttons(theirs).find((b) => b.custom_id.includes(':p.'))!;
      await expectRefused(fake, bot, () => fake.click(waiting, forged(theirs, waiting, card.custom_id), card.custom_id), /not your turn/);
      // The actor plays; the actor's old hand message is now stale: clicking it refreshes, plays nothing.
      const legal = enabledCards(hand)[0]!;
      await answered(fake.click(actor, hand, legal.custom_id));
      await settle(fake);
      const other = enabledCards(hand).find((b) => b.label !== legal.label) ?? legal;
      await expectRefused(fake, bot, () => fake.click(actor, hand, other.custom_id), /moved on since this hand was shown/);
      break;
    }
    // A malformed custom_id.
    const hand = await openHand(fake, messageId, users[0]!);
    const bad = structuredClone(hand);
    Object.assign((bad.components as { components: object[] }[])[0]!.components[0]!, { custom_id: 'st:g:notanumber:p.A♠', disabled: false });
    await expectRefused(fake, bot, () => fake.click(users[0]!, bad, 'st:g:notanumber:p.A♠'), /not one this bot understands/);
    expect(fake.violations).toEqual([]);
  });

  it('never plays a hand left over from an earlier game in the channel', async () => {
    const [alice] = users as [FakeUser];
    const messageId = await openAndStart(fake, fake.channelId, users);
    const dealer = userToAct(fake, messageId, users)!;
    const oldHand = await openHand(fake, messageId, dealer);
    await answered(fake.slash(alice, fake.channelId, 'table', {}, { subcommand: 'cancel' }));
    await settle(fake);
    await openAndStart(fake, fake.channelId, users);
    // Same seed, same version numbers: only the table id tells the games apart.
    const card = enabledCards(oldHand)[0]!;
    await expectRefused(fake, bot, () => fake.click(dealer, oldHand, card.custom_id), /over or was cancelled/);
    expect((await bot.tables.get(fake.channelId))!.moves).toEqual([]);
  });

  it("refuses lobby buttons left on a closed table's message, even with a new table in the channel", async () => {
    const [alice, bob] = users as [FakeUser, FakeUser];
    const old = await answered(fake.slash(alice, fake.channelId, 'table', {}, { subcommandGroup: 'new', subcommand: 'reunion' }));
    await settle(fake);
    await answered(fake.slash(alice, fake.channelId, 'table', {}, { subcommand: 'cancel' }));
    await settle(fake);
    const oldLobby = fake.message(old.originalMessageId)!;
    expect(buttons(oldLobby)).toEqual([]);
    await answered(fake.slash(alice, fake.channelId, 'table', {}, { subcommandGroup: 'new', subcommand: 'reunion' }));
    await settle(fake);
    // A modified client presses the closed lobby's buttons: nothing reaches the new table.
    await expectRefused(fake, bot, () => fake.click(bob, forged(oldLobby, bob, 'st:join'), 'st:join'), /belongs to a table that is closed/);
    await expectRefused(fake, bot, () => fake.click(alice, forged(oldLobby, alice, 'st:fill'), 'st:fill'), /belongs to a table that is closed/);
    await expectRefused(fake, bot, () => fake.click(alice, forged(oldLobby, alice, 'st:start'), 'st:start'), /belongs to a table that is closed/);
    const table = (await bot.tables.get(fake.channelId))!;
    expect(table.seats.map((s) => s.userId)).toEqual([alice.id]);
    expect(table.status).toBe('lobby');
  });

  it('closes the lobby message when the last player leaves by command', async () => {
    const [alice] = users as [FakeUser];
    const created = await answered(fake.slash(alice, fake.channelId, 'table', {}, { subcommandGroup: 'new', subcommand: 'reunion' }));
    await settle(fake);
    await answered(fake.slash(alice, fake.channelId, 'table', {}, { subcommand: 'leave' }));
    await settle(fake);
    const lobby = fake.message(created.originalMessageId)!;
    expect(lobby.content).toMatch(/closed/);
    expect(buttons(lobby)).toEqual([]);
    expect(await bot.tables.get(fake.channelId)).toBeUndefined();
  });

  it('applies two clicks on the same card at the same moment once', async () => {
    const messageId = await openAndStart(fake, fake.channelId, users);
    await takeTurn(fake, messageId, users, 0); // the discard
    const actor = userToAct(fake, messageId, users)!;
    const hand = await openHand(fake, messageId, actor);
    const card = enabledCards(hand)[0]!;
    const before = (await bot.tables.get(fake.channelId))!;
    const [a, b] = await Promise.all([fake.click(actor, hand, card.custom_id), fake.click(actor, hand, card.custom_id)]);
    await settle(fake);
    const after = (await bot.tables.get(fake.channelId))!;
    expect(after.moves.length).toBe(before.moves.length + 1);
    expect(after.version).toBe(before.version + 1);
    expect([a, b].every((it) => it.callback?.error === null && it.callback?.ephemeral)).toBe(true);
    expect([a, b].map(answerText).filter((t) => /moved on|earlier turn/.test(t))).toHaveLength(1);
  });

  it('finishes the game after a restart in the middle of a deal, with nothing lost', async () => {
    const messageId = await openAndStart(fake, fake.channelId, users);
    let turns = 0;
    for (; turns < 45; turns++) await takeTurn(fake, messageId, users, turns);
    const before = (await bot.tables.get(fake.channelId))!;
    expect(before.moves.length).toBe(45);
    await bot.stop();
    bot = await startTestBot(fake, prefix);
    expect(await bot.tables.get(fake.channelId)).toEqual(before);
    while (await takeTurn(fake, messageId, users, turns)) turns++;
    const [game] = await bot.records.list(fake.guildId);
    // Same seed and same choices as the uninterrupted game in reunion.e2e.test.ts: the same result.
    const result = game!.result as ReunionResult;
    expect({ totals: result.totals, net: result.net }).toEqual({ totals: [112, 190, 148], net: [-1, 2, -1] });
    expect(game!.moves.length).toBe(93);
  });
});
