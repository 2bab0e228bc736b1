/**
 * End to end: the deal review (docs/playing.md § Review) through the real bot, the unmodified discord.js client, a
 * fake Discord and the real Redis. Three users play Réunion and Dreierles by clicking; once the first deal is over
 * the board offers **Review deal 1**, and a player who presses it gets one private answer: every hand as dealt, the
 * tricks and their costliest decisions. A review of the deal still in play (a forged button) and a review by someone
 * who did not play are refused privately and show no card.
 */
import { describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { reviewFor } from '../../src/review/index.ts';
import { settle } from '../support/bot.ts';
import { answered, buttons, handChoices, openAndStart, openHand, tableMessage, takeTurn, useChoice, userToAct } from '../support/driver.ts';
import type { FakeDiscord, FakeInteraction, FakeUser } from '../support/fake-discord.ts';
import { answerText, expectRefused, forged } from '../support/refusals.ts';
import { useTableBot } from '../support/table-bot.ts';

let fake: FakeDiscord;
let bot: RunningBot;
let users: FakeUser[];
useTableBot('review-e2e', (table) => ({ fake, bot, users } = table), { users: ['alice', 'bob', 'carol', 'dora'] });

/** One Dreierles move by whoever is to act: Pass, No knock or Fertig when offered, else the first enabled card or control. */
async function dreierlesMove(messageId: string, players: FakeUser[]): Promise<boolean> {
  const user = userToAct(fake, messageId, players);
  if (!user) return false;
  const hand = await openHand(fake, messageId, user);
  const enabled = handChoices(hand).filter((c) => !c.disabled && c.custom_id.startsWith('st:g:'));
  const pick =
    enabled.find((c) => ['Pass', 'No knock', 'Fertig'].includes(c.label)) ?? enabled.find((c) => /:p\./.test(c.custom_id) || c.values) ?? enabled[0];
  if (!pick) throw new Error(`nothing to click in: ${hand.content}`);
  await answered(useChoice(fake, user, hand, pick));
  await settle(fake);
  return true;
}

/** Play until the first deal is over; returns the board's review button. */
async function playFirstDeal(game: 'reunion' | 'dreierles', players: FakeUser[]): Promise<{ messageId: string; review: string }> {
  const messageId = await openAndStart(fake, fake.channelId, players, game);
  for (let i = 0; i < 200; i++) {
    const table = await bot.tables.get(fake.channelId);
    if (reviewFor(game)!.dealsOver(table!.state) >= 1) break;
    expect(buttons(tableMessage(fake, messageId)).some((b) => b.custom_id.startsWith('st:rv:'))).toBe(false);
    const moved = game === 'reunion' ? (await takeTurn(fake, messageId, players)) !== null : await dreierlesMove(messageId, players);
    if (!moved) break;
  }
  const review = buttons(tableMessage(fake, messageId)).find((b) => b.custom_id.startsWith('st:rv:'));
  expect(review?.label).toBe('Review deal 1');
  return { messageId, review: review!.custom_id };
}

/** Every message the interaction produced that `user` sees: its reply or update and its followUps. */
const answers = (it: FakeInteraction) => [it.callback, ...fake.followUps(it)].filter(Boolean);

describe('deal review end to end', () => {
  it.each(['reunion', 'dreierles'] as const)('%s: a player of the first deal opens its review, privately, once it is over', async (game) => {
    const players = users.slice(0, 3);
    const { messageId, review } = await playFirstDeal(game, players);
    const table = (await bot.tables.get(fake.channelId))!;
    expect(review).toBe(`st:rv:${table.id}:0`);

    const it = await answered(fake.click(players[1]!, tableMessage(fake, messageId), review));
    await settle(fake);
    expect(answers(it)).toHaveLength(1); // one ephemeral answer
    const text = it.callback?.ephemeral ? answerText(it) : (fake.followUps(it)[0]?.content ?? '');
    expect(it.callback?.ephemeral ?? fake.followUps(it)[0]?.ephemeral).toBe(true);
    expect(text).toMatch(/^🔍 \*\*Review\*\* · (Réunion|Dreierles) deal 1 · bob/);
    expect(text).toContain('**As dealt**');
    for (const p of players) expect(text).toMatch(new RegExp(`^${p.username}: `, 'm'));
    expect(text).toMatch(/\*\*Your costliest decisions\*\*|None of your \d+ decisions/);
    expect(text).toContain('**Tricks**');
    // Nothing was played or stored by the review.
    expect(await bot.tables.get(fake.channelId)).toEqual(table);

    // The deal in play: a forged button for it is refused privately, as is a review by someone who did not play.
    const board = tableMessage(fake, messageId);
    await expectRefused(
      fake,
      bot,
      () => fake.click(players[0]!, forged(board, players[0]!, `st:rv:${table.id}:1`), `st:rv:${table.id}:1`),
      /not over yet/,
    );
    await expectRefused(fake, bot, () => fake.click(users[3]!, board, review), /Only those who played that deal/);
  });
});
