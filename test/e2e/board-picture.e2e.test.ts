/**
 * End to end: the board carries the table picture (docs/card-faces.md § The table picture). Three users play a whole
 * seeded Réunion game by clicks; after every move the board's embed shows `attachment://<name>.png` of a PNG the
 * message carries, whose bytes are the renderer's output for the PUBLIC view (so no card of a hand can be in it), or
 * no picture and no attachment while nothing is on the table. The file is uploaded exactly when the picture changed
 * (bytes counted per move) and never re-sent for an edit that keeps it; each move still costs one channel request.
 * The closed board keeps no picture; a board posted anew below chat carries it; a board whose file another process
 * removed gets it back. Dreierles and Rommé boards (computer players at every seat) show theirs too.
 */
import { describe, expect, it } from 'vitest';
import { REST, Routes } from 'discord.js';
import type { RunningBot } from '../../src/bot.ts';
import { uiFor } from '../../src/discord/games/index.ts';
import { renderTableImage } from '../../src/faces/table-image.ts';
import type { TablePicture } from '../../src/faces/table-picture.ts';
import type { TableRecord } from '../../src/tables/types.ts';
import { settle } from '../support/bot.ts';
import { useTableBot } from '../support/table-bot.ts';
import { type FakeDiscord, type FakeMessage, type FakeUser, type RecordedRequest } from '../support/fake-discord.ts';
import { answered, currentBoard, openAndStart, tableMessage, takeTurn } from '../support/driver.ts';

let fake: FakeDiscord;
let bot: RunningBot;
let users: FakeUser[];
useTableBot('board-picture-e2e', (table) => ({ fake, bot, users } = table));

const STYLE = { lang: 'en', colours: 'two' } as const;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

/** The picture the board of `table` should show, from the public view, and its cards. */
function expectedPicture(table: TableRecord): TablePicture | null {
  if (table.status !== 'playing') return null;
  return uiFor(table.game).picture(
    bot.tables.view(table, null),
    table.seats.map((s) => s.name),
  );
}

/**
 * Whether `r` is one of the bot's requests for a message: on the channel's routes (bot token) or through the interaction
 * `token` (the /table new whose reply is the board: its edits go through the token while it lives).
 */
const forMessages =
  (token: string) =>
  (r: RecordedRequest): boolean =>
    r.method !== 'GET' && ((r.auth && r.path.startsWith('/channels/')) || r.path.startsWith(`/webhooks/${fake.applicationId}/${token}/`));

const cardsOf = (p: TablePicture): string[] =>
  p.kind === 'trick' ? p.plays.map((x) => x.card) : [...(p.discardTop ? [p.discardTop] : []), ...p.melds.flat()];

