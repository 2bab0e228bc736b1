/**
 * End to end: the real bot (src/bot.ts) with the unmodified discord.js client, a fake Discord over
 * HTTP + WebSocket, and the real Redis. Three users play a whole seeded game of Réunion by clicking only
 * buttons the bot showed them.
 */
import { describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { FRENCH_32 } from '../../src/cards/french.ts';
import { replay, result as finalResult, type ReunionResult, type ReunionState } from '../../src/games/reunion/index.ts';
import type { TableRecord } from '../../src/tables/types.ts';
import { useTableBot } from '../support/table-bot.ts';
import { type FakeDiscord, type FakeUser } from '../support/fake-discord.ts';
import { answered, buttons, openAndStart, takeTurn, withoutSeenRecent } from '../support/driver.ts';
import { settle } from '../support/bot.ts';
import { answerText } from '../support/refusals.ts';

let fake: FakeDiscord;
let bot: RunningBot;
let users: FakeUser[];
useTableBot('reunion-e2e', (table) => ({ fake, bot, users } = table));

/** Hidden cards right now: every card in a hand or in the discard, except the turn-up (shown to all). */
function hiddenCards(table: TableRecord | undefined): string[] {
  if (!table?.state) return [];
  const s = table.state as ReunionState;
  return [...s.hands.flat(), ...s.discard].filter((c) => c !== s.turnUp);
}

/**
 * A public body as text, without the card names that are public by rule and say nothing about where a
 * card is: the bowers named for the trump suit and the separate draw for first dealer.
 */
const scanned = (body: unknown) =>
  JSON.stringify(body)
    .replace(/(right|left) bower [^\s,]+/g, '')
    .replace(/Drawing for first dealer[^*]*/g, '');

/** Every card label found in a JSON text. */
const labelsIn = (text: string) => FRENCH_32.filter((c) => text.includes(c));

describe('Réunion end to end', () => {
  it('three users play a whole seeded game with clicks; hidden cards never go public', async () => {
    const channel = fake.channelId;
    const messageId = await openAndStart(fake, channel, users);
    let checked = 0;
    const seenRecent = new Set<string>();
    let turns = 0;
    let hiddenBefore = new Set(hiddenCards(await bot.tables.get(channel)));
    let played: string | null = 'discard';
    while (played) {
      played = await takeTurn(fake, messageId, users, turns);
      // What went public during this move may name no card that stayed hidden through it. (Labels repeat
      // across deals, so a card is a leak only if hidden both before and after the move, and not the one played.)
      const hiddenAfter = new Set(hiddenCards(await bot.tables.get(channel)));
      const secret = (c: string) => hiddenBefore.has(c) && hiddenAfter.has(c) && c !== played;
      for (const p of fake.publicPayloads().slice(checked)) {
        const text = scanned(withoutSeenRecent(p.body, seenRecent));
        expect(labelsIn(text).filter(secret)).toEqual([]);
        for (const id of text.match(/"custom_id":"[^"]*"/g) ?? []) expect(labelsIn(id)).toEqual([]);
      }
      checked = fake.publicPayloads().length;
      hiddenBefore = hiddenAfter;
      if (played) turns++;
    }
    expect(turns).toBe(3 * 31); // three deals: one discard and 30 cards played each

    // Every hand went out ephemeral.
    const handPayloads = fake.payloads.filter((p) => JSON.stringify(p.body ?? {}).includes('st:g:'));
    expect(handPayloads.length).toBeGreaterThan(90);
    expect(handPayloads.every((p) => p.ephemeral)).toBe(true);
    expect(fake.violations).toEqual([]);

    // The stored record replays to the same result, and the final table shows it.
    const [game] = await bot.records.list(fake.guildId);
    expect(game).toBeDefined();
    const result = game!.result as ReunionResult;
    const rebuilt = replay({ piererTiers: false }, 3, game!.seed, game!.moves as never);
    expect(finalResult(rebuilt)).toEqual(result);
    expect(result.net.reduce((a, b) => a + b, 0)).toBe(0);
    expect(result.totals.reduce((a, b) => a + b, 0)).toBe(450);
    // Regression fixture: seed 'e2e-seed' with the driver's choices (computed once from the engine).
    expect({ totals: result.totals, net: result.net }).toMatchInlineSnapshot(`
      {
        "net": [
          -1,
          2,
          -1,
        ],
        "totals": [
          112,
          190,
          148,
        ],
      }
    `);
    // The board is closed and points to the result, one new message at the bottom: a podium by card points.
    const board = fake.message(messageId)!;
    expect(board.content).toBe('🏁 This game is over: its result is posted below.');
    expect(buttons(board)).toEqual([]);
    const posted = fake.channelMessages(channel).filter((m) => m.author.id === fake.botUser.id);
    const final = posted.at(-1)!;
    expect(final.id).not.toBe(messageId);
    expect(final.content).toMatch(
      /^🏁 Game over: \*\*bob\*\* wins the game with the most card points \(190\)\. Net units, side payments included: bob \+2 · carol −1 · alice −1\.$/,
    );
    const embed = JSON.stringify(final.embeds);
    for (const user of users) expect(embed).toContain(user.username);
    expect(final.embeds[0]?.description).toMatch(/^1\. 🏆 \*\*bob\*\*: 190 card points/);
    // Under the result, only the review menu: a player picks a deal and gets one private review of it (the game is
    // over: every card may be shown to its players).
    const [menu] = buttons(final);
    expect(buttons(final)).toHaveLength(1);
    expect(menu).toMatchObject({ type: 3, custom_id: `st:rv:${game!.id}`, placeholder: 'Review a deal…' });
    const review = await answered(fake.select(users[0]!, final, `st:rv:${game!.id}`, ['2']));
    await settle(fake);
    expect(fake.followUps(review)).toHaveLength(0);
    expect(review.callback?.ephemeral).toBe(true);
    expect(answerText(review)).toMatch(/^🔍 \*\*Review\*\* · Réunion deal 3 · alice\n/);
    // No narration posts: the board (the reply to /table new) and the result are all the bot posted (from 35); the review was private.
    expect(posted.map((m) => m.id)).toEqual([messageId, final.id]);
    // Everyone acted within seconds of their turn: no post mentioned anyone (pings wait for PING_QUIET_S of quiet).
    expect(fake.publicPayloads().filter((p) => (p.body?.allowed_mentions?.users ?? []).length > 0)).toEqual([]);
    expect(await bot.tables.get(channel)).toBeUndefined();
  });
});
