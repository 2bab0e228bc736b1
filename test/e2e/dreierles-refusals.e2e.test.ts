/**
 * End to end, Dreierles bad input: bidding out of turn or below the current bid, knocking when not allowed,
 * a discard of the wrong size — each an ephemeral refusal that changes nothing. Also a four-player table
 * where the dealer sits out.
 */
import { describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import type { DreierlesState } from '../../src/games/dreierles/index.ts';
import { settle } from '../support/bot.ts';
import { useTableBot } from '../support/table-bot.ts';
import { type FakeDiscord, type FakeMessage, type FakeUser } from '../support/fake-discord.ts';
import { expectRefused, forged } from '../support/refusals.ts';
import { answered, buttons, openAndStart, openHand, tableMessage, userToAct } from '../support/driver.ts';

let fake: FakeDiscord;
let bot: RunningBot;
useTableBot('dreierles-refusals', (table) => ({ fake, bot } = table), { seed: 'dreierles-refusals-seed', users: [] });

const click = async (user: FakeUser, hand: FakeMessage, label: string) => {
  const b = buttons(hand).find((x) => x.label === label && !x.disabled);
  expect(b, `${label} in ${hand.content}`).toBeDefined();
  await answered(fake.click(user, hand, b!.custom_id));
  await settle(fake);
};

describe('Dreierles refusals', () => {
  it('refuses bids out of turn or too low, a wrong-size discard and a knock that is not allowed', async () => {
    const [anna, bernd, catrin] = ['anna', 'bernd', 'catrin'].map((n) => fake.user(n)) as [FakeUser, FakeUser, FakeUser];
    const messageId = await openAndStart(fake, fake.channelId, [anna, bernd, catrin], 'dreierles');
    // Anna deals; Bernd is forehand, then Catrin, then Anna.
    expect(userToAct(fake, messageId, [anna, bernd, catrin])).toEqual(bernd);
    const berndHand = await openHand(fake, messageId, bernd);
    const dreier = buttons(berndHand).find((b) => b.label === 'Dreier')!.custom_id;
    const [tableId, version] = dreier.split(':')[2]!.split('.') as [string, string];
    await expectRefused(fake, bot, () => fake.click(catrin, forged(berndHand, catrin, dreier), dreier), /not yours/);
    const ownStamp = `st:g:${tableId}.${version}.2:b.dreier`; // Catrin (seat 2) bidding before her turn, on her own hand
    const catrinHand = await openHand(fake, messageId, catrin);
    await expectRefused(fake, bot, () => fake.click(catrin, forged(catrinHand, catrin, ownStamp), ownStamp), /not your turn/);
    await click(bernd, berndHand, 'Pass');
    await click(catrin, await openHand(fake, messageId, catrin), 'Zweier');
    const annaHand = await openHand(fake, messageId, anna);
    const low = `st:g:${tableId}.${Number(version) + 2}.0:b.dreier`;
    await expectRefused(fake, bot, () => fake.click(anna, forged(annaHand, anna, low), low), /must be higher than Zweier/);
    await click(anna, annaHand, 'Pass');

    // Catrin took two blind cards and must discard two.
    const discarding = await openHand(fake, messageId, catrin);
    const first = buttons(discarding).find((b) => b.custom_id.includes(':t.') && !b.disabled)!;
    const card = first.label;
    const v = first.custom_id.split(':')[2];
    const one = `st:g:${v}:d.${card}`;
    await expectRefused(fake, bot, () => fake.click(catrin, forged(discarding, catrin, one), one), /Discard exactly 2 cards/);
    let hand = discarding;
    for (let i = 0; i < 2; i++) {
      const pick = buttons(hand).find((b) => b.custom_id.includes(':t.') && !b.disabled && !b.label.startsWith('✓'))!; // ✓: selected
      await answered(fake.click(catrin, hand, pick.custom_id));
      await settle(fake);
      hand = fake.message(hand.id)!;
    }
    await click(catrin, hand, buttons(hand).find((b) => b.label.startsWith('Discard '))!.label);
    await click(catrin, fake.message(hand.id)!, 'Fertig');

    // Bernd passed while Dreier was open: he may not knock; Anna (who passed after the Zweier) is asked.
    expect((await bot.tables.get(fake.channelId))!.state).toMatchObject({ phase: 'knock', knockTurn: 0 });
    const berndNow = await openHand(fake, messageId, bernd);
    const state = (await bot.tables.get(fake.channelId))!;
    const knock = `st:g:${state.id}.${state.version}.1:k`;
    await expectRefused(fake, bot, () => fake.click(bernd, forged(berndNow, bernd, knock), knock), /may not knock/);
    expect(fake.violations).toEqual([]);
  });

  it('seats four players; the dealer sits out the deal and is told so', async () => {
    const users = ['anna', 'bernd', 'catrin', 'dora'].map((n) => fake.user(n));
    const messageId = await openAndStart(fake, fake.channelId, users, 'dreierles');
    const state = (await bot.tables.get(fake.channelId))!.state as DreierlesState;
    expect(state.seats).toBe(4);
    expect(state.active).not.toContain(state.dealer);
    expect(JSON.stringify(tableMessage(fake, messageId).embeds)).toContain('(sits out)');
    const dealerHand = await openHand(fake, messageId, users[state.dealer]!);
    expect(dealerHand.content).toMatch(/You sit out this deal/);
    expect(buttons(dealerHand).filter((b) => b.custom_id.startsWith('st:g:'))).toEqual([]);
  });
});
