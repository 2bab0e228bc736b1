/**
 * `npm run start:sharded`: run the bot as several shards, one process each, with discord.js's
 * ShardingManager. Every shard process runs `src/index.ts` (the same bot, told its shard by the manager) and
 * they all share one Redis (or Redis Cluster): tables, locks and the deadline index live there, so any process
 * may handle any table's deadline and a move is applied once. The embedded file store is one process only, so
 * sharding refuses to start without Redis. SHARD_COUNT sets the number of shards (default: Discord's
 * recommendation). SIGTERM/SIGINT are passed on to every shard, which shuts down cleanly.
 *
 * Several hosts: each runs its share, SHARD_LIST (e.g. `0-3` on one host, `4-7` on the next) of SHARD_COUNT
 * shards in all — discord.js's own `shardList`. That was chosen over discord-hybrid-sharding's cross-hosting: it
 * needs no dependency and no bridge service to hand out shards (the lists are static configuration, like the
 * hosts), and a process per shard keeps one shard's load from slowing another's clicks; what the hosts must share,
 * they share through Redis and the REST proxy.
 *
 * With REST_PROXY_PORT set, this host also runs the shared REST proxy (src/proxy/child.ts) before the shards, and
 * its shards send their bot-token requests through it (REST_PROXY_URL, if set, names the proxy they use instead,
 * e.g. this host's address as the other hosts see it). Hosts without a proxy of their own set REST_PROXY_URL.
 */
import './env.ts';
import { ShardingManager } from 'discord.js';
import { configOrExit, MISSING_TOKEN_HELP } from './config.ts';
import { entryPoint } from './entry.ts';
import { createLogger } from './logger.ts';
import { type ProxyChild, startProxyChild } from './proxy/child.ts';

const config = configOrExit();
if (!config.DISCORD_TOKEN) {
  console.error(MISSING_TOKEN_HELP);
  process.exit(1);
}
if (!config.REDIS_URL && !config.REDIS_CLUSTER_NODES) {
  console.error('Sharding runs one process per shard, and they must share their tables: set REDIS_URL (or REDIS_CLUSTER_NODES) in .env.');
  process.exit(1);
}
const log = createLogger(config.LOG_LEVEL);
let proxy: ProxyChild | null = null;
if (config.REST_PROXY_PORT !== undefined) {
  proxy = await startProxyChild(process.env, log).catch((err: Error) => {
    log.fatal({ err }, 'could not start the REST proxy');
    process.exit(1);
  });
  // The shards' environment is copied from this process's when each is created.
  process.env.REST_PROXY_URL ??= proxy.url;
}
if (process.env.REST_PROXY_URL) log.info({ proxy: process.env.REST_PROXY_URL }, 'bot-token requests go through the REST proxy');
const shardEntry = entryPoint('index');
const manager = new ShardingManager(shardEntry.file, {
  token: config.DISCORD_TOKEN,
  totalShards: config.SHARD_COUNT ?? 'auto',
  ...(config.SHARD_LIST ? { shardList: config.SHARD_LIST } : {}),
  execArgv: shardEntry.execArgv,
  respawn: true,
});
manager.on('shardCreate', (shard) => log.info({ shard: shard.id, of: manager.totalShards }, 'shard launched'));
if (config.SHARD_LIST) log.info({ shards: config.SHARD_LIST, of: config.SHARD_COUNT }, 'this host runs its share of the shards');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    stopping = true;
    log.info({ signal }, 'stopping every shard');
    const exits = [...manager.shards.values()].map(
      (shard) =>
        new Promise<void>((resolve) => {
          const child = shard.process;
          if (!child || child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    );
    // The proxy stops last: shards that shut down still send their last bot-token requests through it.
    void Promise.all(exits)
      .then(() => proxy?.stop())
      .then(() => process.exit(0));
  });

try {
  await manager.spawn({ timeout: 60_000 });
} catch (err) {
  if (!stopping) {
    log.fatal({ err }, 'could not start the shards');
    await proxy?.stop();
    process.exit(1);
  }
}
