/**
 * Chaos: the real entry point (`node --import tsx src/index.ts`) as a child process on the real Redis, with the
 * unmodified discord.js client against the fake Discord, killed with SIGKILL at seeded random moments while
 * four tables in four channels play Réunion by clicks — and started again, 100 times (CHAOS_RESTARTS).
 *
 * Every final click is recorded with the move index it was made at. At the end every game has finished, and
 * each finished game holds every move that got a success reply, at its place, and nothing applied twice
 * (see `checkFinishedGame`). Clicks in flight when the bot dies, and clicks sent while it is down, go
 * unanswered: they are never counted as successes.
 *
 * Kills wait while a table is being opened (new → join → start: those replies are not what this test is
 * about, and a lobby whose message id was lost would need a human to cancel it); every move of play is fair game.
 * The seed (CHAOS_SEED) fixes when the bot is killed, relative to its start, and which cards are clicked.
 *
 * The first bot starts cold. Each replacement is a spare process started ahead (`prepareBot`: it loads
 * discord.js and our modules, then waits) that runs src/index.ts only after the kill: configuration, Redis, the
 * deadline rebuild and the gateway login all happen after the crash, as in a cold start, without the ~1 s of
 * module loading. The children run this run's bundle of src/index.ts with plain `node` (test/setup/bot-bundle.ts),
 * at half the start-up CPU of `node --import tsx`: 100 restarts take about 2 minutes on a quiet 2-core machine.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { seededRng } from '../../src/cards/random.ts';
import { openStorage, type Storage, tableStore } from '../../src/store/keyv.ts';
import { Locks } from '../../src/store/lock.ts';
import { RecordBook } from '../../src/records/book.ts';
import { openLedger } from '../../src/store/records/index.ts';
import { type BotExit, type BotProcess, type PreparedBot, prepareBot, spawnBot } from '../support/bot-process.ts';
import { cleanupPrefix, REDIS_URL, testPrefix } from '../support/bot.ts';
import { buttons } from '../support/driver.ts';
import { type FakeDiscord, type FakeInteraction, type FakeUser, startFakeDiscord } from '../support/fake-discord.ts';
import { checkFinishedGame, type MoveAttempt, outcomeOf, type PlayContext, playOneMove } from '../support/reunion-chaos.ts';

const RESTARTS = Number(process.env.CHAOS_RESTARTS ?? 100);
const SEED = process.env.CHAOS_SEED ?? 'restarts-1';
const TABLES = 4;
/** Spare bot processes loading ahead (see `prepareBot`); on a busy machine one takes a few seconds to load. */
const SPARES = 3;
/** Play between a bot's start and its kill: uniform in this range, in ms. */
const PLAY_MS = [200, 1500] as const;

