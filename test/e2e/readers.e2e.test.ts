/**
 * End to end, private answers speak to their reader and private messages answer only their owner: `/table status`
 * calls the player to act to play, while anyone else — a seated player or someone not at the table — reads who is to
 * act, without the call or a mention; every control of someone else's hand (Refresh, cards, toggles, menus), clicked
 * through a forged interaction, is refused privately with "That hand is not yours" and the hand is not edited.
 */
import { describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { gameById } from '../../src/tables/games.ts';
import { settle } from '../support/bot.ts';
import { answered, buttons, openAndStart, openHand } from '../support/driver.ts';
import type { FakeDiscord, FakeMessage, FakeUser } from '../support/fake-discord.ts';
import { answerText, expectRefused, forged } from '../support/refusals.ts';
import { useTableBot } from '../support/table-bot.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let fake: FakeDiscord;
let bot: RunningBot;
let users: FakeUser[];
useTableBot('readers', (table) => ({ fake, bot, users } = table), { seed: 'readers-seed', users: ['alice', 'bob', 'carol', 'dave'] });

/** The seated user to act now and the name the table knows them by. */
async function toAct(): Promise<{ user: FakeUser; name: string }> {
  const table = (await bot.tables.get(fake.channelId))!;
  const seat = table.seats[gameById(table.game)!.toAct(table.state)[0]!]!;
  return { user: users.find((u) => u.id === seat.userId)!, name: seat.name };
}

/** `/table status` as `user`: answered privately; its text. */
async function status(user: FakeUser): Promise<string> {
  const it = await answered(fake.slash(user, fake.channelId, 'table', {}, { subcommand: 'status' }));
  await settle(fake);
  expect(it.callback?.ephemeral).toBe(true);
  return answerText(it);
}

/** Every component of a message that carries a custom_id (buttons and select menus, in their rows). */
const controls = (message: FakeMessage): Json[] => (message.components as Json[]).flatMap((row) => row.components ?? []).filter((c) => c.custom_id);

describe('/table status', () => {
  it.each(['reunion', 'dreierles', 'romme'])('%s: the player to act is called, anyone else reads who is to act', async (game) => {
    const [alice, bob, carol, dave] = users as [FakeUser, FakeUser, FakeUser, FakeUser];
    await openAndStart(fake, fake.channelId, [alice, bob, carol], game, { turn_timer: 0 });
    const actor = await toAct();
    const own = await status(actor.user);
    expect(own).toContain(`<@${actor.user.id}>`);
    expect(own).toMatch(/My hand/);
    const seated = [alice, bob, carol].find((u) => u !== actor.user)!;
    for (const reader of [dave, seated]) {
      const text = await status(reader);
      expect(text.split('\n')[0]).toBe(`**${actor.name}** is to play.`);
      expect(text).not.toContain('<@');
      expect(text).not.toMatch(/My hand|your turn/);
    }
    expect(fake.violations).toEqual([]);
  });
});

describe("someone else's hand", () => {
  it.each(['reunion', 'romme'])('%s: every control is refused privately and the hand is not edited', async (game) => {
    const [alice, bob, carol, dave] = users as [FakeUser, FakeUser, FakeUser, FakeUser];
    const board = await openAndStart(fake, fake.channelId, [alice, bob, carol], game, { turn_timer: 0 });
    const owner = (await toAct()).user;
    let hand = await openHand(fake, board, owner);
    if (game === 'romme') {
      // Draw first: the hand to meld or discard from has the pick menu and the suggestions.
      await answered(fake.click(owner, hand, buttons(hand).find((b) => b.custom_id.endsWith(':ds'))!.custom_id));
      await settle(fake);
      hand = fake.message(hand.id)!;
      expect(controls(hand).some((c) => c.type === 3)).toBe(true);
    }
    expect(controls(hand).map((c) => c.custom_id)).toContain('st:hand');
    const edits = () => fake.payloads.filter((p) => p.messageId === hand.id).length;
    const sent = edits();
    const seated = [alice, bob, carol].find((u) => u !== owner)!;
    for (const intruder of [seated, dave])
      for (const control of controls(hand)) {
        // As a modified client would send it: the message as if shown to the intruder, every control enabled.
        const copy = forged(hand, intruder);
        for (const c of controls(copy)) c.disabled = false;
        const values = (control.options ?? []).slice(0, control.min_values ?? 1).map((o: Json) => o.value);
        await expectRefused(
          fake,
          bot,
          () => (control.type === 3 ? fake.select(intruder, copy, control.custom_id, values) : fake.click(intruder, copy, control.custom_id)),
          /^That hand is not yours\./,
        );
      }
    expect(fake.message(hand.id)).toEqual(hand);
    expect(edits()).toBe(sent);
    // The owner's own Refresh still redraws it.
    await answered(fake.click(owner, hand, 'st:hand'));
    await settle(fake);
    expect(edits()).toBe(sent + 1);
    expect(fake.violations).toEqual([]);
  });
});
