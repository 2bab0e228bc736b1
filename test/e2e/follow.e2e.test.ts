/**
 * What a process shows follows the table's change events (src/discord/follow.ts): two bots on one Redis prefix and one
 * fake Discord, as two hosts — A runs the guild's shard (every interaction reaches it), B another shard of the same
 * bot (it hears nothing of the guild) and is the only one whose timer loop runs. So every computer move and every
 * timed-out turn is made by B, and the live hands A opened follow them through the events alone:
 * 1. a whole Réunion game, two people and a computer player, is played by clicking only the two live hands opened once
 *    through A: each computer move (B's) enables the next player's hand in place, no click is answered as stale, no
 *    hand is sent the same body twice, and at the end both hands link to the result; B edits the board through the
 *    token of its /table new (stored with the table), A never edits the board for B's moves;
 * 2. a turn the timer plays for a person (B, "(auto)") reaches the board and every hand A opened, and the next
 *    player's click on their hand plays;
 * 3. once both processes follow the table, a player the table waits on is mentioned once (by A, which runs the
 *    server's shard), not once by each, and the ping goes when they move.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { STALE_NOTE } from '../../src/discord/hand/clicks.ts';
import { ENGLISH } from '../../src/i18n/index.ts';
import { cleanupPrefix, settleAll, startTestBot, testPrefix } from '../support/bot.ts';
import { answered, buttons, enabledCards, openHand, tableMessage } from '../support/driver.ts';
import { type FakeDiscord, type FakeMessage, type FakeUser, type RecordedRequest, startFakeDiscord } from '../support/fake-discord.ts';

/** Wait (real time) until `ok` holds. */
async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = performance.now() + ms;
  while (!(await ok())) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The table version a hand control's custom id was rendered for (`st:g:<tableId>.<version>.<seat>:…`), or null. */
const versionOf = (customId: string): number | null => (customId.startsWith('st:g:') ? Number(customId.split(':')[2]?.split('.')[1]) : null);

let fake: FakeDiscord;
let prefix: string;
let a: RunningBot;
let b: RunningBot;
let users: FakeUser[];

beforeEach(async () => {
  fake = await startFakeDiscord({ idleMs: 30 });
  prefix = testPrefix('follow-e2e');
  const now = () => fake.clock.now();
  a = await startTestBot(fake, prefix, 'e2e-seed', { now });
  // A makes no timed move: every computer move and timed-out turn is B's.
  await a.deadlines.stop();
  users = ['alice', 'bob', 'carol'].map((n) => fake.user(n));
});

afterEach(async () => {
  await b?.stop();
  await a?.stop();
  await fake?.close();
  await cleanupPrefix(prefix);
});

/** Start B: another host's shard of the same bot (the fake sends it nothing of the guild), on the same prefix. */
async function startB(): Promise<RunningBot> {
  const other = 1 - fake.guildShard(2);
  b = await startTestBot(fake, prefix, 'e2e-seed', { now: () => fake.clock.now(), shards: { ids: [other], count: 2 } });
  return b;
}

/** The discard toggles' Discard button of a hand in its discard phase. */
const discardButton = (hand: FakeMessage | undefined) => buttons(hand).find((x) => x.custom_id.includes(':d.'));
/** Whether a discard toggle shows its card as selected. */
const isSelected = (x: { custom_id: string; label: string }) => (x.custom_id.split(':')[3]?.split('.')[2] ?? '').split(',').includes(x.label);
/** Requests on the routes of one interaction token (its callback and webhook). */
const withToken = (token: string) => (r: RecordedRequest) => r.path.includes(`/${token}/`) || r.path.endsWith(`/${token}`);
/** The token of the interaction that opened message `id`. */
const tokenOf = (id: string) => fake.interactions.find((i) => i.originalMessageId === id)!.token;
/** Whether a request was made on the token of an interaction whose `@original` is message `id` (its reply, or clicks on it). */
const onMessage = (id: string) => {
  const tokens = fake.interactions.filter((i) => i.originalMessageId === id).map((i) => i.token);
  return (r: RecordedRequest) => tokens.some((t) => withToken(t)(r));
};

