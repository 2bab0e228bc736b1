/**
 * End to end: the real bot (src/bot.ts) with the unmodified discord.js client, a fake Discord over HTTP + WebSocket
 * and the real Redis. Five users play a whole seeded five-player Réunion game with Kleine Ekart by clicking only what
 * the bot showed them (docs/rules/reunion.md § Variants): in each deal two of them sit out; in the second deal forehand
 * announces Staubaus, first names a card that lies in the dealer's discard (told so, privately) and then a card
 * someone holds, gives a card back and plays on until the Staubaus is won or lost. Hidden cards (hands, the dealer's
 * discard, the card given back) never appear in a public message, nor in an ephemeral message to a player who may not
 * see them; a player cannot press another's Staubaus controls.
 */
import { describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { FRENCH_32 } from '../../src/cards/french.ts';
import {
  type DealScore,
  replay,
  result as finalResult,
  type ReunionResult,
  type ReunionState,
  rightBower,
  leftBower,
} from '../../src/games/reunion/index.ts';
import type { TableRecord } from '../../src/tables/types.ts';
import { settle } from '../support/bot.ts';
import { useTableBot } from '../support/table-bot.ts';
import { type FakeDiscord, type FakeUser } from '../support/fake-discord.ts';
import { answered, buttons, enabledCards, openHand, tableMessage, userToAct, toldLines, withoutSeenRecent } from '../support/driver.ts';
import { answerText, forged } from '../support/refusals.ts';

let fake: FakeDiscord;
let bot: RunningBot;
let users: FakeUser[];
const SEED = 'e2e-variants';
const OPTIONS = { piererTiers: false, kleineEkart: true, grosseEkart: false };
useTableBot('reunion-variants-e2e', (table) => ({ fake, bot, users } = table), { seed: SEED, users: ['alice', 'bob', 'carol', 'dave', 'erin'] });

/** The one place this test opens a table: `/table new` for Réunion with Kleine Ekart, by `host`. Returns the table message id. */
async function openTable(host: FakeUser): Promise<string> {
  const created = await answered(
    fake.slash(host, fake.channelId, 'table', { kleine_ekart: true }, { subcommandGroup: 'new', subcommand: 'reunion' }),
  );
  await settle(fake);
  return created.originalMessageId!;
}

const stateOf = (table: TableRecord | undefined): ReunionState | null => (table?.state as ReunionState | undefined) ?? null;

/**
 * The cards `seat` may not see now (null: the public), by rule: every other hand and the dealer's discard (the dealer
 * knows it), except the turn-up and the card named in a Staubaus (both public), the card given back for the announcer
 * (who chose it), and `known` (told by a refusal: the named card lies in the discard).
 */
function hiddenFrom(table: TableRecord | undefined, seat: number | null, known: ReadonlySet<string> = new Set()): Set<string> {
  const s = stateOf(table);
  if (!s) return new Set();
  const open = new Set<string>([s.turnUp, ...(s.staubaus?.named ? [s.staubaus.named] : []), ...known]);
  if (seat !== null && seat === s.staubaus?.announcer && s.staubaus.givenBack) open.add(s.staubaus.givenBack);
  const cards = [...s.hands.flatMap((h, i) => (i === seat ? [] : h)), ...(seat === s.dealer ? [] : s.discard)];
  return new Set(cards.filter((c) => !open.has(c)));
}

/** A body as text without the card names that are public by rule: the bowers named with the trumps, the draw for first dealer. */
const scanned = (body: unknown) =>
  JSON.stringify(body)
    .replace(/(right|left) bower [^\s,]+/g, '')
    .replace(/Drawing for first dealer[^*]*/g, '')
    // A finished Staubaus deal's field names the card named in it (public then), though it may lie in a hand of a later deal.
    .replace(/\(\S+ named\)/g, '')
    // The naming menu lists every card not in the announcer's hand: the complement of their own hand, it says where no card is.
    .replace(/"options":\[[^\]]*\]/g, '');

const labelsIn = (text: string) => FRENCH_32.filter((c) => text.includes(c));

