/**
 * Shards on several hosts (src/shard.ts with SHARD_LIST): two "hosts", each an `npm run start:sharded` with
 * SHARD_COUNT 2, one with SHARD_LIST 0, the other with SHARD_LIST 1, on one Redis and one fake Discord whose guild
 * belongs to shard 1 ((guild_id >> 22) % 2, as Discord routes it). Each host identifies its own shard only; the
 * guild's interactions reach the second host alone, which serves them (its metrics count them, the first host's
 * count none). The first host also runs the shared REST proxy (REST_PROXY_PORT) and the second points at it
 * (REST_PROXY_URL): every bot-token request of both reaches Discord through the proxy, while interaction callbacks go
 * straight from the bot. SIGTERM stops each host, the proxy with the first.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openStorage, tableStore } from '../../src/store/keyv.ts';
import { Locks } from '../../src/store/lock.ts';
import { cleanupPrefix, REDIS_URL, testPrefix } from '../support/bot.ts';
import { type FakeDiscord, startFakeDiscord } from '../support/fake-discord.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const until = async (what: string, ok: () => boolean | Promise<boolean>, ms = 60_000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** A guild id whose events Discord sends to `shard` of `count` ((id >> 22) % count). */
function guildOnShard(shard: number, count: number): string {
  let ms = BigInt(Date.now()) - 1420070400000n;
  while (ms % BigInt(count) !== BigInt(shard)) ms--;
  return ((ms << 22n) | 1n).toString();
}

/** A TCP port that was free a moment ago. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `npm run start:sharded` as one host: its exit code once it ends, and what it printed. */
function startHost(fake: FakeDiscord, prefix: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/shard.ts'], {
    env: {
      ...process.env,
      DISCORD_TOKEN: fake.token,
      DISCORD_API_URL: fake.apiUrl,
      REDIS_URL,
      KEY_PREFIX: prefix,
      SHARD_COUNT: '2',
      LOG_LEVEL: 'warn',
      METRICS_HOST: '127.0.0.1',
      REST_PROXY_URL: '',
      REST_PROXY_PORT: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(() => void child.kill('SIGKILL'));
  return { child, exited, output: () => output };
}

/** The number of slash commands a shard's /metrics counted. */
async function commands(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('stammtisch_interaction_duration_seconds_count{kind="command"}'));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

const answers = async (port: number) => (await fetch(`http://127.0.0.1:${port}/health`).catch(() => null))?.status === 200;

describe('shards on several hosts', () => {
  it('each host runs its shard list and serves only its guilds; all bot-token requests share the proxy', async () => {
    const fake = await startFakeDiscord({ guildId: guildOnShard(1, 2) });
    cleanups.push(() => fake.close());
    const prefix = testPrefix('shard-hosts');
    cleanups.push(() => cleanupPrefix(prefix));
    const [proxyPort, metricsA, metricsB] = [await freePort(), await freePort(), await freePort()];

    // Host A: shard 0 of 2, and the REST proxy. Shard n serves /metrics on METRICS_PORT + n.
    const a = startHost(fake, prefix, { SHARD_LIST: '0', METRICS_PORT: String(metricsA), REST_PROXY_PORT: String(proxyPort) });
    await until('host A to be ready', () => answers(metricsA));
    expect(fake.identifies).toEqual([[0, 2]]);
    expect(fake.connectedBots()).toBe(0); // the guild is not shard 0's: its events reach no one yet

    // Host B: shard 1 of 2, through host A's proxy.
    const b = startHost(fake, prefix, { SHARD_LIST: '1', METRICS_PORT: String(metricsB - 1), REST_PROXY_URL: `http://127.0.0.1:${proxyPort}` });
    await until('host B to be ready', () => answers(metricsB));
    expect(fake.identifies).toEqual([
      [0, 2],
      [1, 2],
    ]);
    await until('the guild to reach host B', () => fake.connectedBots() === 1);

    const [alice, bob] = [fake.user('alice'), fake.user('bob')];
    const created = await fake.slash(alice, fake.channelId, 'table', {}, { subcommandGroup: 'new', subcommand: 'reunion' });
    expect(created.callback?.error ?? null).toBeNull();
    const joined = await fake.slash(bob, fake.channelId, 'table', {}, { subcommand: 'join' });
    expect(joined.callback?.error ?? null).toBeNull();
    const storage = openStorage({ redisUrl: REDIS_URL, namespace: prefix });
    cleanups.push(() => storage.close());
    const table = await tableStore(storage, new Locks(storage.redis)).get(fake.channelId);
    expect(table?.seats.map((s) => s.userId)).toEqual([alice.id, bob.id]);
    // An interaction is counted once its handler is done, a moment after its callback.
    await until('host B to count both commands', async () => (await commands(metricsB)) === 2, 10_000);
    expect(await commands(metricsA)).toBe(0);

    // Bot-token requests (both logins among them) came from the proxy's REST client, which does not name discord.js;
    // the callbacks came straight from the bot's.
    const botToken = fake.requests.filter((r) => r.auth);
    expect(botToken.filter((r) => r.path === '/gateway/bot')).toHaveLength(2);
    expect(botToken.filter((r) => r.userAgent.includes('discord.js/'))).toEqual([]);
    const callbacks = fake.requests.filter((r) => r.path.endsWith('/callback'));
    expect(callbacks).toHaveLength(2);
    expect(callbacks.every((r) => !r.auth && r.userAgent.includes('discord.js/'))).toBe(true);

    b.child.kill('SIGTERM');
    a.child.kill('SIGTERM');
    expect(await b.exited, b.output()).toBe(0);
    expect(await a.exited, a.output()).toBe(0);
    expect(
      await fetch(`http://127.0.0.1:${proxyPort}/api/v10/gateway/bot`).then(
        () => 'answered',
        () => 'refused',
      ),
    ).toBe('refused');
  }, 180_000);
});
