/**
 * Graceful shutdown of the real entry point (`node --import tsx src/index.ts`) as a child process against the fake
 * Discord: SIGTERM while a click is being handled (it waits for the table lock, which the test holds) — the click's
 * move is stored and answered, an interaction arriving during the shutdown is told to try again, and the process
 * exits 0 after its last channel update.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createClient } from '@keyv/redis';
import { afterEach, describe, expect, it } from 'vitest';
import { createTables, RESTARTING } from '../../src/bot.ts';
import { ENGLISH } from '../../src/i18n/index.ts';
import { loadConfig } from '../../src/config.ts';
import { cleanupPrefix, REDIS_URL, testPrefix } from '../support/bot.ts';
import { buttons, enabledCards, openAndStart, openHand, tableMessage, takeTurn, userToAct } from '../support/driver.ts';
import { type FakeDiscord, type FakeUser, startFakeDiscord } from '../support/fake-discord.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

type LogLine = { level: number; msg: string; [k: string]: unknown };

let fake: FakeDiscord | undefined;
let child: ChildProcess | undefined;
let prefix = '';
const redisClients: { destroy(): unknown }[] = [];
let closeStore: (() => Promise<void>) | undefined;

afterEach(async () => {
  if (child?.pid && child.exitCode === null && child.signalCode === null) {
    const gone = new Promise((resolve) => child?.once('exit', resolve));
    process.kill(child.pid, 'SIGKILL');
    await gone;
  }
  for (const c of redisClients.splice(0)) c.destroy();
  await closeStore?.();
  closeStore = undefined;
  await fake?.close();
  if (prefix) await cleanupPrefix(prefix);
  child = fake = undefined;
});

/** Start the entry point on the fake Discord; `lines` collects its JSON log lines. */
function spawnBot(fakeDiscord: FakeDiscord): { child: ChildProcess; lines: LogLine[]; exit: Promise<number | null>; output: () => string } {
  const lines: LogLine[] = [];
  let output = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      DISCORD_TOKEN: fakeDiscord.token,
      DISCORD_API_URL: fakeDiscord.apiUrl,
      REDIS_URL,
      KEY_PREFIX: prefix,
      LOG_LEVEL: 'info',
      BOT_DELAY_MS: '0',
      TIMER_POLL_MS: '20',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let partial = '';
  proc.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    partial += chunk.toString();
    const complete = partial.split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete) if (line.startsWith('{')) lines.push(JSON.parse(line) as LogLine);
  });
  proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { child: proc, lines, exit, output: () => output };
}

describe('graceful shutdown', () => {
  it('SIGTERM during a click: the move is stored and answered, newcomers are told to retry, exit 0', { timeout: 90_000 }, async () => {
    fake = await startFakeDiscord({ idleMs: 30 });
    prefix = testPrefix('shutdown');
    const bot = spawnBot(fake);
    child = bot.child;
    const logged = (msg: string | RegExp) => bot.lines.some((l) => (typeof msg === 'string' ? l.msg === msg : msg.test(l.msg)));
    await fake.waitFor(() => logged(/^logged in as /) || bot.child.exitCode !== null, 45_000).catch(() => undefined);
    expect(logged(/^logged in as /), bot.output()).toBe(true);

    const users = ['ada', 'bo', 'cy'].map((n) => fake!.user(n)) as [FakeUser, FakeUser, FakeUser];
    const messageId = await openAndStart(fake, fake.channelId, users);
    // Get past the dealer's discard, to a turn that is one click.
    let user = userToAct(fake, messageId, users)!;
    let hand = await openHand(fake, messageId, user);
    while (buttons(hand).some((b) => b.custom_id.includes(':d.'))) {
      await takeTurn(fake, messageId, users);
      user = userToAct(fake, messageId, users)!;
      hand = await openHand(fake, messageId, user);
    }
    const { tables, storage } = createTables(loadConfig({ REDIS_URL, KEY_PREFIX: prefix }));
    closeStore = () => storage.close();
    const before = (await tables.get(fake.channelId))!;

    // Hold the table's lock, and watch Redis for the bot trying to take it.
    const lockKey = `${prefix}::lock:table:{${fake.channelId}}`;
    const holder = createClient({ url: REDIS_URL });
    const monitor = createClient({ url: REDIS_URL });
    redisClients.push(holder, monitor);
    await holder.connect();
    await monitor.connect();
    expect(await holder.set(lockKey, JSON.stringify('test-holds-it'), { NX: true, PX: 15_000 })).toBe('OK');
    let botWaitsForLock = false;
    await monitor.monitor((line: string) => {
      if (line.includes(`"${lockKey}"`) && /"set"/i.test(line)) botWaitsForLock = true;
    });

    const card = enabledCards(hand)[0]!;
    const click = fake.click(user, hand, card.custom_id);
    await fake.waitFor(() => botWaitsForLock, 10_000);

    bot.child.kill('SIGTERM');
    await fake.waitFor(() => logged(/^stopping/), 10_000);
    // Arriving during the shutdown: answered, privately, "try again"; nothing else happens.
    const late = await fake.click(
      users.find((u) => u !== user)!,
      tableMessage(fake, messageId),
      'st:hand',
    );
    expect(late.callback?.error ?? null).toBeNull();
    expect(late.callback?.ephemeral).toBe(true);
    expect(late.callback?.data?.content).toBe(ENGLISH.say(RESTARTING));
    expect(bot.child.exitCode).toBeNull(); // still finishing the click

    await holder.del(lockKey); // the click goes on
    const clicked = await click;
    const code = await bot.exit;
    expect(code, bot.output()).toBe(0);
    expect(clicked.callback?.error ?? null).toBeNull();

    // The move was stored and the player's hand answered; the channel heard of it before the exit.
    const after = (await tables.get(fake.channelId))!;
    expect(after.moves).toHaveLength(before.moves.length + 1);
    expect(after.version).toBeGreaterThan(before.version);
    expect(fake.original(clicked)?.content ?? '').not.toMatch(/earlier turn|over or was cancelled/);
    expect(userToAct(fake, messageId, users)).not.toBe(user);
    expect(fake.violations).toEqual([]);
    expect(logged('stopped')).toBe(true);
  });
});
