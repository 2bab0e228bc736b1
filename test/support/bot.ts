/**
 * Start the real bot (src/bot.ts) against a fake Discord, on the real Redis at REDIS_URL with a key
 * prefix of its own; `cleanup` removes every key of that prefix.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@keyv/redis';
import { type BotOverrides, type RunningBot, startBot } from '../../src/bot.ts';
import { loadConfig } from '../../src/config.ts';
import type { Logger } from '../../src/logger.ts';
import type { FakeDiscord } from './fake-discord.ts';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix unique to one test. */
export const testPrefix = (name: string): string => `test-${name}-${randomUUID().slice(0, 8)}`;

/** The bot the last `startTestBot` started, for `settle`. */
let current: RunningBot | null = null;

/**
 * Wait until the fake Discord has answered everything and the bot has finished handling every interaction
 * and sent every channel update (so a test reads the messages as they finally are).
 */
export async function settle(fake: FakeDiscord): Promise<void> {
  await fake.waitIdle();
  await current?.settled();
  await fake.waitIdle();
}

/**
 * `settle` for several bots on one fake Discord (e.g. two processes on one Redis): wait until the fake is idle and
 * every bot in `bots` has finished its interactions, deadlines and channel updates.
 */
export async function settleAll(fake: FakeDiscord, bots: readonly RunningBot[]): Promise<void> {
  await fake.waitIdle();
  for (let round = 0; round < 2; round++) for (const bot of bots) await bot.settled();
  await fake.waitIdle();
}

/** Test settings: the clock of deadlines (default real time) and the pause before computer moves (default 0). */
export interface TestBotOptions {
  now?: () => number;
  botDelayMs?: number;
  /** Extra environment for the bot's configuration (e.g. METRICS_PORT, REDIS_URL), over the test defaults. */
  env?: Record<string, string>;
  /** Pauses between start-up attempts to reach the store (default: the bot's). */
  retry?: BotOverrides['retry'];
  /** The bot's logger (default: pino at TEST_LOG_LEVEL, silent unless set); tests that assert on logs pass their own. */
  log?: Logger;
  /** Seeds for new tables instead of `seed` for every one (a test that tells tables' seeds apart). */
  newSeed?: () => string;
  /** Run as these shards of `count` (a process of another host; the fake sends the guild's events to its shard only). */
  shards?: BotOverrides['shards'];
}

/**
 * Start the bot with `prefix` and a fixed seed for every new table. Deadlines are polled every 20 ms;
 * computer players move without a pause unless `botDelayMs` says otherwise.
 */
export async function startTestBot(fake: FakeDiscord, prefix: string, seed = 'e2e-seed', opts: TestBotOptions = {}): Promise<RunningBot> {
  const config = loadConfig({
    DISCORD_TOKEN: fake.token,
    DISCORD_API_URL: fake.apiUrl,
    REDIS_URL,
    KEY_PREFIX: prefix,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    BOT_DELAY_MS: String(opts.botDelayMs ?? 0),
    TIMER_POLL_MS: '20',
    BOT_WORKERS: '0', // decisions inline, as before the pool (test/tables/decider.test.ts checks the pool)
    RATE_LIMIT_ACTIONS: '0', // tests click far faster than people; test/e2e/ratelimit.e2e.test.ts turns the limit on
    ...opts.env,
  });
  current = await startBot(config, {
    newSeed: opts.newSeed ?? (() => seed),
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.retry ? { retry: opts.retry } : {}),
    ...(opts.log ? { log: opts.log } : {}),
    ...(opts.shards ? { shards: opts.shards } : {}),
  });
  return current;
}

/** Delete every Redis key starting with `prefix`. */
export async function cleanupPrefix(prefix: string): Promise<void> {
  const client = createClient({ url: REDIS_URL });
  await client.connect();
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
    const list = Array.isArray(keys) ? keys : [keys];
    if (list.length) await client.del(list);
  }
  await client.quit();
}
