/**
 * Chaos: Redis stops for 10 s in the middle of play (CHAOS_REDIS_OUTAGE_MS shortens it for a quick local run;
 * 10 s is the default and what this test is about). The test runs its own redis-server on a spare port (data in
 * an append-only file, so it survives), the real bot in-process with the unmodified discord.js client against the
 * fake Discord, and:
 * - before the outage three people play part of a game of Réunion by clicks; a second table (one person, two
 *   computer players) keeps the timer loop busy;
 * - while Redis is down, people keep clicking (My hand, and a card on a hand that was current): every click gets
 *   "…nothing was changed…" ephemerally within Discord's 3 s, and nothing changes;
 * - the timer loop logs warnings and keeps polling; Redis comes back on the same port and directory; the bot's
 *   Redis client reconnects by itself; both games go on (computer moves come from the timer loop) and the first
 *   finishes with every move that got a success reply stored, at its place, once.
 */
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../src/bot.ts';
import { loadConfig } from '../../src/config.ts';
import { NOTHING_CHANGED } from '../../src/discord/errors.ts';
import { ENGLISH } from '../../src/i18n/index.ts';
import { seededRng } from '../../src/cards/random.ts';
import { toAct, type ReunionState } from '../../src/games/reunion/index.ts';
import { openStorage, type Storage, tableStore } from '../../src/store/keyv.ts';
import { Locks } from '../../src/store/lock.ts';
import { RecordBook } from '../../src/records/book.ts';
import { openLedger } from '../../src/store/records/index.ts';
import type { KeyvTableStore } from '../../src/store/tables.ts';
import type { TableRecord } from '../../src/tables/types.ts';
import { testPrefix } from '../support/bot.ts';
import { buttons, openAndStart } from '../support/driver.ts';
import { type FakeDiscord, type FakeInteraction, type FakeMessage, type FakeUser, startFakeDiscord } from '../support/fake-discord.ts';
import { OwnRedis } from '../support/redis-server.ts';
import { checkFinishedGame, type MoveAttempt, outcomeOf, type PlayContext, playOneMove, tryClick } from '../support/reunion-chaos.ts';

/** How long Redis stays down: 10 s unless CHAOS_REDIS_OUTAGE_MS says otherwise. */
const OUTAGE_MS = Number(process.env.CHAOS_REDIS_OUTAGE_MS ?? 10_000);
/** Moves the three people make before the outage. */
const MOVES_BEFORE = 20;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `fn`, tried again for up to 10 s while it throws (the test's own Redis client reconnecting). */
async function retry<T>(fn: () => Promise<T>): Promise<T> {
  const give = Date.now() + 10_000;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() > give) throw err;
      await sleep(100);
    }
  }
}

let redis: OwnRedis | undefined;
let fake: FakeDiscord | undefined;
let bot: RunningBot | undefined;
let storage: Storage | undefined;

afterEach(async () => {
  await bot?.stop().catch(() => undefined);
  await storage?.close();
  await fake?.close();
  await redis?.destroy();
});

/** Wait until the fake and the bot have nothing left to do. */
async function settle(): Promise<void> {
  await fake?.waitIdle();
  await bot?.settled();
  await fake?.waitIdle();
}

