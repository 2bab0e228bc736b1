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
import { toRecord } from '../../src/records/book.ts';
import { playFinished } from '../records/played.ts';

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

/**
 * The private messages an interaction's answer made: its reply (or deferred reply), and its followUps (a slow answer
 * to a component is deferred and follows up).
 */
function answers(it: FakeInteraction): { content: string; ephemeral: boolean }[] {
  const type = it.callback?.type;
  const first = type === 4 ? [{ content: answerText(it), ephemeral: !!it.callback?.ephemeral }] : type === 5 ? [fake.original(it)!] : [];
  return [...first, ...fake.followUps(it)].map((m) => ({ content: m.content, ephemeral: !!m.ephemeral }));
}

/** The one private answer of an interaction (fails unless there is exactly one, ephemeral). */
function onlyAnswer(it: FakeInteraction): string {
  const shown = answers(it);
  expect(shown).toHaveLength(1);
  expect(shown[0]!.ephemeral).toBe(true);
  return shown[0]!.content;
}

describe('deal review end to end', () => {
  it.each(['reunion', 'dreierles'] as const)('%s: a player of the first deal opens its review, privately, once it is over', async (game) => {
    const players = users.slice(0, 3);
    const { messageId, review } = await playFirstDeal(game, players);
    const table = (await bot.tables.get(fake.channelId))!;
    expect(review).toBe(`st:rv:${table.id}:0`);

    const it = await answered(fake.click(players[1]!, tableMessage(fake, messageId), review));
    await settle(fake);
    const text = onlyAnswer(it);
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

  it('/replay offers the review menu of a finished game; a practice hand offers Hint, a game that counts never', { timeout: 120_000 }, async () => {
    const [alice, bob] = users as [FakeUser, FakeUser];
    const { finished } = playFinished('reunion', 3, 'review-e2e');
    const seats = [
      { userId: alice.id, name: 'alice' },
      { userId: 'bot:2', name: 'Liesl', bot: 'strong' as const },
      { userId: bob.id, name: 'bob' },
    ];
    const base = { ...finished, guildId: fake.guildId, channelId: fake.channelId, seats };
    const { record } = await bot.records.ledger.commit(toRecord({ ...base, id: 'realgame1' }, 'UTC'));

    const shown = await answered(fake.slash(alice, fake.channelId, 'replay', { id: record.id }));
    await settle(fake);
    const message = fake.original(shown)!;
    expect(buttons(message).find((c) => c.custom_id === `st:rv:${record.id}`)).toMatchObject({ type: 3 });
    const review = await answered(fake.select(bob, message, `st:rv:${record.id}`, ['0']));
    await settle(fake);
    expect(onlyAnswer(review)).toMatch(/^🔍 \*\*Review\*\* · Réunion deal 1 · bob\n/);
    // Someone who did not play it gets no review.
    await expectRefused(fake, bot, () => fake.select(users[3]!, message, `st:rv:${record.id}`, ['0']), /Only those who played that deal/);

    // A practice of it: alice's hand has Hint; the hint is a private answer naming a move, and changes nothing.
    const opened = await answered(fake.slash(alice, fake.channelId, 'replay', { id: record.id, practice_from: 0 }));
    await settle(fake);
    const messageId = opened.originalMessageId!;
    for (let i = 0; i < 50 && !tableMessage(fake, messageId).content.includes(`<@${alice.id}>`); i++) await new Promise((r) => setTimeout(r, 50));
    const hand = await openHand(fake, messageId, alice);
    const hint = buttons(hand).find((b) => b.custom_id.startsWith('st:hint:'));
    expect(hint?.label).toBe('Hint');
    const before = await bot.tables.get(fake.channelId);
    const answer = await answered(fake.click(alice, hand, hint!.custom_id));
    await settle(fake);
    expect(onlyAnswer(answer)).toMatch(/^💡 Hint: \*\*.+\*\* \(the computer/);
    expect(await bot.tables.get(fake.channelId)).toEqual(before);
  });

  it('a table that counts shows no Hint, and a forged one is refused', async () => {
    const players = users.slice(0, 3);
    const messageId = await openAndStart(fake, fake.channelId, players, 'reunion');
    const user = userToAct(fake, messageId, players)!;
    const hand = await openHand(fake, messageId, user);
    expect(buttons(hand).some((b) => b.custom_id.startsWith('st:hint:'))).toBe(false);
    const stamp = buttons(hand)
      .find((b) => b.custom_id.startsWith('st:g:'))!
      .custom_id.split(':')[2]!;
    await expectRefused(fake, bot, () => fake.click(user, forged(hand, user, `st:hint:${stamp}`), `st:hint:${stamp}`), /only for practice tables/);
  });
});