describe('Réunion variants end to end', () => {
  it('five users play Kleine Ekart with a Staubaus by clicks; two sit out each deal; hidden cards stay hidden', async () => {
    const [host, ...others] = users as [FakeUser, ...FakeUser[]];
    const messageId = await openTable(host);
    for (const user of others) await answered(fake.click(user, tableMessage(fake, messageId), 'st:join'));
    await settle(fake);
    await answered(fake.click(host, tableMessage(fake, messageId), 'st:start'));
    await settle(fake);
    const seated = (await bot.tables.get(fake.channelId))!.seats.map((s) => s.userId);
    const seatOf = (userId: string | null) => seated.indexOf(userId ?? '');
    const known: Set<string>[] = users.map(() => new Set());

    let publicChecked = 0;
    const seenRecent = new Set<string>();
    let privateChecked = 0;
    /** Check what was sent since the last check against the cards hidden before and after the step (and not played in it). */
    const check = async (before: { pub: Set<string>; seats: Set<string>[] }, played: string | null) => {
      const table = await bot.tables.get(fake.channelId);
      const secret = (was: Set<string>, now: Set<string>) => (c: string) => was.has(c) && now.has(c) && c !== played;
      const pub = secret(before.pub, hiddenFrom(table, null));
      for (const p of fake.publicPayloads().slice(publicChecked)) {
        const text = scanned(withoutSeenRecent(p.body, seenRecent));
        expect(labelsIn(text).filter(pub), text).toEqual([]);
        for (const id of text.match(/"custom_id":"[^"]*"/g) ?? []) expect(labelsIn(id)).toEqual([]);
      }
      publicChecked = fake.publicPayloads().length;
      const ephemeral = fake.payloads.filter((p) => p.ephemeral);
      for (const p of ephemeral.slice(privateChecked)) {
        const seat = seatOf(p.shownTo);
        expect(seat, 'an ephemeral message to someone seated').toBeGreaterThanOrEqual(0);
        const mine = secret(before.seats[seat]!, hiddenFrom(table, seat, known[seat]));
        expect(labelsIn(scanned(p.body)).filter(mine), `to seat ${seat}`).toEqual([]);
      }
      privateChecked = ephemeral.length;
    };
    const snapshot = async () => {
      const table = await bot.tables.get(fake.channelId);
      return { pub: hiddenFrom(table, null), seats: seated.map((_, s) => hiddenFrom(table, s, known[s])) };
    };

    let turns = 0;
    let announcer: FakeUser | null = null;
    let given: string | null = null;
    let refusedNames = 0;
    const dealsSeen = new Set<number>();
    for (;;) {
      const user = userToAct(fake, messageId, users);
      if (!user) break;
      const before = await snapshot();
      const state = stateOf(await bot.tables.get(fake.channelId))!;
      dealsSeen.add(state.dealNo);
      // The two seats sitting out this deal see it in their hand, and hold no card.
      if (state.phase === 'discard')
        for (const out of users.filter((u) => !state.hands[seatOf(u.id)]!.length)) {
          const hand = await openHand(fake, messageId, out);
          expect(hand.content).toMatch(/You sit out this deal/);
          expect(buttons(hand).filter((b) => b.custom_id.startsWith('st:g:'))).toEqual([]);
        }
      let played: string | null = null;
      let hand = await openHand(fake, messageId, user);
      const ids = buttons(hand).map((b) => b.custom_id);
      const control = (suffix: string) => ids.find((id) => id.endsWith(suffix));
      if (control(':ps')) {
        expect(state.phase).toBe('announce');
        const call = state.dealNo === 1 && !announcer ? control(':sb')! : control(':ps')!;
        if (call.endsWith(':sb')) {
          announcer = user;
          // Nobody else can press it (a forged click on the announcer's hand is refused, nothing changes).
          const intruder = users.find((u) => u !== user)!;
          const forgedClick = await fake.click(intruder, forged(hand, intruder, call), call);
          await settle(fake);
          expect(answerText(forgedClick)).toMatch(/not yours/);
          expect(forgedClick.callback?.ephemeral).toBe(true);
        }
        await answered(fake.click(user, hand, call));
      } else if (control(':nm')) {
        const menu = control(':nm')!;
        const seat = seatOf(user.id);
        // First a card that lies in the dealer's discard (when the announcer is not the dealer): refused, told privately.
        if (seat !== state.dealer) {
          const discarded = state.discard[0]!;
          const refused = await fake.select(user, hand, menu, [discarded]);
          await settle(fake);
          expect(refused.callback?.ephemeral).toBe(true);
          expect(answerText(refused)).toBe(`Nobody holds ${discarded} (it was discarded): name another card.`);
          known[seat]!.add(discarded);
          refusedNames++;
          hand = fake.message(hand.id)!;
        }
        const mine = state.hands[seat]!;
        const wanted = [rightBower(state.trump), leftBower(state.trump), `A${state.trump}`].find((c) => !mine.includes(c as never))!;
        await answered(fake.select(user, hand, menu, [wanted]));
      } else if (ids.some((id) => id.includes(':g.'))) {
        const give = buttons(hand).filter((b) => b.custom_id.includes(':g.') && !b.disabled);
        expect(give).toHaveLength(11); // the ten cards and the one handed over
        const card = give.at(-1)!;
        given = card.custom_id.split(':g.')[1]!;
        await answered(fake.click(user, hand, card.custom_id));
        await settle(fake);
        // The player who handed the named card over now holds the card given back, and is told which it is.
        const holderSeat = stateOf(await bot.tables.get(fake.channelId))!.staubaus!.holder!;
        const holder = users.find((u) => u.id === seated[holderSeat])!;
        expect((await openHand(fake, messageId, holder)).content).toContain(`gave you ${given} back`);
      } else if (control(`:d.`)) {
        for (let i = 0; i < 2; i++) {
          const card = enabledCards(hand).filter((b) => !b.custom_id.split(':')[3]!.split('.')[2]!.split(',').includes(b.label))[i % 2]!;
          await answered(fake.click(user, hand, card.custom_id));
          await settle(fake);
          hand = fake.message(hand.id)!;
        }
        await answered(fake.click(user, hand, buttons(hand).find((b) => b.custom_id.includes(':d.'))!.custom_id));
      } else {
        const cards = enabledCards(hand);
        expect(cards.length).toBeGreaterThan(0);
        const card = cards[turns % cards.length]!;
        played = card.label;
        await answered(fake.click(user, hand, card.custom_id));
      }
      await settle(fake);
      await check(before, played);
      turns++;
    }
    expect([...dealsSeen].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(announcer).not.toBeNull();
    expect(given).not.toBeNull();
    expect(refusedNames).toBe(1);
    expect(fake.violations).toEqual([]);
    expect(fake.payloads.filter((p) => JSON.stringify(p.body ?? {}).includes('st:g:')).every((p) => p.ephemeral)).toBe(true);

    // The channel heard (on the board's recent events) the calls, the hand-over, the card going back (not which), the Staubaus's end and who sat out.
    const said = toldLines(fake, fake.channelId).join('\n');
    expect(said).toMatch(new RegExp(`\\*\\*${announcer!.username} announces Staubaus\\*\\*`));
    expect(said).toMatch(new RegExp(`${announcer!.username} names \\S+: \\w+ hands it over\\.`));
    expect(said).toMatch(new RegExp(`${announcer!.username} gives \\w+ a card back, face down, and leads\\.`));
    expect(said).toMatch(/\*\*Staubaus (won|lost)\*\*/);
    expect(said).toMatch(/\*\*Deal 2 scored\*\* \(Staubaus\)/);
    expect(said.match(/sit out this deal\./g)?.length).toBe(5);

    // The stored record replays to the same result; the Staubaus deal is the second; the final table shows who sat out.
    const [game] = await bot.records.list(fake.guildId);
    const result = game!.result as ReunionResult;
    const rebuilt = replay(OPTIONS, 5, game!.seed, game!.moves as never);
    expect(finalResult(rebuilt)).toEqual(result);
    expect(result.net.reduce((a, b) => a + b, 0)).toBe(0);
    expect(result.totals.reduce((a, b) => a + b, 0)).toBe(5 * 150);
    const deals: DealScore[] = rebuilt.deals;
    expect(deals[1]!.staubaus?.announcer).toBe(seatOf(announcer!.id));
    expect(deals.every((d) => d.active?.length === 3)).toBe(true);
    expect({ totals: result.totals, net: result.net, staubaus: deals[1]!.staubaus }).toMatchInlineSnapshot(`
      {
        "net": [
          4,
          -9,
          3,
          2,
          0,
        ],
        "staubaus": {
          "announcer": 1,
          "named": "J♣",
          "round": 1,
          "suit": "♣",
          "won": false,
        },
        "totals": [
          155,
          125,
          127,
          180,
          163,
        ],
      }
    `);
    expect(fake.message(messageId)!.content).toBe('🏁 This game is over: its result is posted below.');
    const final = fake.channelMessages(fake.channelId).at(-1)!;
    expect(final.content).toMatch(/^🏁 Game over: \*\*.+\*\* wins the game with the most card points \(180\)/);
    const embed = JSON.stringify(final.embeds);
    expect(embed.match(/sat out deals \d and \d/g)?.length).toBe(5);
    expect(embed).toMatch(/Staubaus (won|lost)\*\* by /);
    expect(await bot.tables.get(fake.channelId)).toBeUndefined();
  });
});