describe('chaos: Redis outage', () => {
  it(`Redis down for ${OUTAGE_MS / 1000} s mid-game: clicks are refused in time and change nothing, the bot reconnects, the game finishes`, async () => {
    redis = await OwnRedis.create();
    fake = await startFakeDiscord({ idleMs: 30 });
    const prefix = testPrefix('chaos-redis');
    const logs: { level: number; msg: string; time: number }[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
    const config = loadConfig({
      DISCORD_TOKEN: fake.token,
      DISCORD_API_URL: fake.apiUrl,
      REDIS_URL: redis.url,
      KEY_PREFIX: prefix,
      BOT_DELAY_MS: '0',
      TIMER_POLL_MS: '20',
      RATE_LIMIT_ACTIONS: '0', // clicks come faster than people's; the limiter is not what this test is about
    });
    bot = await startBot(config, { newSeed: () => 'redis-outage-seed', log });
    storage = openStorage({ redisUrl: redis.url, namespace: prefix });
    const store = tableStore(storage, new Locks(null));
    // The test's own reads wait for its Redis client to reconnect after the outage.
    const tables = { get: (channelId: string) => retry(() => store.get(channelId)) } as unknown as KeyvTableStore;
    const results = new RecordBook(openLedger(storage, new Locks(null)), async () => 'UTC');

    const people = ['anna', 'bernd', 'clara'].map((n) => (fake as FakeDiscord).user(n));
    const solo = fake.user('dora');
    const mainChannel = fake.channelId;
    const botChannel = fake.addChannel('computers');
    const attempts: MoveAttempt[] = [];
    const ctx: PlayContext = { fake, tables, users: [...people, solo], rng: seededRng('redis-outage'), attempts };

    // The main game: three people, turn timer off.
    const tableMessageId = await openAndStart(fake, mainChannel, people, 'reunion', { turn_timer: 0 });
    // The computer table: Dora and two computer players, whose moves the timer loop makes.
    await fake.slash(solo, botChannel, 'table', { turn_timer: 0 }, { subcommandGroup: 'new', subcommand: 'reunion' });
    for (let i = 0; i < 2; i++) await fake.slash(solo, botChannel, 'table', { level: 'easy' }, { subcommandGroup: 'bot', subcommand: 'add' });
    await fake.slash(solo, botChannel, 'table', {}, { subcommand: 'start' });
    await settle();

    /** Dora's move when it is her turn; the computers' come from the timer loop. Returns the stored moves. */
    const doraTurn = async (): Promise<number> => {
      const t = (await tables.get(botChannel)) as TableRecord;
      const seat = toAct(t.state as ReunionState)[0];
      if (seat !== undefined && t.seats[seat]?.userId === solo.id) await playOneMove(ctx, botChannel);
      return ((await tables.get(botChannel)) as TableRecord).moves.length;
    };

    for (let i = 0; i < MOVES_BEFORE;) if ((await playOneMove(ctx, mainChannel)) === 'moved') i++;
    await doraTurn();
    // Let the computers answer: the computer table waits for Dora again (nothing is due).
    const doraToAct = async () => {
      const t = (await tables.get(botChannel)) as TableRecord;
      return t.seats[toAct(t.state as ReunionState)[0] ?? -1]?.userId === solo.id;
    };
    for (let i = 0; i < 200 && !(await doraToAct()); i++) await sleep(20);
    expect(await doraToAct()).toBe(true);
    await settle();
    const doraBefore = ((await tables.get(botChannel)) as TableRecord).moves.length;

    // A hand that is current right before the outage: its card buttons are valid moves.
    const before = (await tables.get(mainChannel)) as TableRecord;
    const toMove = people.find((u) => u.id === before.seats[toAct(before.state as ReunionState)[0] ?? 0]?.userId) as FakeUser;
    const opened = await tryClick(fake, toMove, fake.message(tableMessageId) as FakeMessage, 'st:hand');
    const hand = fake.message(opened.originalMessageId) as FakeMessage;
    const card = buttons(hand).find((b) => b.custom_id.startsWith('st:g:') && !b.disabled && /:[pt]\./.test(b.custom_id));
    expect(card, 'a card to click on the current hand').toBeDefined();
    const botTableBefore = (await tables.get(botChannel)) as TableRecord;

    // ---- Redis down ----
    await redis.stop();
    const downAt = Date.now();
    const refusedClicks: FakeInteraction[] = [];
    while (Date.now() - downAt < OUTAGE_MS) {
      refusedClicks.push(await tryClick(fake, toMove, fake.message(tableMessageId) as FakeMessage, 'st:hand'));
      refusedClicks.push(await tryClick(fake, toMove, hand, card!.custom_id));
      await sleep(400);
    }
    await redis.start();
    const upAt = Date.now();

    // Every click during the outage got the storage refusal, ephemerally and in time (the fake refuses a late one).
    expect(refusedClicks.length).toBeGreaterThanOrEqual(4);
    for (const it of refusedClicks) {
      expect(it.callback?.error ?? null, `click ${it.payload.data.custom_id} answered within 3 s`).toBeNull();
      expect(it.callback?.ephemeral).toBe(true);
      expect(it.callback?.data?.content).toBe(ENGLISH.say(NOTHING_CHANGED));
    }
    // Nothing changed: both tables are as they were.
    expect(await tables.get(mainChannel)).toEqual(before);
    expect(await tables.get(botChannel)).toEqual(botTableBefore);
    // The timer loop complained while Redis was down, at warning level, and kept going.
    const outageWarnings = logs.filter((l) => l.time >= downAt && l.time <= upAt && l.level === 40 && /deadline/.test(l.msg));
    expect(outageWarnings.length).toBeGreaterThan(0);
    expect(logs.filter((l) => l.level >= 60)).toEqual([]);

    // ---- Redis back: the bot reconnects by itself and play resumes ----
    const give = Date.now() + 20_000;
    let resumed = false;
    while (!resumed && Date.now() < give) {
      const step = await playOneMove(ctx, mainChannel).catch(() => 'retry');
      const last = attempts.at(-1);
      resumed = step === 'moved' && !!last && outcomeOf(fake as FakeDiscord, last.interaction) === 'success';
      if (!resumed) await sleep(200);
    }
    expect(resumed, 'a move went through after Redis came back').toBe(true);

    // The computer table moves on by itself again: the timer loop survived the outage.
    let doraAfter = doraBefore;
    for (let i = 0; i < 50 && doraAfter < doraBefore + 6; i++) {
      doraAfter = await doraTurn();
      await sleep(50);
    }
    expect(doraAfter).toBeGreaterThanOrEqual(doraBefore + 6);

    for (;;) {
      const step = await playOneMove(ctx, mainChannel);
      if (step === 'no-table') break;
    }
    await settle();
    const game = (await results.list(fake.guildId)).find((g) => g.id === before.id);
    expect(game, 'the main game finished').toBeDefined();
    const successes = checkFinishedGame(fake, game!, attempts);
    expect(successes).toBeGreaterThan(MOVES_BEFORE);
  }, 120_000);
});
