/**
 * End to end: live hands (docs/playing.md § Live hands). Three users each open My hand once and play a whole seeded
 * Réunion game only by clicking their latest hand, which the bot keeps up to date through its interaction token:
 * every card costs one click, nothing is answered as stale. A second My hand retires the first; a cancelled table
 * closes its hands; a dismissed hand
 * (10008) is forgotten; before the 15 minutes of a token run out (fake clock) the hand is marked as no longer live and
 * its token is not used again.
 */
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { STALE_NOTE } from '../../src/discord/hand/clicks.ts';
import { LIVE_MS } from '../../src/discord/hand/live.ts';
import { ENGLISH } from '../../src/i18n/index.ts';
import { cleanupPrefix, settle, startTestBot, testPrefix } from '../support/bot.ts';
import { type FakeDiscord, type FakeMessage, type FakeUser, type RecordedRequest, startFakeDiscord } from '../support/fake-discord.ts';
import { answered, buttons, enabledCards, openAndStart, openHand } from '../support/driver.ts';
import { moveByControls } from '../support/controls.ts';
import { gameById } from '../../src/tables/games.ts';

let fake: FakeDiscord;
let bot: RunningBot;
let prefix: string;
let users: FakeUser[];
/** The bot's log lines at warn level and above. */
let warnings: string[];

beforeEach(async () => {
  // Discord's global limit modelled: a bot-token request over 50 a second would be answered 429 (a violation).
  fake = await startFakeDiscord({ idleMs: 30, globalRateLimit: 50 });
  prefix = testPrefix('live-hands-e2e');
  warnings = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
  bot = await startTestBot(fake, prefix, 'e2e-seed', { now: () => fake.clock.now(), log });
  users = ['alice', 'bob', 'carol'].map((n) => fake.user(n));
});

afterEach(async () => {
  await bot?.stop();
  await fake?.close();
  await cleanupPrefix(prefix);
});

/** Whether a discard toggle shows its card as selected (`st:g:<v>:t.<card>.<selected,…>`). */
const isSelected = (b: { custom_id: string; label: string }) => (b.custom_id.split(':')[3]?.split('.')[2] ?? '').split(',').includes(b.label);
/** The Discard button of a hand in its discard phase. */
const discardButton = (hand: FakeMessage) => buttons(hand).find((b) => b.custom_id.includes(':d.'));

/** The user whose hand (as they see it now) offers a card or a discard, with that hand; null when nobody's does. */
function toAct(hands: Map<string, string>): { user: FakeUser; hand: FakeMessage } | null {
  for (const user of users) {
    const hand = fake.message(hands.get(user.id));
    if (hand && (enabledCards(hand).length || discardButton(hand))) return { user, hand };
  }
  return null;
}

/** Requests on the routes of one interaction token (its callback and webhook). */
const withToken = (token: string) => (r: RecordedRequest) => r.path.includes(`/${token}/`) || r.path.endsWith(`/${token}`);

/**
 * How many requests of each kind `requests` holds: `webhook` counts the hands' (every webhook request but those on
 * `boardToken`, the /table new whose reply is the board), `board` the board's edits through that token.
 */
function kinds(requests: RecordedRequest[], boardToken = ''): { channel: number; webhook: number; board: number; callback: number } {
  const onBoard = (r: RecordedRequest) => boardToken !== '' && withToken(boardToken)(r);
  return {
    channel: requests.filter((r) => r.path.startsWith('/channels/')).length,
    webhook: requests.filter((r) => r.path.startsWith('/webhooks/') && !onBoard(r)).length,
    board: requests.filter(onBoard).length,
    callback: requests.filter((r) => r.path.startsWith('/interactions/')).length,
  };
}

/** Open a Réunion table without a turn timer and let each player open My hand once; returns user id → hand message id. */
async function startWithHands(): Promise<{ board: string; hands: Map<string, string> }> {
  const board = await openAndStart(fake, fake.channelId, users, 'reunion', { turn_timer: 0 });
  const hands = new Map<string, string>();
  for (const user of users) hands.set(user.id, (await openHand(fake, board, user)).id);
  return { board, hands };
}

