/**
 * End to end: computer players, turn timers, away players, takeover and coming back, through the real bot
 * (src/bot.ts), the unmodified discord.js client, a fake Discord over HTTP + WebSocket and the real Redis.
 *
 * It proves that
 * 1. one person and two computer players (seated with "Fill with bots") play a whole Réunion game, the person only
 *    clicking what their ephemeral hand offers; the finished record marks the two computer seats, and no public
 *    message ever names a hidden card (nor a card in a custom_id); after the end, My hand, `/hand` and a card of an
 *    old hand answer privately that the game is over, with a link to its result and its `/replay` id;
 * 2. with a turn timer and a fake clock, a half-time reminder mentions the player once (and leaves the hand they
 *    have open playable), the expired turn is made once and narrated "(auto)", and a restarted bot honours the
 *    next deadline stored with the table exactly once;
 * 3. three timed-out turns in a row make a player away (shown on the table with an "I'm back" button); a member
 *    who is not seated takes the seat over with `/table takeover`, sees its hand and plays it; an away player who
 *    presses "I'm back" gets the seat back with the full turn timer (their turn is not played at once), and nobody
 *    else can press it for them;
 * 4. bad computer-player and takeover commands are refused with an ephemeral reason and change nothing; a person who
 *    joins a lobby full of computer players takes the seat of the one seated last (the lobby and the answer say so).
 */
import { createClient } from '@keyv/redis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { FRENCH_32 } from '../../src/cards/french.ts';
import { STALE_NOTE } from '../../src/discord/hand/clicks.ts';
import { replay, type ReunionOptions, type ReunionResult, type ReunionState, toAct } from '../../src/games/reunion/index.ts';
import type { LoggedMove, TableRecord } from '../../src/tables/types.ts';
import { cleanupPrefix, REDIS_URL, settle, startTestBot, testPrefix, type TestBotOptions } from '../support/bot.ts';
import { type FakeDiscord, type FakeInteraction, type FakeMessage, type FakeUser, startFakeDiscord } from '../support/fake-discord.ts';
import {
  answered,
  buttons,
  enabledCards,
  openAndStart,
  openHand,
  tableMessage,
  takeTurn,
  userToAct,
  toldLines,
  withoutSeenRecent,
} from '../support/driver.ts';
import { answerText, expectRefused, forged } from '../support/refusals.ts';

let fake: FakeDiscord;
let bot: RunningBot | undefined;
let prefix: string;
let alice: FakeUser, bob: FakeUser, carol: FakeUser, dave: FakeUser, eve: FakeUser;
/** The public table message of the test's table. */
let messageId: string;

beforeEach(async () => {
  fake = await startFakeDiscord({ idleMs: 30 });
  prefix = testPrefix('bots-e2e');
  [alice, bob, carol, dave, eve] = ['alice', 'bob', 'carol', 'dave', 'eve'].map((n) => fake.user(n)) as [
    FakeUser,
    FakeUser,
    FakeUser,
    FakeUser,
    FakeUser,
  ];
});

afterEach(async () => {
  await bot?.stop();
  bot = undefined;
  await fake?.close();
  await cleanupPrefix(prefix);
});

// ---- helpers ------------------------------------------------------------------------------------------

/** (Re)start the bot on the test's prefix; a running one is stopped first (a restart). */
async function boot(opts: TestBotOptions = {}): Promise<RunningBot> {
  if (bot) {
    await settle(fake);
    await bot.stop();
  }
  bot = await startTestBot(fake, prefix, 'e2e-seed', opts);
  return bot;
}

