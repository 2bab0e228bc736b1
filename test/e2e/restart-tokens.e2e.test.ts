/**
 * Tokens that survive a restart (src/store/screens.ts, docs/scale.md § Tokens that survive a restart): the real entry
 * point as a child process on the real Redis against the fake Discord. Three people open their hands once and play
 * into the first deal; the bot is killed with SIGKILL and started again; the next move then edits every other live
 * hand in place through the webhook of the token that last showed it (no click meets a stale hand, no hand is opened
 * anew) and the board through the token of its /table new — no channel request for the board. No token appears in
 * the bot's log. Play goes on from the same hands afterwards.
 */
import { createClient } from '@keyv/redis';
import { afterEach, describe, expect, it } from 'vitest';
import { STALE_NOTE } from '../../src/discord/hand/clicks.ts';
import { screensKey } from '../../src/store/keys.ts';
import { type BotProcess, spawnBot } from '../support/bot-process.ts';
import { cleanupPrefix, REDIS_URL, testPrefix } from '../support/bot.ts';
import { answered, buttons, enabledCards, openAndStart, openHand } from '../support/driver.ts';
import { type FakeDiscord, type FakeMessage, type FakeUser, type RecordedRequest, startFakeDiscord } from '../support/fake-discord.ts';

let fake: FakeDiscord | undefined;
let bot: BotProcess | undefined;
let prefix = '';

afterEach(async () => {
  await bot?.kill().catch(() => undefined);
  await fake?.close();
  if (prefix) await cleanupPrefix(prefix);
});

/** The table version a hand control's custom id was rendered for (`st:g:<tableId>.<version>.<seat>:…`), or null. */
const versionOf = (customId: string): number | null => (customId.startsWith('st:g:') ? Number(customId.split(':')[2]?.split('.')[1]) : null);
/** The newest table version a hand's controls carry (0: none). */
const shownVersion = (hand: FakeMessage | undefined): number => Math.max(0, ...buttons(hand).map((b) => versionOf(b.custom_id) ?? 0));
/** The discard phase's Discard button of a hand. */
const discardButton = (hand: FakeMessage | undefined) => buttons(hand).find((x) => x.custom_id.includes(':d.'));
/** Whether a discard toggle shows its card as selected. */
const isSelected = (x: { custom_id: string; label: string }) => (x.custom_id.split(':')[3]?.split('.')[2] ?? '').split(',').includes(x.label);

