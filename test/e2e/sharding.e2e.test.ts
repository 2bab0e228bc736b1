/**
 * `npm run start:sharded` (src/shard.ts): the ShardingManager starts one process per shard against the fake
 * Discord, which routes the guild's events to shard (guild_id >> 22) % count only, as Discord does. Both shards
 * identify; the table the users open through the guild's shard is stored in the shared Redis; SIGTERM stops
 * every shard and the manager cleanly.
 */
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { openStorage, tableStore } from '../../src/store/keyv.ts';
import { Locks } from '../../src/store/lock.ts';
import { cleanupPrefix, REDIS_URL, testPrefix } from '../support/bot.ts';
import { type FakeDiscord, startFakeDiscord } from '../support/fake-discord.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const until = async (what: string, ok: () => boolean | Promise<boolean>, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('sharded start', () => {
  it('runs two shards on one Redis; the guild is served by its shard; SIGTERM stops them all', async () => {
    const fake: FakeDiscord = await startFakeDiscord();
    cleanups.push(() => fake.close());
    const prefix = testPrefix('sharding');
    cleanups.push(() => cleanupPrefix(prefix));
    const manager = spawn(process.execPath, ['--import', 'tsx', 'src/shard.ts'], {
      env: {
        ...process.env,
        DISCORD_TOKEN: fake.token,
        DISCORD_API_URL: fake.apiUrl,
        REDIS_URL,
        KEY_PREFIX: prefix,
        SHARD_COUNT: '2',
        LOG_LEVEL: 'warn',
        METRICS_PORT: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    manager.stdout.on('data', (d) => (output += d));
    manager.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => manager.once('exit', (code) => resolve(code)));
    cleanups.push(() => void manager.kill('SIGKILL'));

    await until('both shards to identify', () => fake.identifies.length >= 2, 60_000);
    expect([...fake.identifies].sort()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    const [alice, bob] = [fake.user('alice'), fake.user('bob')];
    // The guild's shard may still be loading the guild: retry until a command is answered.
    let created: Awaited<ReturnType<FakeDiscord['slash']>> | null = null;
    await until('the guild shard to answer', async () => {
      try {
        created = await fake.slash(alice, fake.channelId, 'table', {}, { subcommandGroup: 'new', subcommand: 'reunion' });
        return created.callback !== null;
      } catch {
        return false;
      }
    });
    expect(created!.callback?.error ?? null).toBeNull();
    const joined = await fake.slash(bob, fake.channelId, 'table', {}, { subcommand: 'join' });
    expect(joined.callback?.error ?? null).toBeNull();

    const storage = openStorage({ redisUrl: REDIS_URL, namespace: prefix });
    cleanups.push(() => storage.close());
    const table = await tableStore(storage, new Locks(storage.redis)).get(fake.channelId);
    expect(table?.seats.map((s) => s.userId)).toEqual([alice.id, bob.id]);

    manager.kill('SIGTERM');
    expect(await exited, output).toBe(0);
  }, 120_000);
});