describe('the board carries the table picture', () => {
  it('Réunion: the public picture after every move, uploaded only when it changed, one request a move', async () => {
    const channel = fake.channelId;
    const first = await openAndStart(fake, channel, users, 'reunion', { turn_timer: 0 });
    const token = fake.interactions.find((i) => i.originalMessageId === first)!.token;
    const dave = fake.user('dave');
    let shown: string | null = null;
    let moves = 0;
    let uploads = 0;
    let keptEdits = 0;
    let uploadedBytes = 0;
    let movedWithPicture = 0;
    let boardId = first;
    for (;;) {
      // Chat buries the board before move 50: that move posts the board anew at the bottom, with its picture.
      const buried = moves === 50;
      if (buried) for (let i = 0; i < 3; i++) fake.postMessage(dave, channel, { content: `chat ${i}` });
      await settle(fake);
      const before = fake.requests.length;
      const played = await takeTurn(fake, first, users, moves);
      if (!played) break;
      await settle(fake);
      moves++;
      const requests = fake.requests.slice(before).filter(forMessages(token));
      const bytes = requests.flatMap((r) => r.files).reduce((n, f) => n + f.size, 0);
      const table = await bot.tables.get(channel);
      if (!table) break;
      // The picture costs no request: a move is one edit of the board, as before.
      expect(requests.map((r) => r.method)).toEqual(buried ? ['POST', 'DELETE'] : ['PATCH']);
      const board = currentBoard(fake, channel);
      boardId = board.id;
      const picture = expectedPicture(table);
      if (!picture) {
        expect(board.attachments).toEqual([]);
        expect(board.embeds[0]?.image).toBeUndefined();
        expect(bytes).toBe(0);
        shown = null;
        continue;
      }
      // Only public cards: none of the picture's cards is in any hand.
      const hands = new Set(table.seats.flatMap((_, seat) => (bot.tables.view(table, seat) as { hand: string[] }).hand));
      for (const card of cardsOf(picture)) expect(hands.has(card), card).toBe(false);
      const image = fake.embedImage(board);
      expect(image, `move ${moves}: the embed's image is an attachment of the board`).toBeDefined();
      expect(board.attachments).toHaveLength(1);
      expect(image!.data.equals(await renderTableImage(picture, STYLE))).toBe(true);
      if (buried) {
        // The moved board is a new message: it uploads its picture even though the trick is the one shown before.
        expect(requests[0]!.files.map((f) => f.filename)).toEqual([image!.filename]);
        movedWithPicture++;
        uploadedBytes += bytes;
      } else if (image!.filename === shown) {
        keptEdits++;
        expect(bytes, `move ${moves}: the same picture is not sent again`).toBe(0);
        expect(requests[0]!.body?.attachments).toBeUndefined();
      } else {
        uploads++;
        expect(requests[0]!.files.map((f) => f.filename)).toEqual([image!.filename]);
        expect(bytes).toBe(image!.data.length);
        uploadedBytes += bytes;
      }
      shown = image!.filename;
      if (moves % 20 === 10) {
        // An edit that keeps the trick (the server's language set again: the board is redrawn): the file is not re-sent,
        // `attachments` is left out (Discord keeps the message's files) and the board still shows the same picture.
        const at = fake.requests.length;
        await answered(fake.slash(users[0]!, channel, 'settings', { language: 'en' }));
        await settle(fake);
        await bot.views.boards.idle();
        const edits = fake.requests.slice(at).filter(forMessages(token));
        expect(edits.map((r) => r.method)).toEqual(['PATCH']);
        expect(edits[0]!.files).toEqual([]);
        expect(edits[0]!.body?.attachments).toBeUndefined();
        const again = currentBoard(fake, channel);
        expect(again.attachments).toEqual(board.attachments);
        expect(fake.embedImage(again)?.filename).toBe(shown);
        keptEdits++;
      }
    }
    expect(moves).toBe(3 * 31);
    // Every card played changes the picture, except the last of each deal: the next deal starts with none (and the
    // game's last card closes the board).
    expect(uploads + movedWithPicture).toBe(3 * 30 - 3);
    expect(keptEdits).toBeGreaterThanOrEqual(4);
    expect(movedWithPicture).toBe(1);
    console.info(`board-picture: ${moves} moves, ${uploads} uploads, ${(uploadedBytes / moves / 1024).toFixed(1)} KiB uploaded per move`);
    // The closed board keeps no picture.
    const closed = fake.message(boardId)!;
    expect(closed.content).toMatch(/game is over/);
    expect(closed.attachments).toEqual([]);
    expect(fake.violations).toEqual([]);
  });

  it('a board whose picture another process removed gets it back with a second edit', async () => {
    const channel = fake.channelId;
    const first = await openAndStart(fake, channel, users, 'reunion', { turn_timer: 0 });
    const token = fake.interactions.find((i) => i.originalMessageId === first)!.token;
    // The discard, then two cards: the board shows the trick.
    for (let i = 0; i < 3; i++) await takeTurn(fake, first, users, i);
    await bot.views.boards.idle();
    const board = currentBoard(fake, channel);
    const image = fake.embedImage(board)!;
    expect(image).toBeDefined();
    // Another process (same token) edits the board and drops its files.
    const rest = new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.token);
    await rest.patch(Routes.channelMessage(channel, board.id), { body: { attachments: [] } });
    expect(fake.message(board.id)!.attachments).toEqual([]);
    // An edit that keeps the trick: Discord's answer shows the picture missing, so a second edit uploads it.
    const at = fake.requests.length;
    await answered(fake.slash(users[0]!, channel, 'settings', { language: 'en' }));
    await settle(fake);
    await bot.views.boards.idle();
    const edits = fake.requests.slice(at).filter((r) => forMessages(token)(r) && r.method === 'PATCH');
    expect(edits.map((r) => r.files.map((f) => f.filename))).toEqual([[], [image.filename]]);
    expect(fake.embedImage(fake.message(board.id)!)?.data.equals(image.data)).toBe(true);
  });

  it.each([
    ['dreierles', 'trick'],
    ['romme', 'melds'],
  ] as const)('%s: the board shows its picture', async (game, kind) => {
    const channel = fake.channelId;
    const [alice] = users as [FakeUser];
    const created = await answered(fake.slash(alice, channel, 'table', { turn_timer: 0 }, { subcommandGroup: 'new', subcommand: game }));
    await settle(fake);
    const lobby = created.originalMessageId!;
    await answered(fake.click(alice, tableMessage(fake, lobby), 'st:fill'));
    await answered(fake.click(alice, tableMessage(fake, lobby), 'st:start'));
    await settle(fake);
    // Boards as they were edited, with a picture, while the computer plays every seat.
    const seen: FakeMessage[] = [];
    const stop = fake.onMessage((m) => {
      if (!m.ephemeral && m.author.id === fake.botUser.id && m.attachments.length) seen.push(structuredClone(m));
    });
    await answered(fake.slash(alice, channel, 'table', {}, { subcommand: 'leave' }));
    await fake.waitFor(() => seen.length >= 6, 20_000);
    stop();
    for (const board of seen) {
      const image = fake.embedImage(board);
      expect(image).toBeDefined();
      expect(image!.filename).toMatch(/^table-[0-9a-f]{12}\.png$/);
      expect(image!.data.subarray(0, 4).equals(PNG)).toBe(true);
      expect(board.attachments).toHaveLength(1);
      // The PNG's width (IHDR) says what it shows: a trick of three cards or fewer (120 px a card), or Rommé's table (760 px).
      const width = image!.data.readUInt32BE(16);
      if (kind === 'trick') expect(width).toBeLessThanOrEqual(12 + 3 * 120);
      else expect(width).toBe(772);
    }
  });
});
