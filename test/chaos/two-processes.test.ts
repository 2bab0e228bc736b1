/**
 * Chaos: two bot processes on one Redis receiving the same interactions.
 *
 * Two real bots (src/bot.ts via `startTestBot`), each with its own discord.js client and gateway session, share one
 * Redis key prefix; the fake Discord delivers every interaction to both sessions (`delivery: 'all'`, as if Discord
 * retried it or two processes shared a token). On top of that every click in play is a double click: two
 * interactions from the same button at once. It proves that
 * 1. over Réunion games driven by clicks until more than 1,000 clicks were delivered to both processes, every move
 *    was applied exactly once: the stored move log grows by exactly the clicked move after each move click, and the
 *    finished records hold exactly the moves clicked, in order, and replay to their results; every interaction got
 *    exactly one answer (one process claims it, src/store/claims.ts; a double click's second press is answered as
 *    stale by whichever process took it); both processes stay connected; nothing is logged at warn or above except
 *    "could no longer be answered" (40060/10062), and Discord saw no broken rule;
 * 2. "/table bot add" delivered to both processes seats one computer player, not two;
 * 3. with computer players at the table, both processes poll the shared deadline index, and every computer move
 *    happens once: the moves both processes report making add up to the computer moves in the finished record,
 *    which replays to the stored result, and the game finishes.
 */
import { Events } from 'discord.js';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { replay, result as finalResult, type ReunionMove, type ReunionState, toAct } from '../../src/games/reunion/index.ts';
import { serializeError } from '../../src/logger.ts';
import type { TimerOutcome } from '../../src/tables/service.ts';
import type { FinishedGame, LoggedMove } from '../../src/tables/types.ts';
import { cleanupPrefix, settleAll, startTestBot, testPrefix } from '../support/bot.ts';
import { buttons, enabledCards } from '../support/driver.ts';
import { type FakeDiscord, type FakeInteraction, type FakeMessage, type FakeUser, startFakeDiscord } from '../support/fake-discord.ts';

/** Clicks (button presses) that must have reached both processes. */
const DUPLICATED_CLICKS = 1000;
/** Tables played at the same time, each in its own channel. */
const PARALLEL = 3;

interface LogLine {
  level: number;
  msg?: string;
  code?: number;
  err?: { code?: number; message?: string };
  bot: string;
}

let fake: FakeDiscord;
let prefix: string;
let bots: RunningBot[] = [];
let logs: LogLine[] = [];
/** Ids of the interactions each process received. */
let received: Set<string>[] = [];

/** A warn-level logger that keeps every line, tagged with the process it came from. */
const capture = (bot: string) =>
  pino(
    { level: 'warn', serializers: { err: serializeError } },
    { write: (line: string) => void logs.push({ ...(JSON.parse(line) as LogLine), bot }) },
  );

beforeEach(async () => {
  fake = await startFakeDiscord({ idleMs: 30, callbackTimeoutMs: 10_000 });
  prefix = testPrefix('two-processes');
  logs = [];
  bots = [];
  received = [];
  // Both processes use the same seed source, so the game does not depend on which one created the table.
  for (const name of ['A', 'B']) {
    const bot = await startTestBot(fake, prefix, 'chaos-seed', { log: capture(name) });
    const seen = new Set<string>();
    bot.client.on(Events.InteractionCreate, (interaction) => void seen.add(interaction.id));
    bots.push(bot);
    received.push(seen);
  }
  expect(fake.connectedBots()).toBe(2);
});

afterEach(async () => {
  for (const bot of bots) await bot.stop();
  await fake?.close();
  await cleanupPrefix(prefix);
});

/** Discord's "can no longer be answered" codes: the only errors a duplicated delivery may cause. */
const GONE = new Set([40060, 10062]);
const unexpectedLogs = () => logs.filter((l) => !(l.level === 40 && (GONE.has(Number(l.code)) || GONE.has(Number(l.err?.code)))));

/** Wait for the answer to `it` and until both processes have received it. */
async function bothAnswered(pending: Promise<FakeInteraction>): Promise<FakeInteraction> {
  const it = await pending;
  await fake.waitFor(() => received.every((seen) => seen.has(it.id)), 15_000);
  return it;
}

/** Every interaction reached both processes and got exactly one answer, which Discord accepted. */
function expectEachAnsweredOnce(its: readonly FakeInteraction[]): void {
  const summary = (it: FakeInteraction) => it.callbacks.map((c) => (c.error ? c.error.code : 'ok')).join(',') || 'none';
  const odd = its.filter((it) => it.callbacks.length !== 1 || it.callbacks[0]!.error || !received.every((seen) => seen.has(it.id)));
  expect(odd.map((it) => `${it.kind} ${it.payload.data.custom_id ?? it.payload.data.name}: ${summary(it)}`)).toEqual([]);
}