/** Open a table in A with `people` and the given options (plus `computers` computer players), start it. */
async function open(people: FakeUser[], computers: number, options: Record<string, number>): Promise<string> {
  const [host, ...rest] = people;
  const created = await answered(fake.slash(host!, fake.channelId, 'table', options, { subcommandGroup: 'new', subcommand: 'reunion' }));
  await settleAll(fake, [a]);
  const board = created.originalMessageId!;
  for (const user of rest) await answered(fake.slash(user, fake.channelId, 'table', {}, { subcommand: 'join' }));
  for (let i = 0; i < computers; i++) await answered(fake.slash(host!, fake.channelId, 'table', {}, { subcommandGroup: 'bot', subcommand: 'add' }));
  await settleAll(fake, [a]);
  await answered(fake.click(host!, tableMessage(fake, board), 'st:start'));
  await settleAll(fake, [a]);
  return board;
}

/** The person whose live hand offers a card or a discard now, with that hand; null when nobody's does. */
function toAct(people: FakeUser[], hands: Map<string, string>): { user: FakeUser; hand: FakeMessage } | null {
  for (const user of people) {
    const hand = fake.message(hands.get(user.id));
    if (hand && (enabledCards(hand).length || discardButton(hand))) return { user, hand };
  }
  return null;
}

