/**
 * End to end: leaving a running game (docs/playing.md § Leaving a running game), through the real bot (src/bot.ts),
 * the unmodified discord.js client, a fake Discord over HTTP + WebSocket and the real Redis, with the turn timer off.
 *
 * It proves that `/table leave` during play hands the seat to the computer at once (the board notes it, the leaver is
 * answered privately, nobody else has to do anything) and the game finishes; that the result message says the
 * computer played the leaver's seat instead of crediting them, and the record counts it as last place for them; that
 * a leaver can neither move, come back nor leave again; and that a member who `/table join`s later takes the seat.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { type ReunionState, toAct } from '../../src/games/reunion/index.ts';
import type { TableRecord } from '../../src/tables/types.ts';
import { cleanupPrefix, settle, startTestBot, testPrefix } from '../support/bot.ts';
import { type FakeDiscord, type FakeUser, startFakeDiscord } from '../support/fake-discord.ts';
import { answered, buttons, openAndStart, openHand, tableMessage, takeTurn, toldLines } from '../support/driver.ts';
import { answerText, expectRefused, forged } from '../support/refusals.ts';

let fake: FakeDiscord;
let bot: RunningBot | undefined;
let prefix: string;
let alice: FakeUser, bob: FakeUser, carol: FakeUser, dave: FakeUser;
let messageId: string;

beforeEach(async () => {
  fake = await startFakeDiscord({ idleMs: 30 });
  prefix = testPrefix('leave-e2e');
  [alice, bob, carol, dave] = ['alice', 'bob', 'carol', 'dave'].map((n) => fake.user(n)) as [FakeUser, FakeUser, FakeUser, FakeUser];
});

afterEach(async () => {
  await bot?.stop();
  bot = undefined;
  await fake?.close();
  await cleanupPrefix(prefix);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stored = async (): Promise<TableRecord | undefined> => bot!.tables.get(fake.channelId);
const slashTable = (user: FakeUser, subcommand: string) => fake.slash(user, fake.channelId, 'table', {}, { subcommand });

/**
 * Wait until a person who is still playing (not a seat the computer plays) is to act and the board names them;
 * returns them, or null once the game is over. The computer's moves for a seat happen meanwhile (the timer loop).
 */
async function personToAct(users: FakeUser[]): Promise<FakeUser | null> {
  const until = performance.now() + 60_000;
  while (performance.now() < until) {
    await settle(fake);
    const now = await stored();
    if (!now) {
      await fake.waitFor(() => /^🏁 /.test(tableMessage(fake, messageId).content));
      return null;
    }
    const info = now.seats[toAct(now.state as ReunionState)[0]!]!;
    if (!info.bot && !info.away) {
      const user = users.find((u) => u.id === info.userId)!;
      await fake.waitFor(() => tableMessage(fake, messageId).content.includes(`<@${user.id}>`));
      return user;
    }
    await sleep(10);
  }
  throw new Error('nobody came to act within 60 s');
}

/** The people in `users` click until it is `user`'s turn (their first card), `turns` times at most. */
async function playUntil(user: FakeUser, users: FakeUser[]): Promise<void> {
  for (let turn = 0; ; turn++) {
    const next = await personToAct(users);
    if (next?.id === user.id) return;
    if (!next || turn > 40) throw new Error(`${user.username} never came to act`);
    await takeTurn(fake, messageId, users, turn);
  }
}

