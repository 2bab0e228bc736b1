/**
 * End to end: a whole seeded three-player game of Rommé through the real bot, the unmodified discord.js
 * client, the fake Discord and Redis — melds, lay-offs, a joker swap, going out — where every move is made
 * by clicking or choosing only what the bot showed. The player's choices come from a simple policy
 * (test/support/romme-policy.ts) that reads the player's own hand.
 */
import { describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { type CardId, labelOf } from '../../src/games/romme/pack.ts';
import { replay, result as finalResult, romme, type RommeMove, type RommeResult, type RommeState } from '../../src/games/romme/index.ts';
import { ENGLISH } from '../../src/i18n/index.ts';
import { sortRomme } from '../../src/discord/games/romme/selection.ts';
import type { TableRecord } from '../../src/tables/types.ts';
import { settle } from '../support/bot.ts';
import { useTableBot } from '../support/table-bot.ts';
import { type FakeDiscord, type FakeMessage, type FakeUser, messageProblems } from '../support/fake-discord.ts';
import { answered, buttons, handChoices, openAndStart, openHand, tableMessage, useChoice, userToAct, withoutSeenRecent } from '../support/driver.ts';
import { cardRuleProblems } from '../support/hand-cards.ts';
import { nextMove } from '../support/romme-policy.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let fake: FakeDiscord;
let bot: RunningBot;
useTableBot('romme-e2e', (table) => ({ fake, bot } = table), { seed: 'romme-e2e-0', users: [] });

/** Select menus of a message, by the start of their payload (`s~`, `l~`, `w~`, `a~`, `L`). */
function menu(message: FakeMessage, kind: string): { custom_id: string; options: { value: string; label: string }[] } | undefined {
  return (message.components ?? [])
    .flatMap((r: Json) => r.components ?? [])
    .find((c: Json) => c.type === 3 && (c.custom_id.split(':')[3] === kind || c.custom_id.split(':')[3]?.startsWith(`${kind}~`)));
}

/** Clicks made on hands, counted as a player makes them: a button one, a select menu two (open it, choose). */
let clicks = 0;

async function click(user: FakeUser, hand: FakeMessage, customId: string): Promise<FakeMessage> {
  await answered(fake.click(user, hand, customId));
  clicks++;
  await settle(fake);
  return fake.message(hand.id)!;
}

async function press(user: FakeUser, hand: FakeMessage, label: RegExp): Promise<FakeMessage> {
  const b = buttons(hand).find((x) => label.test(x.label) && !x.disabled);
  expect(b, `${label} in ${hand.content}`).toBeDefined();
  return click(user, hand, b!.custom_id);
}

/**
 * Click the button of `card` (`x` discards it, `t` picks it), found by its index in the sorted hand — or, for a card
 * the rows had no room for, choose it in the menu of the others.
 */
async function clickCard(user: FakeUser, hand: FakeMessage, kind: 'x' | 't', card: CardId, sorted: CardId[]): Promise<FakeMessage> {
  const payload = `${kind}${sorted.indexOf(card).toString(36)}`;
  const b = handChoices(hand).find((x) => {
    const p = x.values?.[0] ?? x.custom_id.split(':')[3] ?? '';
    return (p === payload || p.startsWith(`${payload}~`)) && !x.disabled;
  });
  expect(b, `${payload} (${card}) in ${hand.content}`).toBeDefined();
  if (!b!.values) return click(user, hand, b!.custom_id);
  await answered(useChoice(fake, user, hand, b!));
  clicks += 2;
  await settle(fake);
  return fake.message(hand.id)!;
}

async function pickIn(user: FakeUser, hand: FakeMessage, kind: string, value: (v: string) => boolean): Promise<void> {
  const m = menu(hand, kind);
  const chosen = m?.options.map((o) => o.value).find(value);
  expect(chosen, `${kind} in ${hand.content} ${JSON.stringify(m?.options)}`).toBeDefined();
  await answered(fake.select(user, hand, m!.custom_id, [chosen!]));
  clicks += 2;
  await settle(fake);
}

/** Make `move` for `user` through the hand's controls only. */
async function play(user: FakeUser, messageId: string, s: RommeState, move: RommeMove): Promise<void> {
  let hand = await openHand(fake, messageId, user);
  // The hand as opened (nothing picked) follows the card rule of every hand.
  expect(cardRuleProblems('romme', ENGLISH, romme.view(s, s.turn), hand)).toEqual([]);
  const sorted = sortRomme(s.hands[s.turn] as CardId[]);
  const pick = async (cards: CardId[]) => {
    hand = await press(user, hand, /^Pick cards$/);
    for (const c of cards) hand = await clickCard(user, hand, 't', c, sorted);
  };
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
      // The menu of melds the hand can make picks the group's cards in one choice (when it offers this group).
      const ids = group!.cards
        .map((c) => sorted.indexOf(c))
        .sort((a, b) => a - b)
        .map((i) => i.toString(36))
        .join('');
      if (menu(hand, 'P')?.options.some((o) => o.value === ids)) {
        await pickIn(user, hand, 'P', (v) => v === ids);
        hand = fake.message(hand.id)!;
      } else await pick(group!.cards);
      const meldAs = buttons(hand).find((b) => b.custom_id.split(':')[3]?.startsWith(`A${group!.start}~`));
      if (meldAs) await click(user, hand, meldAs.custom_id);
      else if (menu(hand, 'a')) await pickIn(user, hand, 'a', (v) => v === String(group!.start));
      else await press(user, hand, /^Meld \(/);
      return;
    }
    case 'layOff': {
      // The discard step's menu offers every lay-off, card and target together (a twin of the card is the same choice).
      const code = `${move.meld}${move.end === 'low' ? 'L' : move.end === 'high' ? 'H' : ''}`;
      await pickIn(user, hand, 'P', (v) => {
        const [i, c] = v.split('.');
        return c === code && labelOf(sorted[parseInt(i!, 36)]!) === labelOf(move.card);
      });
      return;
    }
    case 'swap': {
      await pick([...move.naturals, ...move.cards]);
      const naturals = move.naturals.map((c) => sorted.indexOf(c).toString(36)).join('');
      await pickIn(user, hand, 'w', (v) => v === `${move.meld}.${naturals}${move.start ? `@${move.start}` : ''}`);
      return;
    }
    case 'discard':
      await clickCard(user, hand, 'x', move.card, sorted);
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
    const most = new Map<string, number>();
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
      clicks = 0;
      await play(user, messageId, s, move);
      const kind = move.type === 'meld' && s.hasMelded[s.turn] ? `meld${move.groups[0]!.cards.length}` : move.type;
      most.set(kind, Math.max(most.get(kind) ?? 0, clicks));
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
    // Clicks with the hand open (measured: draw 1, discard 1 or 2 from the menu when its card had no button, a meld 3
    // from the discard step's menu, a lay-off 2, a swap 6): a plain turn at most 3, a three-card meld 3, a lay-off 2.
    expect((most.get('draw') ?? 0) + (most.get('discard') ?? 0)).toBeLessThanOrEqual(3);
    expect(most.get('meld3') ?? 0).toBeLessThanOrEqual(3);
    expect(most.get('layOff')).toBe(2);
    // A joker swap: Pick cards, the card for the joker and two for the new meld, the target (four cards: one more).
    expect(most.get('swap')).toBeLessThanOrEqual(7);

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
    // Everyone acted within seconds of their turn: no post mentioned anyone (pings wait for PING_QUIET_S of quiet).
    expect(fake.publicPayloads().filter((p) => (p.body?.allowed_mentions?.users ?? []).length > 0)).toEqual([]);
  });
});