describe('following another process', () => {
  it('computer moves made by B reach the live hands A opened: a whole game by clicking them, nothing stale, nothing sent twice', async () => {
    const people = users.slice(0, 2);
    const board = await open(people, 1, { turn_timer: 0 });
    const hands = new Map<string, string>();
    for (const user of people) hands.set(user.id, (await openHand(fake, board, user)).id);
    const boardToken = tokenOf(board);
    const before = fake.requests.length;
    await startB();

    let clicks = 0;
    for (let turn = 0; ; turn++) {
      // Wait for B's computer moves to reach a hand (or the game to end).
      await until('a hand to offer a card, or the end', async () => toAct(people, hands) !== null || !(await a.tables.get(fake.channelId)));
      const next = toAct(people, hands);
      if (!next) break;
      const { user } = next;
      let hand = next.hand;
      const discard = discardButton(hand);
      if (discard) {
        for (let i = 0; i < 2; i++) {
          const card = enabledCards(hand).filter((x) => !isSelected(x))[(turn + i) % 2]!;
          await answered(fake.click(user, hand, card.custom_id));
          await settleAll(fake, [a, b]);
          hand = fake.message(hand.id)!;
        }
        await answered(fake.click(user, hand, discardButton(hand)!.custom_id));
      } else {
        const cards = enabledCards(hand);
        const it = await answered(fake.click(user, hand, cards[turn % cards.length]!.custom_id));
        expect(JSON.stringify(it.callback?.data ?? {})).not.toContain(STALE_NOTE);
      }
      clicks++;
      await settleAll(fake, [a, b]);
    }
    expect(await a.tables.get(fake.channelId)).toBeFalsy(); // the game finished
    expect(clicks).toBeGreaterThanOrEqual(2 * 30); // each person played all their cards through the one hand
    expect(fake.payloads.filter((p) => JSON.stringify(p.body).includes(STALE_NOTE))).toEqual([]);
    expect(fake.violations).toEqual([]);

    const after = fake.requests.slice(before);
    for (const [, id] of hands) {
      const edits = after.filter((r) => r.method === 'PATCH' && onMessage(id)(r)).map((r) => JSON.stringify(r.body));
      // Edited in place all game long, never twice with the same body (no change shown twice by one process).
      expect(edits.length).toBeGreaterThan(10);
      expect(edits.filter((body, i) => i > 0 && body === edits[i - 1])).toEqual([]);
      // At the end the hand points to the result.
      await fake.waitFor(() => (fake.message(id)?.content ?? '').includes('/replay'), 10_000);
      expect(fake.message(id)!.components ?? []).toEqual([]);
    }
    // B edited the board through the token of its /table new too (stored with the table; the computer moves were all
    // B's): the channel's route edited it only to close it at the end.
    const boardEdits = after.filter((r) => r.method === 'PATCH' && r.path === `/channels/${fake.channelId}/messages/${board}`);
    expect(boardEdits.length).toBeLessThanOrEqual(1);
    expect(after.filter((r) => r.method === 'PATCH' && withToken(boardToken)(r)).length).toBeGreaterThan(clicks);
  });

  it('a turn the timer plays in B reaches the board and every hand A opened; the next click plays', async () => {
    const board = await open(users, 0, { turn_timer: 60 });
    const hands = new Map<string, string>();
    for (const user of users) hands.set(user.id, (await openHand(fake, board, user)).id);
    await startB();
    // Réunion's dealer discards first: whoever's hand offers the discard is the one the timer plays for.
    const first = toAct(users, hands)!;
    expect(first).not.toBeNull();
    const boardBefore = JSON.stringify(tableMessage(fake, board).embeds);
    const table = await a.tables.get(fake.channelId);
    fake.clock.advance(61_000);
    await until('the timer to play', async () => ((await a.tables.get(fake.channelId))?.version ?? 0) > table!.version);
    await settleAll(fake, [b, a]);
    // The board shows the timed move ("(auto)"), edited by B.
    const auto = ENGLISH.t('timer.auto', { name: '@' }).split('@')[1]!; // "ran out of time: … (auto)", after the name
    await until('the board to show the timed move', () => JSON.stringify(tableMessage(fake, board).embeds) !== boardBefore);
    expect(JSON.stringify(tableMessage(fake, board).embeds)).toContain(JSON.stringify(auto).slice(1, -1));
    // B's half-time reminder went with the turn: the channel keeps the board only.
    await until('the reminder to go', () => fake.channelMessages(fake.channelId).filter((m) => !m.deleted).length === 1);
    const stored = (await a.tables.get(fake.channelId))!;
    // Every hand A opened shows the table as stored now (its custom ids carry the stored version).
    await until('every hand to show the stored version', () =>
      users.every((u) => buttons(fake.message(hands.get(u.id))).every((x) => (versionOf(x.custom_id) ?? stored.version) === stored.version)),
    );
    const next = toAct(users, hands);
    expect(next).not.toBeNull();
    expect(next!.user.id).not.toBe(first.user.id);
    const it = await answered(fake.click(next!.user, next!.hand, (enabledCards(next!.hand)[0] ?? discardButton(next!.hand))!.custom_id));
    expect(JSON.stringify(it.callback?.data ?? {})).not.toContain(STALE_NOTE);
    await settleAll(fake, [a, b]);
    expect(((await a.tables.get(fake.channelId))?.version ?? 0) > stored.version).toBe(true);
    expect(fake.violations).toEqual([]);
  });

  it("a player both processes follow is pinged once, by the process of the server's shard", async () => {
    const people = users.slice(0, 2);
    const board = await open(people, 1, { turn_timer: 0 });
    const hands = new Map<string, string>();
    for (const user of people) hands.set(user.id, (await openHand(fake, board, user)).id);
    await startB();
    // Play until B has made a computer move (it follows the table from then on) and a person is to act.
    for (let turn = 0; ; turn++) {
      await until('a hand to offer a card', () => toAct(people, hands) !== null);
      if (b.views.pings.knows(fake.channelId) && enabledCards(toAct(people, hands)!.hand).length) break;
      const { user, hand } = toAct(people, hands)!;
      const discard = discardButton(hand);
      if (discard) {
        let h = hand;
        for (let i = 0; i < 2; i++) {
          await answered(fake.click(user, h, enabledCards(h).filter((x) => !isSelected(x))[0]!.custom_id));
          await settleAll(fake, [a, b]);
          h = fake.message(h.id)!;
        }
        await answered(fake.click(user, h, discardButton(h)!.custom_id));
      } else await answered(fake.click(user, hand, enabledCards(hand)[turn % enabledCards(hand).length]!.custom_id));
      await settleAll(fake, [a, b]);
      expect(turn).toBeLessThan(20);
    }
    const { user, hand } = toAct(people, hands)!;
    const mention = ENGLISH.t('turn.yours', { user: user.id });
    const pings = () => fake.channelMessages(fake.channelId).filter((m) => !m.deleted && m.content === mention);
    fake.clock.advance(61_000);
    await Promise.all([a.views.pings.tick(), b.views.pings.tick()]);
    await settleAll(fake, [a, b]);
    expect(pings()).toHaveLength(1);
    await answered(fake.click(user, hand, enabledCards(hand)[0]!.custom_id));
    await settleAll(fake, [a, b]);
    await until('the ping to go', () => pings().length === 0);
    expect(fake.violations).toEqual([]);
  });
});