describe('leaving a running game', () => {
  it(
    'hands the seat to the computer at once with the turn timer off; the game finishes and the leaver is not credited',
    { timeout: 180_000 },
    async () => {
      bot = await startTestBot(fake, prefix, 'leave-seed');
      messageId = await openAndStart(fake, fake.channelId, [alice, bob, carol], 'reunion', { turn_timer: 0 });
      const players = [alice, bob, carol];
      // Carol plays one card of her own, then leaves on her next turn: the table would wait for her for good.
      await playUntil(carol, players);
      await takeTurn(fake, messageId, players);
      await playUntil(carol, players);
      const before = (await stored())!;
      expect(before.turnTimer).toBe(0);
      expect(before.deadline).toBeNull();
      const carolSeat = before.seats.findIndex((s) => s.userId === carol.id);
      const posted = fake.channelMessages(fake.channelId).length;
      // The lobby's Leave button (an old view of it, forged here) never leaves a running game: the command does.
      await expectRefused(
        fake,
        bot,
        () => fake.click(carol, forged(tableMessage(fake, messageId), carol, 'st:leave'), 'st:leave'),
        /^The game has started: to leave it, use `\/table leave`/,
      );

      const left = await answered(slashTable(carol, 'leave'));
      await settle(fake);
      expect(left.callback?.ephemeral).toBe(true);
      expect(answerText(left)).toMatch(/^You left the game: the computer plays your seat from now on\./);
      // The computer played her turn at once; the board's recent events say what happened; no new public post.
      const after = (await stored())!;
      expect(after.seats[carolSeat]).toMatchObject({ userId: carol.id, left: true, away: true });
      expect(after.moves.length).toBeGreaterThan(before.moves.length);
      expect(after.moves[before.moves.length]).toMatchObject({ seat: carolSeat, by: 'computer' });
      expect(toldLines(fake, fake.channelId)).toContain(
        '🚪 carol left the game: the computer plays the seat from now on. Anyone not playing may `/table takeover` it.',
      );
      expect(fake.channelMessages(fake.channelId)).toHaveLength(posted);
      expect(JSON.stringify(tableMessage(fake, messageId).embeds)).toContain('carol (left)');

      // The leaver cannot move, come back or leave again; nothing changes.
      // (A card button of her hand, pressed as if enabled: the table layer refuses it whatever the turn.)
      const hand = await openHand(fake, messageId, carol);
      const card = buttons(hand).find((b) => b.custom_id.startsWith('st:g:'))!;
      await expectRefused(fake, bot, () => fake.click(carol, forged(hand, carol, card.custom_id), card.custom_id), /^You left this game/);
      await expectRefused(fake, bot, () => slashTable(carol, 'leave'), /^You have already left this game\.$/);
      expect(buttons(tableMessage(fake, messageId)).map((b) => b.custom_id)).toContain('st:back');
      await expectRefused(fake, bot, () => fake.click(carol, tableMessage(fake, messageId), 'st:back'), /^You left this game/);

      // Alice and Bob play on; the computer plays Carol's seat to the end.
      let turns = 0;
      for (let user = await personToAct(players); user; user = await personToAct(players)) {
        expect([alice.id, bob.id]).toContain(user.id);
        await takeTurn(fake, messageId, players, turns++);
      }
      const [game] = await bot.records.list(fake.guildId);
      expect(game).toBeDefined();
      const carolMoves = game!.moves.filter((m) => m.seat === carolSeat);
      expect(carolMoves.filter((m) => m.by !== 'computer')).toHaveLength(1);
      const record = await bot.records.ledger.record(fake.guildId, game!.id);
      const outcome = record!.outcomes[carolSeat]!;
      expect(outcome).toMatchObject({ playerId: carol.id, win: false, rank: 4, byComputer: { own: 1, moves: carolMoves.length } });
      expect(outcome.measure).toBe(Math.min(...record!.outcomes.map((o) => o.byComputer?.measure ?? o.measure)));
      // The result says the computer played her seat and how it counts; it never names "carol" as a winner alone.
      const end = fake.channelMessages(fake.channelId).at(-1)!;
      expect(end.content).toMatch(/^🏁 Game over: /);
      expect(end.content).toContain(`🤖 The computer played most of carol's seat (carol made 1 of its ${carolMoves.length} moves)`);
      expect(end.content).not.toMatch(/\*\*carol\*\* wins/);
      expect(JSON.stringify(end.embeds)).toContain('🤖 for carol');
    },
  );

  it('a member who joins later takes the seat of the player who left and plays it', { timeout: 180_000 }, async () => {
    bot = await startTestBot(fake, prefix, 'leave-seed-2');
    messageId = await openAndStart(fake, fake.channelId, [alice, bob, carol], 'reunion', { turn_timer: 0 });
    await playUntil(bob, [alice, bob, carol]);
    await answered(slashTable(bob, 'leave'));
    await settle(fake);
    const table = (await stored())!;
    const bobSeat = table.seats.findIndex((s) => s.userId === bob.id);
    const taken = await answered(slashTable(dave, 'join'));
    await settle(fake);
    expect(answerText(taken)).toBe('The seat is yours: press **My hand** on the table to see your cards.');
    const now = (await stored())!;
    expect(now.seats[bobSeat]).toEqual({ userId: dave.id, name: 'dave', startedBy: { userId: bob.id, name: 'bob', at: now.moves.length } });
    expect(toldLines(fake, fake.channelId)).toContain(`<@${dave.id}> has taken over seat ${bobSeat + 1} from <@${bob.id}>, who left.`);
    // Dave plays the seat from now on: the next time it is to act, the board names him.
    const players = [alice, carol, dave];
    let turns = 0;
    for (let user = await personToAct(players); user && turns < 6; user = await personToAct(players))
      await takeTurn(fake, messageId, players, turns++);
    const later = (await stored())!;
    expect(later.moves.slice(now.moves.length).some((m) => m.seat === bobSeat && m.by === undefined)).toBe(true);
  });
});
