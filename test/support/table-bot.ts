/**
 * The set-up most end-to-end tests share, registered with vitest's `beforeEach`/`afterEach`: before each test a fake
 * Discord (`idleMs` 30 unless told otherwise), a test bot on Redis under the test's own key prefix, and its users;
 * after it, the bot stopped, the fake closed and the prefix's keys removed (each step whatever the others did).
 */
import { afterEach, beforeEach } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { cleanupPrefix, startTestBot, type TestBotOptions, testPrefix } from './bot.ts';
import { type FakeDiscord, type FakeDiscordOptions, type FakeUser, startFakeDiscord } from './fake-discord.ts';

/** What a test gets: the fake Discord, the running bot, its key prefix and the users (in the order named). */
export interface TableBot {
  fake: FakeDiscord;
  bot: RunningBot;
  prefix: string;
  users: FakeUser[];
}

/** How the fixture sets up. */
export interface TableBotOptions {
  /** The seed of new tables (default `startTestBot`'s). */
  seed?: string;
  /** The users' names (default alice, bob and carol). */
  users?: readonly string[];
  /** The fake Discord's options (default `{ idleMs: 30 }`). */
  fake?: FakeDiscordOptions;
  /** The bot's test options, from the fake (e.g. its clock). */
  bot?: (fake: FakeDiscord) => TestBotOptions;
}

/**
 * Before each test start a fake Discord and a test bot under the prefix `testPrefix(name)`, make the users and hand
 * them to `ready` (which keeps them for the test's code); after each test take it all down again.
 */
export function useTableBot(name: string, ready: (table: TableBot) => void, options: TableBotOptions = {}): void {
  let fake: FakeDiscord | undefined;
  let bot: RunningBot | undefined;
  let prefix: string | undefined;
  beforeEach(async () => {
    fake = await startFakeDiscord(options.fake ?? { idleMs: 30 });
    prefix = testPrefix(name);
    bot = await startTestBot(fake, prefix, options.seed, options.bot?.(fake));
    const users = (options.users ?? ['alice', 'bob', 'carol']).map((n) => fake!.user(n));
    ready({ fake, bot, prefix, users });
  });
  afterEach(async () => {
    await bot?.stop();
    await fake?.close();
    if (prefix) await cleanupPrefix(prefix);
    fake = bot = prefix = undefined;
  });
}