/** A clock for the bot's deadlines that only moves when the test says so (the fake Discord keeps real time). */
function manualClock() {
  let t = Date.now();
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stored = async (): Promise<TableRecord> => {
  const table = await bot!.tables.get(fake.channelId);
  if (!table) throw new Error('no table in the channel');
  return table;
};
const seatToAct = (table: TableRecord): number => toAct(table.state as ReunionState)[0]!;
const seatOf = (table: TableRecord, user: FakeUser): number => table.seats.findIndex((s) => s.userId === user.id);
/** The board's Players field (its recent events may still name a seat as it was then, "(away)"). */
const playersField = (m: FakeMessage) => (m.embeds[0]?.fields ?? []).find((f: { name: string }) => f.name === 'Players');

/** Every line the channel was told: the bot's posts, and each line the board's recent events ever showed. */
const channelTexts = (): string[] => toldLines(fake, fake.channelId);
const everyone = (): FakeUser[] => [alice, bob, carol, dave, eve];

/** Let the timer loop handle what is due now (twice: a second call must find nothing more) and settle. */
async function tickTwice(): Promise<void> {
  await bot!.deadlines.tick();
  await bot!.deadlines.tick();
  await settle(fake);
}

/**
 * Wait until a person (not a computer seat, not an away player) is to act and the table message names them;
 * returns them, or null once the game is over and the table message says so. Computer moves happen meanwhile
 * (with a manual clock, only when the computer's pause is 0).
 */
async function personToAct(): Promise<FakeUser | null> {
  const until = performance.now() + 60_000;
  while (performance.now() < until) {
    await settle(fake);
    const now = await bot!.tables.get(fake.channelId);
    if (!now) {
      await fake.waitFor(() => /^🏁 /.test(tableMessage(fake, messageId).content));
      return null;
    }
    const info = now.seats[seatToAct(now)]!;
    if (!info.bot && !info.away) {
      const user = everyone().find((u) => u.id === info.userId)!;
      await fake.waitFor(() => tableMessage(fake, messageId).content.includes(`<@${user.id}>`));
      return user;
    }
    await sleep(10);
  }
  throw new Error('nobody came to act within 60 s');
}

/** Hidden cards of a Réunion state: every card in a hand or in the discard, except the turn-up (shown to all). */
function hiddenCards(state: ReunionState): string[] {
  return [...state.hands.flat(), ...state.discard].filter((c) => c !== state.turnUp);
}

/** A public body as text, without the card names public by rule (the trump's bowers, the draw for first dealer). */
const scanned = (body: unknown) =>
  JSON.stringify(body)
    .replace(/(right|left) bower [^\s,]+/g, '')
    .replace(/Drawing for first dealer[^*]*/g, '');
const labelsIn = (text: string) => FRENCH_32.filter((c) => text.includes(c));

/**
 * A leak check to call at quiet moments with the stored state and move log: what went public since the last
 * call may name no card that was hidden then, is hidden now and was not played in between (labels repeat across
 * deals), and no public custom_id may name a card at all.
 */
function leakChecker() {
  let checked = 0;
  const seenRecent = new Set<string>();
  let before: { hidden: Set<string>; moves: number } | null = null;
  return (state: ReunionState, moves: readonly LoggedMove[]) => {
    const hidden = new Set(hiddenCards(state));
    const played = new Set(
      moves.slice(before?.moves ?? 0).flatMap((m) => ((m.move as { type: string }).type === 'play' ? [(m.move as { card: string }).card] : [])),
    );
    const secret = (c: string) => (before ? before.hidden.has(c) : true) && hidden.has(c) && !played.has(c);
    const payloads = fake.publicPayloads();
    for (const p of payloads.slice(checked)) {
      const text = scanned(withoutSeenRecent(p.body, seenRecent));
      expect(labelsIn(text).filter(secret), text).toEqual([]);
      for (const id of text.match(/"custom_id":"[^"]*"/g) ?? []) expect(labelsIn(id)).toEqual([]);
    }
    checked = payloads.length;
    before = { hidden, moves: moves.length };
  };
}

/**
 * Expect an ephemeral refusal matching `reason` that changes nothing: the stored table (expectRefused), the
 * table message, and no public message posted.
 */
async function refused(by: () => Promise<FakeInteraction>, reason: RegExp): Promise<void> {
  const shown = (m: FakeMessage) => ({ content: m.content, embeds: m.embeds, components: m.components });
  const before = shown(tableMessage(fake, messageId));
  const posted = fake.channelMessages(fake.channelId).length;
  await expectRefused(fake, bot!, by, reason);
  expect(shown(tableMessage(fake, messageId))).toEqual(before);
  expect(fake.channelMessages(fake.channelId).length).toBe(posted);
}

/** `/table <sub>` (or `/table bot <sub>`) as `user`. */
const slashTable = (user: FakeUser, subcommand: string, options: Record<string, string | number> = {}) =>
  fake.slash(user, fake.channelId, 'table', options, { subcommand });
const slashBot = (user: FakeUser, subcommand: 'add' | 'remove', options: Record<string, string> = {}) =>
  fake.slash(user, fake.channelId, 'table', options, { subcommandGroup: 'bot', subcommand });

/** Timed-out turns in a row after which a player is away. */
const AWAY_AFTER = 3;

/**
 * Play on with a turn timer of `timerMs`: `sleeper` never moves, so each of their turns runs out (the clock is
 * advanced past it); the `players` click. Stops once the sleeper has timed out `AWAY_AFTER` turns in a row,
 * checking they are away then and not before.
 */
async function timeOutUntilAway(clock: ReturnType<typeof manualClock>, timerMs: number, sleeper: FakeUser, players: FakeUser[]): Promise<void> {
  let timeouts = 0;
  for (let turn = 0; timeouts < AWAY_AFTER; turn++) {
    const user = await personToAct();
    if (user?.id === sleeper.id) {
      const before = await stored();
      expect(before.deadline).toMatchObject({ kind: 'turn', seat: seatOf(before, sleeper) });
      clock.advance(timerMs);
      await tickTwice();
      timeouts++;
      const after = await stored();
      expect(after.moves.length).toBeGreaterThan(before.moves.length);
      expect(after.moves.slice(before.moves.length).every((m) => m.seat === seatOf(before, sleeper))).toBe(true);
      const seat = after.seats[seatOf(after, sleeper)]!;
      expect(seat.autoTurns).toBe(timeouts);
      expect(Boolean(seat.away)).toBe(timeouts === AWAY_AFTER);
    } else {
      expect(players).toContain(user);
      await takeTurn(fake, messageId, players, turn);
    }
  }
}

/** The others click until it is `seat`'s turn. */
async function playUntilSeat(seat: number, players: FakeUser[]): Promise<void> {
  for (let turn = 0; seatToAct(await stored()) !== seat; turn++) {
    if (turn > 40) throw new Error(`seat ${seat} never came to act`);
    await takeTurn(fake, messageId, players, turn);
  }
}

/** Forget the Redis index of deadlines (as if its writes were lost): only the stored tables know them then. */
async function dropDeadlineIndex(): Promise<void> {
  const client = createClient({ url: REDIS_URL });
  await client.connect();
  await client.del(`${prefix}::deadlines`);
  await client.quit();
}

// ---- tests --------------------------------------------------------------------------------------------

describe('computer players end to end', () => {
  it('one person and two computer players play a whole Réunion game; hidden cards never go public', { timeout: 180_000 }, async () => {
    await boot({ botDelayMs: 0 });
    const created = await answered(fake.slash(alice, fake.channelId, 'table', { turn_timer: 0 }, { subcommandGroup: 'new', subcommand: 'reunion' }));
    await settle(fake);
    messageId = created.originalMessageId!;
    await answered(fake.click(alice, tableMessage(fake, messageId), 'st:fill'));
    await settle(fake);
    const lobby = tableMessage(fake, messageId);
    expect(JSON.stringify(lobby.embeds)).toMatch(/🤖 Kurt \(computer, strong\).*🤖 Liesl \(computer, strong\)/);
    expect(buttons(lobby).find((b) => b.custom_id === 'st:fill')?.disabled).toBe(true);
    await answered(fake.click(alice, lobby, 'st:start'));

    const checkLeaks = leakChecker();
    let turns = 0;
    // Kept for after the end: the table message as it was during play (with My hand) and a hand of the first turn.
    expect(await personToAct()).toBe(alice);
    const playingTable = tableMessage(fake, messageId);
    const firstHand = await openHand(fake, messageId, alice);
    for (let user = await personToAct(); user; user = await personToAct()) {
      expect(user).toBe(alice);
      const now = await stored();
      checkLeaks(now.state as ReunionState, now.moves);
      expect(await takeTurn(fake, messageId, [alice], turns)).not.toBeNull();
      turns++;
    }

    const [game] = await bot!.records.list(fake.guildId);
    expect(game).toBeDefined();
    expect(game!.seats).toEqual([
      { userId: alice.id, name: 'alice' },
      { userId: 'bot:1', name: 'Kurt', bot: 'strong' },
      { userId: 'bot:2', name: 'Liesl', bot: 'strong' },
    ]);
    expect(game!.moves).toHaveLength(3 * 31); // three deals: one discard and 30 cards each
    expect(game!.moves.filter((m) => m.seat === 0)).toHaveLength(turns); // the person only moved by clicking
    const final = replay(game!.options as unknown as ReunionOptions, 3, game!.seed, game!.moves as never);
    checkLeaks(final, game!.moves); // the last deal's discard stays hidden in the end too
    const result = game!.result as ReunionResult;
    expect(result.totals.reduce((a, b) => a + b, 0)).toBe(450);
    expect(result.net.reduce((a, b) => a + b, 0)).toBe(0);

    // While a computer player was to act, the table said so (and mentioned nobody).
    const thinking = fake.publicPayloads().filter((p) => /^🤖 \*\*(Kurt|Liesl)\*\* is thinking…$/.test(String(p.body.content)));
    expect(thinking.length).toBeGreaterThan(0);
    // Only the person ever got ephemeral messages, every hand among them.
    expect(fake.payloads.filter((p) => p.ephemeral).every((p) => p.shownTo === alice.id)).toBe(true);
    expect(fake.payloads.filter((p) => JSON.stringify(p.body).includes('st:g:')).every((p) => p.ephemeral)).toBe(true);
    expect(tableMessage(fake, messageId).content).toBe('🏁 This game is over: its result is posted below.');
    const end = fake.channelMessages(fake.channelId).at(-1)!;
    expect(end.content).toMatch(/^🏁 Game over: /);
    expect(JSON.stringify(end.embeds)).toMatch(/alice.*🤖 Kurt.*🤖 Liesl/);
    // The result offers only the review of each deal (a select menu), no button.
    expect(end.components.flatMap((r) => (r as { components: { type: number; custom_id?: string }[] }).components)).toEqual([
      expect.objectContaining({ type: 3, custom_id: expect.stringMatching(/^st:rv:/) }),
    ]);

    // After the end, My hand (the old table message's button, or /hand) and a hand's card say privately that the
    // game is over, where its result is and how to see it again; a member who did not play is told the same.
    const gameOver =
      `This game of Réunion is over (finished <t:${Math.floor(game!.finishedAt / 1000)}:R>). ` +
      `Its result: https://discord.com/channels/${fake.guildId}/${fake.channelId}/${end.id} — see it again with \`/replay id:${game!.id}\`.`;
    const posted = fake.channelMessages(fake.channelId).length;
    for (const press of [
      () => fake.click(alice, playingTable, 'st:hand'),
      () => fake.slash(alice, fake.channelId, 'hand', {}),
      () => fake.click(bob, playingTable, 'st:hand'),
    ]) {
      const answer = await answered(press());
      await settle(fake);
      expect(answer.callback?.ephemeral).toBe(true);
      expect(answerText(answer)).toBe(gameOver);
    }
    // In the presser's language.
    fake.setLocale(carol, 'de');
    const german = await answered(fake.click(carol, playingTable, 'st:hand'));
    await settle(fake);
    expect(answerText(german)).toBe(
      `Diese Partie Réunion ist vorbei (beendet <t:${Math.floor(game!.finishedAt / 1000)}:R>). ` +
        `Das Ergebnis: https://discord.com/channels/${fake.guildId}/${fake.channelId}/${end.id} — noch einmal ansehen mit \`/wiederholung id:${game!.id}\`.`,
    );
    await answered(fake.click(alice, firstHand, enabledCards(firstHand)[0]!.custom_id));
    await settle(fake);
    const closedHand = fake.message(firstHand.id)!;
    expect(closedHand.content).toBe(gameOver);
    expect(buttons(closedHand)).toEqual([]);
    expect(fake.channelMessages(fake.channelId)).toHaveLength(posted); // nothing public
    // A new table in the channel: My hand on the old table message still points at the result, /hand speaks of the
    // new table; once that closes without a result, the channel has no table to speak of.
    await answered(fake.slash(bob, fake.channelId, 'table', { turn_timer: 0 }, { subcommandGroup: 'new', subcommand: 'dreierles' }));
    await settle(fake);
    expect(answerText(await answered(fake.click(alice, playingTable, 'st:hand')))).toBe(gameOver);
    await expectRefused(fake, bot!, () => fake.slash(bob, fake.channelId, 'hand', {}), /^The game has not started yet\.$/);
    await answered(fake.slash(bob, fake.channelId, 'table', {}, { subcommand: 'cancel' }));
    await settle(fake);
    await expectRefused(fake, bot!, () => fake.click(alice, playingTable, 'st:hand'), /^There is no table in this channel/);
    expect(fake.violations).toEqual([]);
  });

  it('a turn timer reminds once at half time, moves once at expiry "(auto)", and survives a restart', async () => {
    const clock = manualClock();
    await boot({ now: clock.now });
    messageId = await openAndStart(fake, fake.channelId, [alice, bob, carol], 'reunion', { turn_timer: 60 });
    const start = await stored();
    const first = seatToAct(start);
    const firstUser = [alice, bob, carol][first]!;
    expect(userToAct(fake, messageId, [alice, bob, carol])).toBe(firstUser);
    expect(start.deadline).toMatchObject({ kind: 'turn', seat: first, at: clock.now() + 60_000, remindAt: clock.now() + 30_000 });
    const reminders = () => channelTexts().filter((t) => t.includes('⏰'));
    const autos = () => channelTexts().filter((t) => t.includes('(auto)'));
    const hand = await openHand(fake, messageId, firstUser); // opened before the reminder

    clock.advance(29_999);
    await tickTwice();
    expect(reminders()).toEqual([]);
    clock.advance(1);
    await tickTwice();
    expect(reminders()).toEqual([`⏰ 30 s left for your move — press **My hand**.`]);
    expect(channelTexts()).toContain(`<@${firstUser.id}>, your turn.`);
    const ping = fake.publicPayloads().find((p) => String(p.body.content).includes('⏰'))!;
    expect(ping.body.allowed_mentions?.users).toEqual([firstUser.id]);
    expect((await stored()).moves).toHaveLength(0);
    // The reminder changed nothing at the table: the hand opened before it still works (a discard toggle here).
    await answered(fake.click(firstUser, hand, enabledCards(hand)[0]!.custom_id));
    await settle(fake);
    expect(fake.message(hand.id)!.content).not.toContain(STALE_NOTE);
    expect(fake.message(hand.id)!.content).toContain('Selected:');

    clock.advance(30_000);
    await tickTwice();
    const afterFirst = await stored();
    expect(afterFirst.moves.map((m) => m.seat)).toEqual([first]);
    expect(autos()).toEqual([`⏱ ${firstUser.username} ran out of time: the computer moved for them (auto).`]);
    const second = seatToAct(afterFirst);
    const secondUser = [alice, bob, carol][second]!;
    expect(second).not.toBe(first);
    expect(afterFirst.deadline).toMatchObject({ kind: 'turn', seat: second, at: clock.now() + 60_000, remindAt: clock.now() + 30_000 });
    expect(userToAct(fake, messageId, [alice, bob, carol])).toBe(secondUser);

    // A new process, whose deadline index lost the entry, finds the deadline in the stored table and makes that move once.
    await settle(fake);
    await bot!.stop();
    bot = undefined;
    await dropDeadlineIndex();
    await boot({ now: clock.now });
    clock.advance(60_000);
    await bot!.deadlines.tick();
    await settle(fake);
    expect((await stored()).moves.map((m) => m.seat)).toEqual([first, second]);
    await bot!.deadlines.tick();
    await settle(fake);
    expect((await stored()).moves).toHaveLength(2);
    expect(autos()).toEqual([
      `⏱ ${firstUser.username} ran out of time: the computer moved for them (auto).`,
      `⏱ ${secondUser.username} ran out of time: the computer moved for them (auto).`,
    ]);
    expect(fake.violations).toEqual([]);
  });

  it('an away player is taken over by a member; another comes back with "I\'m back"', { timeout: 180_000 }, async () => {
    const clock = manualClock();
    // A pause before computer moves that only passes when the test moves the clock: an away seat's turn waits.
    await boot({ now: clock.now, botDelayMs: 1500 });
    messageId = await openAndStart(fake, fake.channelId, [alice, bob, carol], 'reunion', { turn_timer: 30 });

    // Carol sleeps through three turns in a row: she is away; at her next turn the computer is about to play.
    await timeOutUntilAway(clock, 30_000, carol, [alice, bob]);
    const carolSeat = seatOf(await stored(), carol);
    expect(channelTexts().some((t) => t.startsWith('⏱ carol ran out of time again (auto) and is now **away**'))).toBe(true);
    await playUntilSeat(carolSeat, [alice, bob]);
    const pending = await stored();
    expect(pending.seats[carolSeat]).toMatchObject({ userId: carol.id, away: true });
    expect(pending.deadline).toEqual({ kind: 'bot', seat: carolSeat, at: clock.now() + 1500 });
    const awayTable = tableMessage(fake, messageId);
    expect(awayTable.content).toBe('**carol** is away: the computer plays for them.');
    expect(JSON.stringify(awayTable.embeds)).toContain('carol (away)');
    expect(buttons(awayTable).find((b) => b.custom_id === 'st:back')?.label).toBe("I'm back");

    // Nobody else can come back for her, and a seated player cannot take her seat.
    await refused(() => fake.click(bob, awayTable, 'st:back'), /^You are not away: your seat is yours\.$/);
    await refused(() => fake.click(dave, awayTable, 'st:back'), /^You are not playing at this table\.$/);
    await refused(() => slashTable(alice, 'takeover'), /^You already play at this table\.$/);

    // Dave, not seated, takes the seat over: the turn is his now (the computer does not play it), he sees the hand.
    const took = await answered(slashTable(dave, 'takeover'));
    await settle(fake);
    expect(took.callback?.ephemeral).toBe(true);
    expect(answerText(took)).toMatch(/^The seat is yours/);
    const taken = await stored();
    expect(taken.seats[carolSeat]).toEqual({ userId: dave.id, name: 'dave', startedBy: { userId: carol.id, name: 'carol', at: taken.moves.length } });
    expect(taken.deadline).toMatchObject({ kind: 'turn', seat: carolSeat, at: clock.now() + 30_000, remindAt: clock.now() + 15_000 });
    expect(channelTexts()).toContain(`<@${dave.id}> has taken over seat ${carolSeat + 1} from <@${carol.id}>, who was away.`);
    const tableNow = tableMessage(fake, messageId);
    expect(tableNow.content).toContain(`<@${dave.id}>`);
    expect(JSON.stringify(playersField(tableNow))).not.toContain('(away)');
    expect(buttons(tableNow).map((b) => b.custom_id)).not.toContain('st:back');
    clock.advance(1500);
    await tickTwice();
    expect((await stored()).moves).toHaveLength(taken.moves.length);
    const hand = await openHand(fake, messageId, dave);
    const labels = buttons(hand)
      .map((b) => b.label)
      .filter((l) => (FRENCH_32 as readonly string[]).includes(l));
    expect(labels.sort()).toEqual([...(taken.state as ReunionState).hands[carolSeat]!].sort());
    await takeTurn(fake, messageId, [dave]);
    expect((await stored()).moves.slice(taken.moves.length).map((m) => m.seat)).toEqual([carolSeat]);
    // Carol lost the seat: "I'm back" no longer works for her.
    await refused(() => fake.click(carol, awayTable, 'st:back'), /^You are not playing at this table\.$/);

    // Bob sleeps through three turns and his next turn is about to be played for him; he presses "I'm back".
    await timeOutUntilAway(clock, 30_000, bob, [alice, dave]);
    const bobSeat = seatOf(await stored(), bob);
    await playUntilSeat(bobSeat, [alice, dave]);
    const bobAway = tableMessage(fake, messageId);
    expect(bobAway.content).toBe('**bob** is away: the computer plays for them.');
    await refused(() => fake.click(alice, bobAway, 'st:back'), /^You are not away/);
    await refused(() => fake.click(eve, bobAway, 'st:back'), /^You are not playing at this table\.$/);
    const back = await answered(fake.click(bob, bobAway, 'st:back'));
    await settle(fake);
    expect(back.callback?.ephemeral).toBe(true);
    expect(answerText(back)).toMatch(/^Welcome back/);
    const returned = await stored();
    expect(returned.seats[bobSeat]).toEqual({ userId: bob.id, name: 'bob' });
    // His turn waits for him with the full timer: not played when the computer's pause is over …
    expect(returned.deadline).toMatchObject({ kind: 'turn', seat: bobSeat, at: clock.now() + 30_000, remindAt: clock.now() + 15_000 });
    const bobBack = tableMessage(fake, messageId);
    expect(bobBack.content).toContain(`<@${bob.id}>`);
    expect(JSON.stringify(playersField(bobBack))).not.toContain('(away)');
    expect(buttons(bobBack).map((b) => b.custom_id)).not.toContain('st:back');
    clock.advance(1500);
    await tickTwice();
    expect((await stored()).moves).toHaveLength(returned.moves.length);
    // … and when it runs out it is an ordinary timeout: one strike, not away.
    const timedOut = () => channelTexts().filter((t) => t === '⏱ bob ran out of time: the computer moved for them (auto).').length;
    const strikes = timedOut();
    clock.advance(28_500);
    await tickTwice();
    const after = await stored();
    expect(after.moves.length).toBeGreaterThan(returned.moves.length);
    expect(after.seats[bobSeat]).toEqual({ userId: bob.id, name: 'bob', autoTurns: 1 });
    expect(timedOut()).toBe(strikes + 1);
    expect(fake.violations).toEqual([]);
  });

  it('refuses bad computer-player and takeover commands with a reason, changing nothing', async () => {
    await boot();
    const created = await answered(fake.slash(alice, fake.channelId, 'table', { turn_timer: 0 }, { subcommandGroup: 'new', subcommand: 'reunion' }));
    await settle(fake);
    messageId = created.originalMessageId!;
    await answered(slashTable(bob, 'join'));
    await settle(fake);

    // Only the host seats or removes computer players.
    await refused(() => slashBot(bob, 'add'), /^Only the host can add computer players\.$/);
    await refused(() => slashBot(bob, 'remove'), /^Only the host can remove computer players\.$/);
    await refused(() => fake.click(bob, tableMessage(fake, messageId), 'st:fill'), /^Only the host can fill the table with computer players\.$/);
    await refused(() => slashBot(alice, 'remove'), /^There is no computer player at this table to remove\.$/);
    await refused(() => slashBot(alice, 'add', { level: 'godlike' }), /There is no "godlike" level/);
    await refused(() => slashTable(dave, 'takeover'), /has not started yet/);

    // The host may; Réunion seats up to five, and the table is then full and takes no more.
    await answered(slashBot(alice, 'add', { level: 'easy' }));
    await settle(fake);
    expect((await stored()).seats[2]).toEqual({ userId: 'bot:1', name: 'Kurt', bot: 'easy' });
    expect(JSON.stringify(tableMessage(fake, messageId).embeds)).toContain('🤖 Kurt (computer, easy)');
    for (let i = 0; i < 2; i++) {
      await answered(slashBot(alice, 'add', { level: 'easy' }));
      await settle(fake);
    }
    await refused(() => slashBot(alice, 'add'), /^The table is full: there is no seat for a computer player\.$/);
    const lobby = tableMessage(fake, messageId);
    expect(buttons(lobby).find((b) => b.custom_id === 'st:fill')?.disabled).toBe(true);
    await refused(() => fake.click(alice, forged(lobby, alice, 'st:fill'), 'st:fill'), /The table is full\./);
    // A person still gets in: Join stays open and takes the seat of the computer player seated last, in its place.
    expect(buttons(lobby).find((b) => b.custom_id === 'st:join')?.disabled).toBe(false);
    await answered(fake.click(carol, lobby, 'st:join'));
    await settle(fake);
    expect((await stored()).seats.map((s) => s.userId)).toEqual([alice.id, bob.id, 'bot:1', 'bot:2', carol.id]);
    expect(JSON.stringify(tableMessage(fake, messageId).embeds)).toContain(`<@${carol.id}> takes the seat of 🤖 Fritz.`);
    // By command the answer says so privately, and the lobby message too.
    const took = await answered(slashTable(dave, 'join'));
    await settle(fake);
    expect(took.callback?.ephemeral).toBe(true);
    expect(answerText(took)).toBe('You have taken the seat of 🤖 Liesl.');
    expect((await stored()).seats.map((s) => s.userId)).toEqual([alice.id, bob.id, 'bot:1', dave.id, carol.id]);
    const withDave = JSON.stringify(tableMessage(fake, messageId).embeds);
    expect(withDave).toContain(`<@${dave.id}> takes the seat of 🤖 Liesl.`);
    expect(withDave).not.toContain('takes the seat of 🤖 Fritz');
    await answered(slashTable(dave, 'leave'));
    await settle(fake);
    await answered(slashBot(alice, 'remove'));
    await settle(fake);
    expect((await stored()).seats.map((s) => s.userId)).toEqual([alice.id, bob.id, carol.id]);
    expect(JSON.stringify(tableMessage(fake, messageId).embeds)).not.toContain('takes the seat');
    await refused(() => fake.click(alice, forged(tableMessage(fake, messageId), alice, 'st:fill'), 'st:fill'), /already has 3 players/);

    // After the start: no computer-player changes; nobody is away to take over, and seated players cannot.
    await answered(fake.click(alice, tableMessage(fake, messageId), 'st:start'));
    await settle(fake);
    await refused(() => slashBot(alice, 'add'), /computer players can only be changed in the lobby/);
    await refused(() => slashBot(alice, 'remove'), /computer players can only be changed in the lobby/);
    await refused(() => slashTable(dave, 'takeover'), /^Nobody at this table is away; there is no seat to take over\.$/);
    await refused(() => slashTable(bob, 'takeover'), /^You already play at this table\.$/);
    expect(fake.violations).toEqual([]);
  });
});
