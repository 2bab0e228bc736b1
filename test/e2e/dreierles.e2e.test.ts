/**
 * End to end: a whole Dreierles session through the real bot, the unmodified discord.js client, the fake
 * Discord and Redis: a Räuber deal, a Dreier with discard, announcements and knocks, a Solo — clicking only
 * buttons the bot showed. Hidden cards never go public; every message stays within Discord's limits.
 */
import { describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { CEGO_54, isTrump } from '../../src/cards/cego.ts';
import { type DreierlesResult, type DreierlesState, replay, result as finalResult } from '../../src/games/dreierles/index.ts';
import type { TableRecord } from '../../src/tables/types.ts';
import { settle } from '../support/bot.ts';
import { useTableBot } from '../support/table-bot.ts';
import { type FakeDiscord, type FakeMessage, messageProblems } from '../support/fake-discord.ts';
import {
  answered,
  type Choice,
  handChoices,
  openAndStart,
  openHand,
  tableMessage,
  useChoice,
  userToAct,
  withoutSeenRecent,
} from '../support/driver.ts';

let fake: FakeDiscord;
let bot: RunningBot;
useTableBot('dreierles-e2e', (table) => ({ fake, bot } = table), { seed: 'dreierles-e2e-seed', users: [] });

/**
 * Cards hidden right now: hands (less what the rules made public: the cards taken from the blind, an
 * announced Pfeife), the unused blind, the declarer's non-trump discard.
 */
function hiddenCards(table: TableRecord | undefined): Set<string> {
  const s = table?.state as DreierlesState | undefined;
  if (!s) return new Set();
  const known = new Set([...s.taken, ...(s.pfeifeRaus ? ['1'] : [])]);
  const hidden = [...s.hands.flat(), ...s.blind.slice(s.taken.length), ...s.discard.filter((c) => !isTrump(c))];
  return new Set(hidden.filter((c) => !known.has(c)));
}

/** Labels searched for in public text: suit cards and the Stiess (numbered trumps read like any number). */
const LABELS = CEGO_54.filter((c) => !/^\d+$/.test(c));
/** Public text without what the rules reveal at the end of a deal (the blind). */
const scanned = (body: unknown) => JSON.stringify(body).replace(/The blind was:[^"\\]*/g, '');

/** What a choice does: its button's payload, or the option's (a card the rows had no room for). */
const payloadOf = (c: Choice) => c.values?.[0] ?? c.custom_id.split(':').slice(3).join(':');

/** The deal number shown in the table message title. */
const dealNo = (fake: FakeDiscord, messageId: string) => Number(/deal (\d+) of/.exec(JSON.stringify(tableMessage(fake, messageId).embeds))?.[1] ?? 0);

/**
 * Choose a button the bot enabled: deal 1 everyone passes (Räuber; the first asked knocks); deal 2 the
 * first bidder takes Dreier (discard, Zehn Druck and Pfeife raus when offered, a defender knocks once);
 * later deals the first bidder plays Solo. Cards: the first enabled one.
 */
function choose(hand: FakeMessage, deal: number, knocked: { done: boolean }): Choice {
  const enabled = handChoices(hand).filter((b) => !b.disabled && b.custom_id.startsWith('st:g:'));
  const byLabel = (label: string | RegExp) => enabled.find((b) => (typeof label === 'string' ? b.label === label : label.test(b.label)));
  const want = deal === 1 ? 'Pass' : deal === 2 ? 'Dreier' : 'Solo';
  const pick =
    byLabel(want) ??
    byLabel('Pass') ??
    byLabel(/^Discard /) ??
    byLabel('Zehn Druck') ??
    byLabel('Pfeife raus') ??
    byLabel('Fertig') ??
    (!knocked.done ? byLabel('Knock') : undefined) ??
    byLabel('No knock') ??
    enabled.find((b) => !b.label.startsWith('✓') && payloadOf(b).startsWith('t.')) ??
    enabled.find((b) => payloadOf(b).startsWith('p.'));
  if (!pick) throw new Error(`nothing to click in: ${hand.content}`);
  if (pick.label === 'Knock') knocked.done = true;
  return pick;
}

describe('Dreierles end to end', () => {
  it('three users play a whole session with a Räuber deal by clicks only', async () => {
    const users = ['anna', 'bernd', 'catrin'].map((n) => fake.user(n));
    const messageId = await openAndStart(fake, fake.channelId, users, 'dreierles', { rounds: 1, tariff: 10 });
    let checked = 0;
    const seenRecent = new Set<string>();
    let hiddenBefore = hiddenCards(await bot.tables.get(fake.channelId));
    const knocked = { done: false };
    let lastDeal = 0;
    let clicks = 0;
    for (;;) {
      const user = userToAct(fake, messageId, users);
      if (!user) break;
      const deal = dealNo(fake, messageId);
      if (deal !== lastDeal) knocked.done = false;
      lastDeal = deal;
      let hand = await openHand(fake, messageId, user);
      let choice = choose(hand, deal, knocked);
      // Discard selections toggle on the same message until Discard is enabled.
      while (payloadOf(choice).startsWith('t.')) {
        await answered(useChoice(fake, user, hand, choice));
        await settle(fake);
        hand = fake.message(hand.id)!;
        choice = choose(hand, deal, knocked);
      }
      const played = choice.label;
      await answered(useChoice(fake, user, hand, choice));
      await settle(fake);
      clicks++;
      const hiddenAfter = hiddenCards(await bot.tables.get(fake.channelId));
      for (const p of fake.publicPayloads().slice(checked)) {
        const text = scanned(withoutSeenRecent(p.body, seenRecent));
        const leaked = LABELS.filter((c) => text.includes(c) && hiddenBefore.has(c) && hiddenAfter.has(c) && c !== played);
        expect(leaked).toEqual([]);
        for (const cid of text.match(/"custom_id":"[^"]*"/g) ?? []) expect(LABELS.filter((c) => cid.includes(c))).toEqual([]);
      }
      checked = fake.publicPayloads().length;
      hiddenBefore = hiddenAfter;
    }

    // Every message the bot sent stayed within Discord's limits, and every hand went out ephemeral.
    expect(fake.violations).toEqual([]);
    for (const p of fake.payloads) expect(messageProblems(p.body)).toEqual([]);
    expect(fake.payloads.filter((p) => JSON.stringify(p.body ?? {}).includes('st:g:')).every((p) => p.ephemeral)).toBe(true);

    const [game] = await bot.records.list(fake.guildId);
    const result = game!.result as DreierlesResult;
    expect(game!.moves).toHaveLength(clicks); // every confirming click was one stored move
    expect(result.deals.map((d) => d.contract)).toEqual([null, 'dreier', 'solo']);
    expect(result.deals[0]!.knocks).toBe(1);
    expect(result.totals.reduce((a, b) => a + b, 0)).toBe(0);
    const rebuilt = replay(game!.options as never, 3, game!.seed, game!.moves as never);
    expect(finalResult(rebuilt)).toEqual(result);
    const board = tableMessage(fake, messageId);
    expect(board.content).toBe('🏁 This game is over: its result is posted below.');
    const posted = fake.channelMessages(fake.channelId).filter((m) => m.author.id === fake.botUser.id);
    const final = posted.at(-1)!;
    expect(final.content).toMatch(/^🏁 Session over: .+ on top with \d+ game points\.$/);
    expect(final.embeds[0]?.description).toMatch(/^1\. \*\*/);
    // No narration posts: the board and the result are all the bot posted in the channel (a 3-deal session: from 59).
    expect(posted.map((m) => m.id)).toEqual([messageId, final.id]);
    // Everyone acted within seconds of their turn: no post mentioned anyone (pings wait for PING_QUIET_S of quiet).
    expect(fake.publicPayloads().filter((p) => (p.body?.allowed_mentions?.users ?? []).length > 0)).toEqual([]);
    result.totals.forEach((t) => expect(JSON.stringify(final.embeds)).toContain(`${t > 0 ? '+' : t < 0 ? '−' : ''}${Math.abs(t)} (`));
  });
});
