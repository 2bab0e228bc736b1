/**
 * Start-up with Redis down: the bot waits and retries with backoff (one warn line per failed attempt, with the
 * reason and the next pause), starts once Redis comes up, and gives up with a clear message after STARTUP_RETRY_MS.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/bot.ts';
import { startTestBot, testPrefix } from '../support/bot.ts';
import { answered } from '../support/driver.ts';
import { capturingLogger, WARN } from '../support/logs.ts';
import { type FakeDiscord, startFakeDiscord } from '../support/fake-discord.ts';
import { sparePort } from '../support/redis-server.ts';

let fake: FakeDiscord | null = null;
let bot: RunningBot | null = null;
let redis: ChildProcess | null = null;

afterEach(async () => {
  await bot?.stop();
  await fake?.close();
  if (redis?.pid && redis.exitCode === null) {
    const exited = new Promise((resolve) => redis?.once('exit', resolve));
    process.kill(redis.pid, 'SIGTERM');
    await exited;
  }
  bot = fake = redis = null;
});

describe('start-up with Redis down', () => {
  it('retries with backoff, logging each failure, and starts once Redis is up', async () => {
    fake = await startFakeDiscord();
    const port = await sparePort();
    const { log, lines } = capturingLogger();
    const starting = startTestBot(fake, testPrefix('retry'), 'seed', {
      env: { REDIS_URL: `redis://127.0.0.1:${port}`, STARTUP_RETRY_MS: '60000' },
      retry: { minDelayMs: 100, maxDelayMs: 400 },
      log,
    });
    let started = false;
    void starting.then(() => (started = true));
    const warnings = () => lines.filter((l) => l.level === WARN && /connecting to the store failed/.test(l.msg));
    await fake.waitFor(() => warnings().length >= 2, 20_000);
    expect(started).toBe(false);

    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    bot = await starting;
    expect(bot.client.isReady()).toBe(true);

    const retried = warnings();
    expect(retried.length).toBeGreaterThanOrEqual(2);
    // One line per failed attempt: attempt number, why, and the next pause (100 ms doubling, capped at 400 ms).
    retried.forEach((line, i) => {
      expect(line.attempt).toBe(i + 1);
      expect(line.reason).toMatch(new RegExp(`Redis at 127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`));
      expect(line.nextDelayMs).toBe(Math.min(100 * 2 ** i, 400));
    });
    // The first failure already says what is wrong and for how long start-up keeps trying.
    expect(retried[0]!.msg).toMatch(
      new RegExp(
        `^connecting to the store failed: Redis at 127\\.0\\.0\\.1:${port}: .*ECONNREFUSED.*\\. Retrying in 0\\.1 s, for up to 60 s in all$`,
      ),
    );
    expect(lines.map((l) => l.msg)).toContain(`logged in as ${fake.botUser.username}, in 1 server`);

    // The bot works on the Redis that came up late.
    const created = await answered(fake.slash(fake.user('ada'), fake.channelId, 'table', {}, { subcommandGroup: 'new', subcommand: 'reunion' }));
    expect(created.callback?.ephemeral).toBe(false);
    expect(await bot.tables.get(fake.channelId)).toMatchObject({ status: 'lobby', game: 'reunion' });
  }, 40_000);

  it('gives up after STARTUP_RETRY_MS with a message that says why', async () => {
    fake = await startFakeDiscord();
    const port = await sparePort();
    const { log, lines } = capturingLogger();
    const failed = await startTestBot(fake, testPrefix('retry-limit'), 'seed', {
      env: { REDIS_URL: `redis://127.0.0.1:${port}`, STARTUP_RETRY_MS: '2500' },
      retry: { minDelayMs: 100, maxDelayMs: 400 },
      log,
    }).then(
      () => null,
      (err: Error) => err,
    );
    expect(failed?.message).toMatch(
      new RegExp(
        `^connecting to the store failed for \\d+\\.\\d s; last error: Redis at 127\\.0\\.0\\.1:${port}: .*ECONNREFUSED.* \\(STARTUP_RETRY_MS=2500\\)$`,
      ),
    );
    expect(lines.filter((l) => l.level === WARN).length).toBeGreaterThanOrEqual(1);
    expect(fake.requests.filter((r) => r.path.startsWith('/gateway'))).toEqual([]); // never tried Discord
  }, 20_000);
});
