/**
 * End to end: a whole seeded three-player game of Rommé through the real bot, the unmodified discord.js
 * client, the fake Discord and Redis — melds, lay-offs, a joker swap, going out — where every move is made
 * by clicking or choosing only what the bot showed. The player's choices come from a simple policy
 * (test/support/romme-policy.ts) that reads the player's own hand.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { type CardId, labelOf } from '../../src/games/romme/cards.ts';
import { replay, result as finalResult, type RommeMove, type RommeResult, type RommeState } from '../../src/games/romme/index.ts';
import { sortRomme } from '../../src/discord/games/romme/selection.ts';
import type { TableRecord } from '../../src/tables/types.ts';
import { cleanupPrefix, settle, startTestBot, testPrefix } from '../support/bot.ts';
import { type FakeDiscord, type FakeMessage, type FakeUser, messageProblems, startFakeDiscord } from '../support/fake-discord.ts';
import { answered, buttons, openAndStart, openHand, tableMessage, userToAct, withoutSeenRecent } from '../support/driver.ts';
import { nextMove } from '../support/romme-policy.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let fake: FakeDiscord;
let bot: RunningBot;
let prefix: string;

beforeEach(async () => {
  fake = await startFakeDiscord({ idleMs: 30 });
  prefix = testPrefix('romme-e2e');
  bot = await startTestBot(fake, prefix, 'romme-e2e-0');
});

afterEach(async () => {
  await bot?.stop();
  await fake?.close();
  await cleanupPrefix(prefix);
});

/** Select menus of a message, by the start of their payload (`s~`, `l~`, `w~`, `a~`). */
function menu(message: FakeMessage, kind: string): { custom_id: string; options: { value: string; label: string }[] } | undefined {
  return (message.components ?? [])
    .flatMap((r: Json) => r.components ?? [])
    .find((c: Json) => c.type === 3 && c.custom_id.split(':')[3]?.startsWith(`${kind}~`));
}

/** Choose cards in the hand's select menu; returns the updated hand message. */
async function choose(user: FakeUser, hand: FakeMessage, cards: CardId[], sorted: CardId[]): Promise<FakeMessage> {
  const select = menu(hand, 's');
  expect(select, hand.content).toBeDefined();
  await answered(
    fake.select(
      user,
      hand,
      select!.custom_id,
      cards.map((c) => sorted.indexOf(c).toString(36)),
    ),
  );
  await settle(fake);
  return fake.message(hand.id)!;
}

async function press(user: FakeUser, hand: FakeMessage, label: RegExp): Promise<FakeMessage> {
  const b = buttons(hand).find((x) => label.test(x.label) && !x.disabled);
  expect(b, `${label} in ${hand.content}`).toBeDefined();
  await answered(fake.click(user, hand, b!.custom_id));
  await settle(fake);
  return fake.message(hand.id)!;
}

async function pickIn(user: FakeUser, hand: FakeMessage, kind: string, value: string): Promise<void> {
  const m = menu(hand, kind);
  expect(
    m?.options.map((o) => o.value),
    hand.content,
  ).toContain(value);
  await answered(fake.select(user, hand, m!.custom_id, [value]));
  await settle(fake);
}

