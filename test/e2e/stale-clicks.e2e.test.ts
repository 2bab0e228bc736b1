/**
 * End to end, stale clicks in Dreierles and Rommé (Réunion's are in reunion-refusals.e2e.test.ts; out-of-turn and
 * wrong-player clicks of all three games in the games' refusal tests): a button from a hand as it was shown before
 * the table moved on — here the player's own live hand, as it looked before their own move — refreshes the hand and
 * plays nothing, answered privately; the stored table does not change.
 */
import { describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { gameById } from '../../src/tables/games.ts';
import { settle } from '../support/bot.ts';
import { useTableBot } from '../support/table-bot.ts';
import { moveByControls } from '../support/controls.ts';
import { buttons, openAndStart, openHand } from '../support/driver.ts';
import { type FakeDiscord, type FakeUser } from '../support/fake-discord.ts';
import { expectRefused } from '../support/refusals.ts';

let fake: FakeDiscord;
let bot: RunningBot;
let users: FakeUser[];
useTableBot('stale-clicks', (table) => ({ fake, bot, users } = table), { seed: 'stale-clicks-seed', users: ['anna', 'bernd', 'catrin'] });

describe('stale clicks', () => {
  it.each(['dreierles', 'romme'])('%s: a button of a hand shown before the last move refreshes it and plays nothing', async (game) => {
    const board = await openAndStart(fake, fake.channelId, users, game, { turn_timer: 0 });
    const hands = new Map<string, string>();
    for (const user of users) hands.set(user.id, (await openHand(fake, board, user)).id);
    const table = (await bot.tables.get(fake.channelId))!;
    const seat = gameById(table.game)!.toAct(table.state)[0]!;
    const user = users.find((u) => u.id === table.seats[seat]!.userId)!;
    const before = structuredClone(fake.message(hands.get(user.id))!);
    const control = buttons(before).find((b) => b.custom_id.startsWith('st:g:') && !b.disabled)!;
    expect(control).toBeDefined();
    await moveByControls(fake, bot, fake.channelId, board, user, hands.get(user.id));
    const moved = (await bot.tables.get(fake.channelId))!;
    expect(moved.version).toBeGreaterThan(table.version);
    await expectRefused(fake, bot, () => fake.click(user, before, control.custom_id), /moved on since this hand was shown/);
    // The same message now shows the hand as it is.
    await settle(fake);
    const stamp = `${moved.id}.${moved.version}.`;
    expect(JSON.stringify(fake.message(hands.get(user.id))!.components)).toContain(stamp);
    expect(fake.violations).toEqual([]);
  });
});