const sameMove = (a: LoggedMove) => {
  const m = a.move as ReunionMove;
  return { seat: a.seat, move: m.type === 'discard' ? { type: 'discard', cards: [...m.cards].sort() } : m };
};

/**
 * Play one whole Réunion game in `channelId` with `users`, every interaction delivered to both processes. Each turn
 * the player to act refreshes their hand (their hand's Refresh button, or `/hand` the first time) and clicks a card
 * (the dealer: two discard toggles and Discard). After every move click the stored move log must have grown by
 * exactly that move. Returns the moves clicked, in order.
 */
async function playGame(channelId: string, users: FakeUser[], pick: number): Promise<LoggedMove[]> {
  const [host, ...rest] = users as [FakeUser, ...FakeUser[]];
  await bothAnswered(fake.slash(host, channelId, 'table', { turn_timer: 0 }, { subcommandGroup: 'new', subcommand: 'reunion' }));
  for (const user of rest) await bothAnswered(fake.slash(user, channelId, 'table', {}, { subcommand: 'join' }));
  await bothAnswered(fake.slash(host, channelId, 'table', {}, { subcommand: 'start' }));
  const hands = new Map<string, string>(); // user id → their ephemeral hand message
  const clicked: LoggedMove[] = [];
  // A double click: two interactions from the same button at once, each delivered to both processes.
  const click = async (user: FakeUser, hand: FakeMessage, customId: string) => {
    const [first] = await Promise.all([bothAnswered(fake.click(user, hand, customId)), bothAnswered(fake.click(user, hand, customId))]);
    return first;
  };
  for (let turn = 0; ; turn++) {
    const table = await bots[0]!.tables.get(channelId);
    if (!table) break;
    expect(table.moves.map(sameMove)).toEqual(clicked.map(sameMove));
    const seat = toAct(table.state as ReunionState)[0]!;
    const user = users.find((u) => u.id === table.seats[seat]!.userId)!;
    const old = fake.message(hands.get(user.id));
    const shown = old ? await click(user, old, 'st:hand') : await bothAnswered(fake.slash(user, channelId, 'hand'));
    let hand = fake.original(shown)!;
    hands.set(user.id, hand.id);
    let move: ReunionMove;
    const confirm = () => buttons(hand).find((b) => b.custom_id.includes(':d.'));
    if (confirm()) {
      for (let i = 0; i < 2; i++) {
        const chosen = new Set(confirm()!.custom_id.split(':d.')[1]!.split(',').filter(Boolean));
        const free = enabledCards(hand).filter((b) => !chosen.has(b.label));
        await click(user, hand, free[(pick + turn + i) % free.length]!.custom_id);
        hand = fake.message(hand.id)!;
      }
      const done = confirm()!;
      expect(done.disabled).toBeFalsy();
      move = { type: 'discard', cards: done.custom_id.split(':d.')[1]!.split(',') as [never, never] };
      await click(user, hand, done.custom_id);
    } else {
      const cards = enabledCards(hand);
      expect(cards.length).toBeGreaterThan(0);
      const card = cards[(pick + turn) % cards.length]!;
      move = { type: 'play', card: card.label as never };
      await click(user, hand, card.custom_id);
    }
    clicked.push({ seat, move });
  }
  return clicked;
}