/** Make `move` for `user` through the hand's controls only. */
async function play(user: FakeUser, messageId: string, s: RommeState, move: RommeMove): Promise<void> {
  let hand = await openHand(fake, messageId, user);
  const sorted = sortRomme(s.hands[s.turn] as CardId[]);
  switch (move.type) {
    case 'draw':
      await press(user, hand, move.from === 'stock' ? /^Draw from stock/ : /^Take /);
      return;
    case 'meld': {
      if (!s.hasMelded[s.turn]) {
        hand = await press(user, hand, /^Suggestions$/);
        await press(user, hand, /^Meld \(/);
        return;
      }
      const [group] = move.groups;
      hand = await choose(user, hand, group!.cards, sorted);
      if (menu(hand, 'a')) await pickIn(user, hand, 'a', String(group!.start));
      else await press(user, hand, /^Meld \(/);
      return;
    }
    case 'layOff':
      hand = await choose(user, hand, [move.card], sorted);
      await pickIn(user, hand, 'l', `${move.meld}${move.end === 'low' ? 'L' : move.end === 'high' ? 'H' : ''}`);
      return;
    case 'swap': {
      hand = await choose(user, hand, [...move.naturals, ...move.cards], sorted);
      const naturals = move.naturals.map((c) => sorted.indexOf(c).toString(36)).join('');
      await pickIn(user, hand, 'w', `${move.meld}.${naturals}${move.start ? `@${move.start}` : ''}`);
      return;
    }
    case 'discard':
      hand = await choose(user, hand, [move.card], sorted);
      await press(user, hand, new RegExp(`^Discard ${labelOf(move.card)}$`));
      return;
  }
}

/** Card ids hidden now: every hand and the stock. */
function hiddenLabels(table: TableRecord | undefined): Set<string> {
  const s = table?.state as RommeState | undefined;
  return new Set(s ? [...s.hands.flat(), ...s.stock].map(labelOf) : []);
}

describe('Rommé end to end', () => {
  it('three users play a whole seeded game: melds, lay-offs, a joker swap, going out', async () => {
    const users = ['anna', 'bernd', 'catrin'].map((n) => fake.user(n));
    const messageId = await openAndStart(fake, fake.channelId, users, 'romme');
    const started = (await bot.tables.get(fake.channelId))!;
    const seating = (started.state as RommeState).seating!;
    expect(started.seats.map((s) => s.userId)).toEqual(seating.map((joined) => users[joined]!.id));
    const kinds = new Set<string>();
    let moves = 0;
    let checked = fake.publicPayloads().length;
    // The board's recent lines shown before play began (the draw for seats and dealer) are not scanned, as before.
    const seenRecent = new Set<string>();
    for (const p of fake.publicPayloads()) withoutSeenRecent(p.body, seenRecent);
    for (;;) {
      const user = userToAct(fake, messageId, users);
      if (!user) break;
      const table = (await bot.tables.get(fake.channelId))!;
      const s = table.state as RommeState;
      // The players sit in the order of the draw, not the order they joined.
      expect(table.seats[s.turn]!.userId).toBe(user.id);
      const move = nextMove(s);
      kinds.add(move.type);
      await play(user, messageId, s, move);
      moves++;
      const live = await bot.tables.get(fake.channelId);
      if (live) {
        // The clicks made exactly the intended move (the game's last move ends it and frees the channel).
        expect(live.moves).toHaveLength(table.moves.length + 1);
        expect(live.moves.at(-1)!.move).toMatchObject({ type: move.type });
      }
      const after = live ?? table;
      // A public payload may name only what is public: melds, the discard pile, the cards this move put down.
      // (Labels repeat: two packs, and a new deal; so a label counts as leaked only if it was hidden before
      // and after the move and is not public now.)
      const hiddenBefore = hiddenLabels(table);
      const hiddenAfter = hiddenLabels(after);
      const state = after.state as RommeState;
      const moved =
        move.type === 'discard' || move.type === 'layOff'
          ? [move.card]
          : move.type === 'meld'
            ? move.groups.flatMap((g) => g.cards)
            : move.type === 'swap'
              ? [...move.naturals, ...move.cards]
              : [];
      const shown = new Set([...state.melds.flatMap((m) => m.cards), ...state.discardPile, ...moved].map(labelOf));
      for (const p of fake.publicPayloads().slice(checked)) {
        // What a joker stands for ("Joker(6♠)") is public and names no physical card.
        const text = JSON.stringify(withoutSeenRecent(p.body, seenRecent)).replace(/Joker\([^)]*\)/g, 'Joker');
        for (const cid of text.match(/"custom_id":"[^"]*"/g) ?? []) expect(cid).not.toMatch(/[♣♠♥♦]/);
        const named = [...hiddenBefore].filter((l) => text.includes(l) && hiddenAfter.has(l) && !shown.has(l) && l !== 'Joker');
        expect(named, text.slice(0, 300)).toEqual([]);
      }
      checked = fake.publicPayloads().length;
    }
    expect([...kinds].sort()).toEqual(['discard', 'draw', 'layOff', 'meld', 'swap']);

    expect(fake.violations).toEqual([]);
    for (const p of fake.payloads) expect(messageProblems(p.body)).toEqual([]);
    expect(fake.payloads.filter((p) => JSON.stringify(p.body ?? {}).includes('st:g:')).every((p) => p.ephemeral)).toBe(true);

    const [game] = await bot.records.list(fake.guildId);
    expect(game!.moves).toHaveLength(moves);
    const result = game!.result as RommeResult;
    expect(finalResult(replay(game!.options as never, 3, game!.seed, game!.moves as never))).toEqual(result);
    expect(result.deals).toHaveLength(3);
    expect(result.deals.every((d) => d.winner !== null && d.penalties[d.winner] === 0)).toBe(true);
    const board = tableMessage(fake, messageId);
    expect(board.content).toBe('🏁 This game is over: its result is posted below.');
    const posted = fake.channelMessages(fake.channelId).filter((m) => m.author.id === fake.botUser.id);
    const final = posted.at(-1)!;
    expect(final.content).toMatch(/^🏁 Game over: \*\*.+\*\* (wins|share first place) with the fewest penalty points \(\d+\)\.$/);
    result.totals.forEach((t) => expect(JSON.stringify(final.embeds)).toContain(`${t} penalty points`));
    // No narration posts: the board and the result are all the bot posted in the channel (a 3-deal game: from 117).
    expect(posted.map((m) => m.id)).toEqual([messageId, final.id]);
  });
});