/** The drivers click faster than people do: the per-user rate limit is off (it is not what this test is about). */
const BOT_ENV = { RATE_LIMIT_ACTIONS: '0' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let fake: FakeDiscord | undefined;
let bot: BotProcess | undefined;
let spares: Promise<PreparedBot>[] = [];
let storage: Storage | undefined;
let prefix = '';

afterEach(async () => {
  await bot?.kill().catch(() => undefined);
  for (const spare of spares) await (await spare.catch(() => undefined))?.kill().catch(() => undefined);
  spares = [];
  await storage?.close();
  await fake?.close();
  if (prefix) await cleanupPrefix(prefix);
});

describe('chaos: kill -9 restarts', () => {
  it(
    `${RESTARTS} SIGKILL restarts at random moments: every move that got a success reply is stored once, in order, and every game finishes`,
    async () => {
      fake = await startFakeDiscord({ callbackTimeoutMs: 3500 });
      fake.offline = 'lose';
      prefix = testPrefix('chaos-restarts');
      storage = openStorage({ redisUrl: REDIS_URL, namespace: prefix });
      const tables = tableStore(storage, new Locks(null));
      const results = new RecordBook(openLedger(storage, new Locks(null)), async () => 'UTC');
      const channelIds = Array.from({ length: TABLES }, (_, i) => (fake as FakeDiscord).addChannel(`chaos-${i + 1}`));
      const players: FakeUser[][] = channelIds.map((_, t) => ['host', 'second', 'third'].map((n) => (fake as FakeDiscord).user(`${n}-${t + 1}`)));
      const killRng = seededRng(`${SEED}:kills`);

      // The bot's life: `up` while a bot is connected and not being killed; `gone` resolves when it is killed.
      let up = false;
      let killing = false;
      let leases = 0;
      let restarts = 0;
      let prepared = 0;
      let done = false;
      let crashed: string | null = null;
      let killedBy: (() => void) | null = null;
      let gone = Promise.resolve();
      const exits: BotExit[] = [];
      const voidClicks: FakeInteraction[] = [];
      const started: string[] = [];
      const attempts: MoveAttempt[] = [];

      /** Bot `bot` is up: watch for a death that was not our kill; prepare the next one's spare process. */
      const running = (next: BotProcess) => {
        bot = next;
        void next.exited.then((e) => {
          if (!killing && !done) crashed = `the bot exited by itself (${JSON.stringify(e)}):\n${next.output()}`;
        });
        gone = new Promise<void>((resolve) => (killedBy = resolve));
        while (spares.length < SPARES && prepared < RESTARTS) {
          const spare = prepareBot(fake as FakeDiscord, { prefix, env: BOT_ENV });
          spare.catch(() => undefined);
          spares.push(spare);
          prepared++;
        }
        up = true;
      };
      const waitUp = async () => {
        while (!up) {
          if (crashed) throw new Error(crashed);
          await sleep(10);
        }
      };
      /** Run `fn` with kills held off (a table is being opened). */
      const withLease = async <T>(fn: () => Promise<T>): Promise<T> => {
        while (!up || killing) await sleep(10);
        leases++;
        try {
          return await fn();
        } finally {
          leases--;
        }
      };

      const slash = (user: FakeUser, channelId: string, sub: string, options: Record<string, string | number> = {}) =>
        (fake as FakeDiscord).slash(user, channelId, 'table', options, { subcommand: sub }).catch(() => undefined);

      /** Open a Réunion table (turn timer off) with three players and start it; tolerant of a lock a killed bot left. */
      const openTable = async (channelId: string, [host, ...others]: FakeUser[]): Promise<string> => {
        const f = fake as FakeDiscord;
        const give = performance.now() + 60_000;
        let lostMessageSince = 0;
        for (;;) {
          if (performance.now() > give) throw new Error(`could not open a table in ${channelId}`);
          const t = await tables.get(channelId);
          if (!t)
            await f.slash(host!, channelId, 'table', { turn_timer: 0 }, { subcommandGroup: 'new', subcommand: 'reunion' }).catch(() => undefined);
          else if (t.status === 'lobby' && !t.messageId) {
            // The reply to /table new can be late when a killed bot's lock held the channel: its message id is lost.
            lostMessageSince ||= performance.now();
            if (performance.now() - lostMessageSince > 2000) await slash(host!, channelId, 'cancel');
            else await sleep(20);
          } else if (t.status === 'lobby') {
            lostMessageSince = 0;
            const missing = others.find((u) => !t.seats.some((s) => s.userId === u.id));
            await slash(missing ?? host!, channelId, missing ? 'join' : 'start');
          } else {
            await f.waitFor(() => buttons(f.message(t.messageId)).some((b) => b.custom_id === 'st:hand'), 10_000);
            return t.id;
          }
        }
      };

      const ctx: PlayContext = { fake, tables, users: players.flat(), rng: seededRng(`${SEED}:cards`), attempts, gone: () => gone };

      const driveTable = async (t: number): Promise<void> => {
        const channelId = channelIds[t] as string;
        for (;;) {
          await waitUp();
          const step = await playOneMove(ctx, channelId);
          if (step === 'no-table') {
            if (done) return;
            started.push(await withLease(() => openTable(channelId, players[t] as FakeUser[])));
          } else if (step === 'retry') await sleep(20);
        }
      };

      const killer = async (): Promise<void> => {
        while (restarts < RESTARTS) {
          await sleep(PLAY_MS[0] + killRng() * (PLAY_MS[1] - PLAY_MS[0]));
          const next = await (spares.shift() as Promise<PreparedBot>); // loaded while the tables played
          killing = true;
          while (leases > 0) await sleep(5);
          up = false;
          exits.push(await (bot as BotProcess).kill());
          killedBy?.();
          // A click while no bot is connected: Discord would show "This interaction failed".
          const table = await tables.get(channelIds[restarts % TABLES] as string);
          const message = (fake as FakeDiscord).message(table?.messageId);
          if (table?.status === 'playing' && message) {
            const user = players[restarts % TABLES]![0]!;
            void (fake as FakeDiscord).click(user, message, 'st:hand').catch(() => undefined);
            voidClicks.push((fake as FakeDiscord).interactions.at(-1) as FakeInteraction);
          }
          const s0 = performance.now();
          const fresh = await next.start();
          if (process.env.CHAOS_DEBUG) console.info(`restart ${restarts}: start-up ${Math.round(performance.now() - s0)} ms`);
          restarts++;
          running(fresh);
          killing = false;
        }
        done = true;
        if (process.env.CHAOS_DEBUG)
          console.info(`chaos phase over after ${Math.round(performance.now() - t0)} ms; ${attempts.length} move clicks so far`);
      };

      const t0 = performance.now();
      running(await spawnBot(fake, { prefix, env: BOT_ENV }));
      await Promise.all([killer(), ...channelIds.map((_, t) => driveTable(t))]);
      expect(crashed).toBeNull();

      // Every restart was our SIGKILL (the bot never died by itself), and the last bot is still running.
      expect(restarts).toBe(RESTARTS);
      expect(exits).toHaveLength(RESTARTS);
      expect(exits.every((e) => e.signal === 'SIGKILL')).toBe(true);
      expect((bot as BotProcess).child.exitCode).toBeNull();

      // Every game finished, with every successful move stored at its place, once.
      const finished = await results.list(fake.guildId);
      let successes = 0;
      for (const id of started) {
        const game = finished.find((g) => g.id === id);
        expect(game, `game ${id} finished`).toBeDefined();
        successes += checkFinishedGame(fake, game!, attempts);
      }
      for (const channelId of channelIds) expect(await tables.get(channelId)).toBeUndefined();

      // Kills caught moves in flight, and clicks while the bot was down went unanswered.
      const unanswered = attempts.filter((a) => outcomeOf(fake as FakeDiscord, a.interaction) === 'unanswered').length;
      console.info(
        `chaos restarts: ${restarts} restarts, ${started.length} games, ${attempts.length} move clicks: ${successes} successes, ` +
          `${unanswered} unanswered, ${attempts.length - successes - unanswered} refused; ${voidClicks.length} clicks while down`,
      );
      expect(successes).toBeGreaterThan(0);
      expect(unanswered).toBeGreaterThan(0);
      expect(voidClicks.length).toBeGreaterThan(0);
      expect(voidClicks.every((v) => v.callback === null)).toBe(true);
    },
    10 * 60_000,
  );
});