describe('two processes on one Redis, every interaction delivered to both', () => {
  it('over 1,000 duplicated clicks, every move is applied exactly once', async () => {
    const names = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'gina', 'hans', 'ida'];
    const played: { channelId: string; moves: LoggedMove[] }[] = [];
    const clicks = () => fake.interactions.filter((it) => it.kind === 'button').length;
    let game = 0;
    while (clicks() < DUPLICATED_CLICKS) {
      // PARALLEL tables at once, each in a fresh channel with its own three players.
      await Promise.all(
        Array.from({ length: PARALLEL }, async (_, k) => {
          const channelId = fake.addChannel(`chaos-${game}-${k}`);
          const users = names.slice(3 * k, 3 * k + 3).map((n) => fake.user(n));
          played.push({ channelId, moves: await playGame(channelId, users, game * PARALLEL + k) });
        }),
      );
      game++;
    }
    await settleAll(fake, bots);

    const text = (it: FakeInteraction) => String(it.callback?.data?.content ?? '');
    // Of each double-clicked move, one press played and the other was told the table had moved on (the game's last
    // move excepted: its second press finds the game over).
    const moves = played.reduce((n, g) => n + g.moves.length, 0);
    expect(fake.interactions.filter((it) => /has moved on|from an earlier turn/.test(text(it))).length).toBe(moves - played.length);
    // Every interaction reached both processes and was answered once.
    expect(fake.interactions.filter((it) => it.kind === 'button').length).toBeGreaterThanOrEqual(DUPLICATED_CLICKS);
    expectEachAnsweredOnce(fake.interactions);

    // Each game's finished record holds exactly the moves clicked, once each, and replays to its result.
    const records = await bots[1]!.records.list(fake.guildId);
    expect(records).toHaveLength(played.length);
    for (const { channelId, moves } of played) {
      const record = records.find((r: FinishedGame) => r.channelId === channelId)!;
      expect(record.moves.map(sameMove)).toEqual(moves.map(sameMove));
      expect(record.moves).toHaveLength(3 * 31);
      expect(finalResult(replay(record.options as never, 3, record.seed, record.moves as never))).toEqual(record.result);
      expect(await bots[0]!.tables.get(channelId)).toBeUndefined();
    }

    // Both processes stayed up; Discord saw no broken rule but the expected 40060s; nothing else was logged.
    expect(fake.connectedBots()).toBe(2);
    for (const bot of bots) expect(bot.client.isReady()).toBe(true);
    expect(fake.violations).toEqual([]);
    expect(unexpectedLogs()).toEqual([]);
  });

  it('computer moves from the shared deadline index happen once, whichever process polls first', async () => {
    const moved = [0, 0];
    const polled = [0, 0];
    bots.forEach((bot, i) => {
      const expire = bot.tables.expire.bind(bot.tables);
      bot.tables.expire = async (channelId: string): Promise<TimerOutcome> => {
        polled[i]!++;
        const outcome = await expire(channelId);
        if (outcome.kind === 'moved') moved[i]!++;
        return outcome;
      };
    });
    const host = fake.user('alice');
    const channelId = fake.channelId;
    await bothAnswered(fake.slash(host, channelId, 'table', { turn_timer: 0 }, { subcommandGroup: 'new', subcommand: 'reunion' }));
    const seated = async () => (await bots[0]!.tables.get(channelId))!.seats.map((s) => s.bot ?? 'person');
    // One "/table bot add" delivered twice seats one computer player, not two.
    await bothAnswered(fake.slash(host, channelId, 'table', { level: 'easy' }, { subcommand: 'add', subcommandGroup: 'bot' }));
    expect(await seated()).toEqual(['person', 'easy']);
    await bothAnswered(fake.slash(host, channelId, 'table', { level: 'easy' }, { subcommand: 'add', subcommandGroup: 'bot' }));
    expect(await seated()).toEqual(['person', 'easy', 'easy']);
    await bothAnswered(fake.slash(host, channelId, 'table', {}, { subcommand: 'start' }));

    let hand: FakeMessage | undefined;
    let humanMoves = 0;
    const until = performance.now() + 90_000;
    for (;;) {
      expect(performance.now()).toBeLessThan(until);
      const table = await bots[0]!.tables.get(channelId);
      if (!table) break;
      const seat = toAct(table.state as ReunionState)[0]!;
      if (table.seats[seat]!.bot) {
        await new Promise((r) => setTimeout(r, 10));
        continue;
      }
      const shown = hand ? await bothAnswered(fake.click(host, hand, 'st:hand')) : await bothAnswered(fake.slash(host, channelId, 'hand'));
      hand = fake.original(shown)!;
      const discard = buttons(hand).find((b) => b.custom_id.includes(':d.'));
      if (discard) {
        for (let i = 0; i < 2; i++) {
          const chosen = new Set(
            buttons(hand)
              .find((b) => b.custom_id.includes(':d.'))!
              .custom_id.split(':d.')[1]!
              .split(',')
              .filter(Boolean),
          );
          await bothAnswered(fake.click(host, hand, enabledCards(hand).find((b) => !chosen.has(b.label))!.custom_id));
          hand = fake.message(hand.id)!;
        }
        await bothAnswered(fake.click(host, hand, buttons(hand).find((b) => b.custom_id.includes(':d.'))!.custom_id));
      } else {
        // Computer seats cannot move during a person's turn, so the refreshed hand is current.
        const cards = enabledCards(hand);
        expect(cards.length).toBeGreaterThan(0);
        await bothAnswered(fake.click(host, hand, cards[0]!.custom_id));
      }
      humanMoves++;
    }
    await settleAll(fake, bots);

    const [record] = await bots[0]!.records.list(fake.guildId);
    expect(record).toBeDefined();
    expect(record!.moves).toHaveLength(3 * 31);
    expect(finalResult(replay(record!.options as never, 3, record!.seed, record!.moves as never))).toEqual(record!.result);
    const computerMoves = record!.moves.filter((m) => record!.seats[m.seat]!.bot).length;
    expect(computerMoves + humanMoves).toBe(3 * 31);
    // Each computer move was made by exactly one of the two processes, and both were polling the index.
    expect(moved[0]! + moved[1]!).toBe(computerMoves);
    expect(polled[0]).toBeGreaterThan(0);
    expect(polled[1]).toBeGreaterThan(0);

    expectEachAnsweredOnce(fake.interactions);
    expect(fake.connectedBots()).toBe(2);
    expect(unexpectedLogs()).toEqual([]);
  });
});
