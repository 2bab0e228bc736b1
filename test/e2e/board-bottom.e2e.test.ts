/**
 * End to end: the board stays in view (docs/playing.md § The board stays in view). Three users play a whole Réunion
 * game while a member and another app's bot chat in the channel: three messages after every trick and a burst of 20
 * within one turn. After every move the board is the last or next-to-last message; it moves (a new post and the old
 * one deleted) only after a move that found it buried, at most once a move; a hand opened while the board moves still
 * plays with one click; My hand works on the moved board; the game ends with the result at the bottom and the
 * current board closed. Channel requests are counted per move. An update for a board another process moved meanwhile
 * finds the board where it is now.
 */
import { describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { settle } from '../support/bot.ts';
import { useTableBot } from '../support/table-bot.ts';
import { type FakeDiscord, type FakeInteraction, type FakeMessage, type FakeUser } from '../support/fake-discord.ts';
import { answered, buttons, currentBoard, enabledCards, openAndStart, takeTurn } from '../support/driver.ts';

let fake: FakeDiscord;
let bot: RunningBot;
let users: FakeUser[];
useTableBot('board-bottom-e2e', (table) => ({ fake, bot, users } = table));

/**
 * The bot's requests for messages from request number `from` on: posts, edits and deletions on the channel's routes,
 * and edits through the interaction `token` (the /table new whose reply is the first board: "… via token").
 */
const boardRequests = (from: number, token: string): string[] =>
  fake.requests.slice(from).flatMap((r) => {
    if (r.method === 'GET') return [];
    if (r.auth && r.path.startsWith('/channels/')) return [`${r.method} ${r.path.includes('/messages/') ? 'message' : 'messages'}`];
    return r.path.startsWith(`/webhooks/${fake.applicationId}/${token}/`) ? [`${r.method} message via token`] : [];
  });

const STALE = /moved on since this hand was shown/;

describe('the board stays at the bottom', () => {
  it('moves back below chat once a move at most, keeps hands valid and ends with the result at the bottom', async () => {
    const channel = fake.channelId;
    const first = await openAndStart(fake, channel, users, 'reunion', { turn_timer: 0 });
    const token = fake.interactions.find((i) => i.originalMessageId === first)!.token;
    const dave = fake.user('dave');
    const otherBot = fake.user('otherbot');
    otherBot.bot = true;
    let chats = 0;
    const chat = (n: number) => {
      for (let i = 0; i < n; i++) fake.postMessage(i % 2 ? otherBot : dave, channel, { content: `chat ${++chats}` });
    };

    let turns = 0;
    let boardMoves = 0;
    let buriedMoves = 0;
    const perMove: string[][] = [];
    let handDuringMove: Promise<FakeInteraction> | null = null;
    let handsCheckedDuringMove = 0;
    let board = first;
    for (;;) {
      const table = await bot.tables.get(channel);
      if (!table) break;
      // Chat: three lines after every trick (each third card), a burst of 20 within one turn, none in the first deal's opening.
      const burst = turns === 10 ? 20 : turns > 0 && turns % 3 === 1 ? 3 : 0;
      chat(burst);
      await settle(fake);
      const below = fake.channelMessages(channel).filter((m) => BigInt(m.id) > BigInt(board)).length;
      // Once: while the board moves, the player to act next opens their hand on the old board.
      let stop: (() => void) | null = null;
      if (below >= 2 && turns === 16) {
        const old = fake.message(board)!;
        stop = fake.onMessage((m: FakeMessage) => {
          if (handDuringMove || m.ephemeral || m.id === board || !buttons(m).some((b) => b.custom_id === 'st:hand')) return;
          const next = users.find((u) => m.content.includes(`<@${u.id}>`))!;
          handDuringMove = fake.click(next, old, 'st:hand');
        });
      }
      const before = fake.requests.length;
      const played = await takeTurn(fake, board, users, turns);
      stop?.();
      if (!played) break;
      turns++;
      const requests = boardRequests(before, token);
      const after = await bot.tables.get(channel);
      if (!after) break; // the last move: the result and the closed board are checked below
      perMove.push(requests);
      const now = currentBoard(fake, channel);
      if (below >= 2) buriedMoves++;
      if (now.id !== board) {
        boardMoves++;
        // A move of the board: the new post and the old board's deletion, no edit besides.
        expect(requests).toEqual(['POST messages', 'DELETE message']);
        expect(fake.message(board)!.deleted).toBe(true);
        expect(after.messageId).toBe(now.id);
        board = now.id;
      } else {
        // The first board is the reply to /table new: edited through its token. A board posted anew: on the channel's route.
        expect(requests).toEqual([board === first ? 'PATCH message via token' : 'PATCH message']);
      }
      // The board is the last or next-to-last message of the channel after every move.
      expect(
        fake
          .channelMessages(channel)
          .slice(-2)
          .map((m) => m.id),
      ).toContain(board);

      if (handDuringMove) {
        // The hand opened on the old board while it moved plays with one click (the move did not make it stale).
        const it = await answered(handDuringMove);
        handDuringMove = Promise.resolve(it); // checked once
        const hand = fake.original(it)!;
        expect(hand.ephemeral).toBe(true);
        const card = enabledCards(hand)[0]!;
        const moves = after.moves.length;
        const click = await answered(fake.click(it.user, hand, card.custom_id));
        await settle(fake);
        expect(String(click.callback?.data?.content ?? '')).not.toMatch(STALE);
        expect((await bot.tables.get(channel))!.moves.length).toBe(moves + 1);
        turns++;
        handsCheckedDuringMove++;
        handDuringMove = null;
        board = currentBoard(fake, channel).id;
      }
    }
    expect(turns).toBe(3 * 31);
    expect(handsCheckedDuringMove).toBe(1);
    // The board moved exactly when it was buried at a move, never otherwise, and never twice for one move.
    expect(buriedMoves).toBeGreaterThan(25);
    expect(boardMoves).toBe(buriedMoves);
    // Nobody saw a stale refusal from a hand they had just opened.
    expect(fake.payloads.filter((p) => STALE.test(JSON.stringify(p.body ?? {})))).toEqual([]);
    // Requests per move: one edit, or a post and a deletion when the board moved.
    const total = perMove.flat().length;
    expect(total).toBe(perMove.length + boardMoves);
    const channelTotal = perMove.flat().filter((r) => !r.endsWith('via token')).length;
    console.info(
      `board-bottom: ${perMove.length} moves, ${boardMoves} board moves, ${(total / perMove.length).toFixed(2)} board requests per move, ${(channelTotal / perMove.length).toFixed(2)} on the channel's routes`,
    );

    // The end: the result is the last message, the board (where it is now) is closed.
    const messages = fake.channelMessages(channel);
    const result = messages.at(-1)!;
    expect(result.author.id).toBe(fake.botUser.id);
    expect(result.content).toMatch(/^🏁 Game over/);
    const closed = fake.message(board)!;
    expect(closed.deleted).toBe(false);
    expect(closed.content).toBe('🏁 This game is over: its result is posted below.');
    expect(buttons(closed)).toEqual([]);
    // Of the bot's messages only the closed board and the result remain; every earlier board was deleted.
    expect(messages.filter((m) => m.author.id === fake.botUser.id).map((m) => m.id)).toEqual([board, result.id]);
    expect(fake.violations).toEqual([]);
  });

  it('an update for a board another process moved goes to the board where it is now', async () => {
    const channel = fake.channelId;
    const first = await openAndStart(fake, channel, users, 'reunion', { turn_timer: 0 });
    await takeTurn(fake, first, users);
    const table = (await bot.tables.get(channel))!;
    // Another process moved the board: a new post, the new id stored, the old message deleted.
    const old = fake.message(first)!;
    const other = fake.postMessage(fake.botUser, channel, { content: 'moved elsewhere', components: old.components });
    expect(await bot.tables.moveBoard(channel, first, other.id)).toBe(true);
    const sendable = await bot.client.channels.fetch(channel);
    if (!sendable?.isSendable()) throw new Error('no channel');
    await sendable.messages.delete(first);
    await settle(fake);
    // This process still holds the table as read before the move: its edit meets Unknown Message, then finds the board.
    await bot.views.refresh(table);
    await settle(fake);
    expect(fake.violations.map((v) => v.code)).toEqual([10008]);
    const now = fake.message(other.id)!;
    expect(now.content).not.toBe('moved elsewhere');
    expect(now.embeds.length).toBeGreaterThan(0);
    expect(buttons(now).some((b) => b.custom_id === 'st:hand')).toBe(true);
    expect(currentBoard(fake, channel).id).toBe(other.id);
  });
});