describe('tokens that survive a restart', () => {
  it('after a kill -9 mid-deal, the next move edits every live hand in place and the board through its interaction', async () => {
    fake = await startFakeDiscord({ idleMs: 50 });
    const f = fake;
    prefix = testPrefix('restart-tokens');
    const env = { RATE_LIMIT_ACTIONS: '0', LOG_LEVEL: 'debug' };
    bot = await spawnBot(f, { prefix, env });
    const users = ['alice', 'bob', 'carol'].map((n) => f.user(n));
    const board = await openAndStart(f, f.channelId, users, 'reunion', { turn_timer: 0 });
    const hands = new Map<string, string>();
    for (const user of users) hands.set(user.id, (await openHand(f, board, user)).id);
    const boardToken = f.interactions.find((i) => i.originalMessageId === board)!.token;

    /** The person whose live hand offers a card or the discard now, with that hand. */
    const toAct = (): { user: FakeUser; hand: FakeMessage } | null => {
      for (const user of users) {
        const hand = f.message(hands.get(user.id));
        if (hand && (enabledCards(hand).length || discardButton(hand))) return { user, hand };
      }
      return null;
    };
    /** Make one move from the live hand of whoever is to act; resolves to the table version it was made on. */
    const move = async (pick: number): Promise<number> => {
      await f.waitFor(() => toAct() !== null, 10_000);
      const { user } = toAct()!;
      let hand = toAct()!.hand;
      const version = shownVersion(hand);
      if (discardButton(hand)) {
        for (let i = 0; i < 2; i++) {
          const card = enabledCards(hand).filter((x) => !isSelected(x))[0]!;
          const it = await answered(f.click(user, hand, card.custom_id));
          expect(JSON.stringify(it.callback?.data ?? {})).not.toContain(STALE_NOTE);
          await f.waitFor(() => f.message(hand.id)?.components !== hand.components, 10_000);
          hand = f.message(hand.id)!;
        }
        const it = await answered(f.click(user, hand, discardButton(hand)!.custom_id));
        expect(JSON.stringify(it.callback?.data ?? {})).not.toContain(STALE_NOTE);
      } else {
        const cards = enabledCards(hand);
        const it = await answered(f.click(user, hand, cards[pick % cards.length]!.custom_id));
        expect(JSON.stringify(it.callback?.data ?? {})).not.toContain(STALE_NOTE);
      }
      return version;
    };
    /** Wait until every hand shows a version above `version`. */
    const allPast = (version: number) => f.waitFor(() => users.every((u) => shownVersion(f.message(hands.get(u.id))) > version), 10_000);

    for (let turn = 0; turn < 5; turn++) await allPast(await move(turn));

    // The hands and the board are stored with the table, with their tokens and an expiry.
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    const stored = await redis.hGetAll(`${prefix}::${screensKey(f.channelId)}`);
    const ttl = await redis.pTTL(`${prefix}::${screensKey(f.channelId)}`);
    await redis.quit();
    expect(Object.keys(stored).sort()).toEqual(['board', ...users.map((u) => `hand:${u.id}`)].sort());
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);

    const exit = await bot.kill();
    expect(exit.signal).toBe('SIGKILL');
    const before = bot.output();
    bot = await spawnBot(f, { prefix, env });
    const since = f.requests.length;
    const interactionsBefore = f.interactions.length;

    // The next move, made from the hand shown before the restart.
    const version = await move(1);
    await allPast(version);
    await f.waitFor(() => f.requests.slice(since).some((r) => r.method === 'PATCH' && r.path.includes(`/${boardToken}/`)), 10_000);
    await f.waitIdle();

    const after = f.requests.slice(since);
    /** Tokens of the interactions that showed message `id` (its reply, clicks on it). */
    const tokensOf = (id: string) => f.interactions.filter((i) => i.originalMessageId === id).map((i) => i.token);
    const onToken = (tokens: string[]) => (r: RecordedRequest) => tokens.some((t) => r.path.includes(`/${t}/`));
    const mover = f.interactions.slice(interactionsBefore).map((i) => i.user.id);
    for (const user of users) {
      const id = hands.get(user.id)!;
      if (mover.includes(user.id)) continue; // the mover's own hand is the click's reply
      const edits = after.filter((r) => r.method === 'PATCH' && onToken(tokensOf(id))(r));
      expect(edits.length, `the hand of ${user.id} edited in place after the restart`).toBeGreaterThan(0);
      expect(edits.every((r) => /^\/webhooks\/\d+\/[^/]+\/messages\/@original$/.test(r.path))).toBe(true);
    }
    // The board: through its /table new token, never on the channel's route.
    expect(after.filter((r) => r.method === 'PATCH' && r.path.startsWith(`/webhooks/`) && r.path.includes(`/${boardToken}/`)).length).toBeGreaterThan(
      0,
    );
    expect(after.filter((r) => r.path.startsWith(`/channels/${f.channelId}/messages`))).toEqual([]);
    // Nobody opened a hand anew, and nothing was answered as stale.
    expect(f.interactions.slice(interactionsBefore).every((i) => i.payload.data?.custom_id !== 'st:hand')).toBe(true);

    // Play goes on from the same hands.
    for (let turn = 0; turn < 3; turn++) await allPast(await move(turn));
    expect(f.payloads.filter((p) => JSON.stringify(p.body).includes(STALE_NOTE))).toEqual([]);
    expect(f.violations).toEqual([]);

    // No token in either life's log.
    const log = before + bot.output();
    expect(log.length).toBeGreaterThan(0);
    for (const it of f.interactions) expect(log).not.toContain(it.token);
  });
});