describe('live hands', () => {
  it('three players play a whole Réunion game by clicking only their one live hand: one click a card, none stale', async () => {
    const { board, hands } = await startWithHands();
    const boardToken = fake.interactions.find((i) => i.originalMessageId === board)!.token;
    let plays = 0;
    let discards = 0;
    let clicks = 0;
    const perMove: ReturnType<typeof kinds>[] = [];
    for (let turn = 0; ; turn++) {
      const next = toAct(hands);
      if (!next) break;
      const before = fake.requests.length;
      const { user } = next;
      let hand = next.hand;
      const discard = discardButton(hand);
      if (discard) {
        for (let i = 0; i < 2; i++) {
          const card = enabledCards(hand).filter((b) => !isSelected(b))[(turn + i) % 2]!;
          await answered(fake.click(user, hand, card.custom_id));
          await settle(fake);
          hand = fake.message(hand.id)!;
          clicks++;
        }
        await answered(fake.click(user, hand, discardButton(hand)!.custom_id));
        discards++;
      } else {
        const cards = enabledCards(hand);
        const it = await answered(fake.click(user, hand, cards[turn % cards.length]!.custom_id));
        expect(JSON.stringify(it.callback?.data ?? {})).not.toContain(STALE_NOTE);
        plays++;
      }
      clicks++;
      await settle(fake);
      perMove.push(kinds(fake.requests.slice(before), boardToken));
      // The hands are still the three messages opened at the start.
      expect(
        fake
          .visibleTo(user.id)
          .filter((m) => m.ephemeral && m.content !== ENGLISH.t('hand.retired'))
          .map((m) => m.id),
      ).toContain(hands.get(user.id));
    }
    expect(await bot.tables.get(fake.channelId)).toBeFalsy(); // the game finished
    expect(plays).toBe(3 * 30);
    expect(discards).toBe(3);
    expect(clicks).toBe(plays + 3 * discards); // one click a card; the dealer's discard: two cards and Discard
    // No click was answered as stale, and nothing was refused.
    expect(fake.payloads.filter((p) => JSON.stringify(p.body).includes(STALE_NOTE))).toEqual([]);
    expect(fake.violations).toEqual([]);
    expect(warnings).toEqual([]);
    // Each move: the clicker's hand by its callback, the two other hands through their tokens, the board through the
    // token of its /table new (outside the global limit); on the channel's routes only the game's end (the result
    // post and the closed board).
    const total = perMove.reduce((a, k) => ({
      channel: a.channel + k.channel,
      webhook: a.webhook + k.webhook,
      board: a.board + k.board,
      callback: a.callback + k.callback,
    }));
    expect(perMove.filter((k) => k.board > 1)).toEqual([]);
    expect(total.board).toBeGreaterThanOrEqual(perMove.length - 1);
    expect(total.channel).toBeLessThanOrEqual(2);
    expect(perMove.slice(0, -1).filter((k) => k.webhook > 2)).toEqual([]);
    expect(perMove.at(-1)!.webhook).toBeLessThanOrEqual(3); // the end: every hand points to the result
    expect(total.webhook).toBeGreaterThanOrEqual(2 * (perMove.length - 1));
    // Every other webhook edit went to an ephemeral message of the token's own user.
    for (const p of fake.payloads.filter((x) => x.kind === 'webhook-edit' && x.messageId !== board)) {
      expect(p.ephemeral).toBe(true);
      const token = p.request.path.split('/')[3];
      expect(fake.interactions.find((i) => i.token === token)?.user.id).toBe(p.shownTo);
    }
    // At the end every hand says where the result is.
    for (const user of users) expect(fake.message(hands.get(user.id))!.content).toContain('is over');
  });

  it('a second My hand retires the first; only the newest is edited afterwards', async () => {
    const { board, hands } = await startWithHands();
    const alice = users[0]!;
    const first = fake.interactions.find((i) => i.user.id === alice.id && i.originalMessageId === hands.get(alice.id))!;
    const second = await openHand(fake, board, alice);
    expect(second.id).not.toBe(hands.get(alice.id));
    expect(fake.message(hands.get(alice.id))!.content).toBe(ENGLISH.t('hand.retired'));
    expect(fake.message(hands.get(alice.id))!.components).toEqual([]);
    hands.set(alice.id, second.id);
    const requestsBefore = fake.requests.length;
    const next = toAct(hands)!;
    await answered(fake.click(next.user, next.hand, (discardButton(next.hand) ? enabledCards(next.hand)[0] : enabledCards(next.hand)[0])!.custom_id));
    await settle(fake);
    const after = fake.requests.slice(requestsBefore);
    expect(after.filter(withToken(first.token))).toEqual([]);
    expect(fake.violations).toEqual([]);
  });

  it('a cancelled table closes its hands; a new table in the channel opens hands of its own', async () => {
    const { hands } = await startWithHands();
    const alice = users[0]!;
    await answered(fake.slash(alice, fake.channelId, 'table', {}, { subcommand: 'cancel' }));
    await settle(fake);
    for (const id of hands.values()) {
      expect(fake.message(id)!.content).toBe(ENGLISH.t('hand.closed'));
      expect(fake.message(id)!.components).toEqual([]);
    }
    expect(bot.views.hands.size).toBe(0);
    const again = await startWithHands();
    expect(toAct(again.hands)).not.toBeNull();
    for (const id of hands.values()) expect(fake.message(id)!.content).toBe(ENGLISH.t('hand.closed'));
    expect(fake.violations).toEqual([]);
  });

  it('a dismissed hand is forgotten after one refused edit: no error, no retry', async () => {
    const { hands } = await startWithHands();
    const dealer = toAct(hands)!;
    const other = users.find((u) => u.id !== dealer.user.id)!;
    const token = fake.interactions.find((i) => i.originalMessageId === hands.get(other.id))!.token;
    fake.dismiss(other, hands.get(other.id)!);
    const before = fake.requests.length;
    // The dealer discards (three clicks): the first one's edit of the dismissed hand is refused, then it is left alone.
    let hand = dealer.hand;
    for (let i = 0; i < 2; i++) {
      await answered(fake.click(dealer.user, hand, enabledCards(hand).filter((b) => !isSelected(b))[0]!.custom_id));
      await settle(fake);
      hand = fake.message(hand.id)!;
    }
    await answered(fake.click(dealer.user, hand, discardButton(hand)!.custom_id));
    await settle(fake);
    for (let i = 0; i < 3; i++) {
      const next = toAct(hands);
      if (!next || next.user.id === other.id) break;
      await answered(fake.click(next.user, next.hand, enabledCards(next.hand)[0]!.custom_id));
      await settle(fake);
    }
    const toDismissed = fake.requests.slice(before).filter(withToken(token));
    expect(toDismissed.map((r) => r.status)).toEqual([404]);
    expect(fake.violations.map((v) => v.code)).toEqual([10008]);
    expect(bot.views.hands.size).toBe(2);
    expect(warnings).toEqual([]); // forgotten quietly
  });

  it('marks a hand as no longer live before its token runs out, then never uses that token; My hand opens a live one', async () => {
    const { board, hands } = await startWithHands();
    const dealer = toAct(hands)!;
    const other = users.find((u) => u.id !== dealer.user.id)!;
    const token = fake.interactions.find((i) => i.originalMessageId === hands.get(other.id))!.token;
    fake.clock.advance(LIVE_MS + 1_000);
    const marked = await fake.waitFor(() => {
      const m = fake.message(hands.get(other.id));
      return m?.content.startsWith(ENGLISH.t('hand.not_live')) ? m : null;
    });
    expect(enabledCards(marked).length + buttons(marked).length).toBeGreaterThan(0); // its buttons still work
    // Every hand opened with the game is marked (their edits went out while the tokens lived).
    await fake.waitFor(() => [...hands.values()].every((id) => fake.message(id)?.content.startsWith(ENGLISH.t('hand.not_live'))));
    const usedBefore = fake.requests.filter(withToken(token)).length;
    fake.clock.advance(2 * 60_000); // past Discord's 15 minutes
    let hand = dealer.hand;
    for (let i = 0; i < 2; i++) {
      await answered(fake.click(dealer.user, fake.message(hand.id)!, enabledCards(hand).filter((b) => !isSelected(b))[0]!.custom_id));
      await settle(fake);
      hand = fake.message(hand.id)!;
    }
    await answered(fake.click(dealer.user, hand, discardButton(hand)!.custom_id));
    await settle(fake);
    expect(fake.requests.filter(withToken(token)).length).toBe(usedBefore);
    expect(fake.violations.filter((v) => v.code === 50027)).toEqual([]);
    // My hand opens fresh, live hands (the dealer's is live again since their clicks): the next move edits them in place.
    const fresh = new Map(hands);
    for (const user of users) if (user.id !== dealer.user.id) fresh.set(user.id, (await openHand(fake, board, user)).id);
    expect(fresh.get(other.id)).not.toBe(hands.get(other.id));
    const next = toAct(fresh)!;
    const watcher = users.find((u) => u.id !== next.user.id)!;
    const shown = JSON.stringify(fake.message(fresh.get(watcher.id))!.components);
    await answered(fake.click(next.user, next.hand, enabledCards(next.hand)[0]!.custom_id));
    await settle(fake);
    expect(JSON.stringify(fake.message(fresh.get(watcher.id))!.components)).not.toBe(shown);
    expect(fake.violations).toEqual([]);
  });

  it.each(['dreierles', 'romme'])(
    '%s: a whole game played from the hands opened once, through every phase; nothing stale',
    async (game) => {
      const board = await openAndStart(fake, fake.channelId, users, game, { turn_timer: 0 });
      const hands = new Map<string, string>();
      for (const user of users) hands.set(user.id, (await openHand(fake, board, user)).id);
      const opened = fake.interactions.length;
      let moves = 0;
      for (;;) {
        const table = await bot.tables.get(fake.channelId);
        if (table?.status !== 'playing') break;
        const seat = gameById(table.game)!.toAct(table.state)[0]!;
        const user = users.find((u) => u.id === table.seats[seat]!.userId)!;
        await moveByControls(fake, bot, fake.channelId, board, user, hands.get(user.id));
        moves++;
        expect(moves).toBeLessThan(1000);
      }
      expect(moves).toBeGreaterThan(30);
      // Nobody pressed My hand again, no click met a stale hand, nothing was refused.
      expect(fake.interactions.slice(opened).filter((i) => i.payload.data.custom_id === 'st:hand' || i.payload.data.name === 'hand')).toEqual([]);
      expect(fake.payloads.filter((p) => JSON.stringify(p.body).includes(STALE_NOTE))).toEqual([]);
      expect(fake.violations).toEqual([]);
      expect(warnings).toEqual([]);
    },
    180_000,
  );
});
