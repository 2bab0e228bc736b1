/**
 * `npm run start:sharded`: run the bot as several shards, one process each, with discord.js's
 * ShardingManager. Every shard process runs `src/index.ts` (the same bot, told its shard by the manager) and
 * they all share one Redis (or Redis Cluster): tables, locks and the deadline index live there, so any process
 * may handle any table's deadline and a move is applied once. The embedded file store is one process only, so
 * sharding refuses to start without Redis. SHARD_COUNT sets the number of shards (default: Discord's
 * recommendation). SIGTERM/SIGINT are passed on to every shard, which shuts down cleanly.
 */
import './env.ts';
import { fileURLToPath } from 'node:url';
import { ShardingManager } from 'discord.js';
import { configOrExit, MISSING_TOKEN_HELP } from './config.ts';
import { createLogger } from './logger.ts';

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
const manager = new ShardingManager(fileURLToPath(new URL('./index.ts', import.meta.url)), {
  token: config.DISCORD_TOKEN,
  totalShards: config.SHARD_COUNT ?? 'auto',
  execArgv: ['--import', 'tsx'],
  respawn: true,
});
manager.on('shardCreate', (shard) => log.info({ shard: shard.id, of: manager.totalShards }, 'shard launched'));

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
    void Promise.all(exits).then(() => process.exit(0));
  });

try {
  await manager.spawn({ timeout: 60_000 });
} catch (err) {
  if (!stopping) {
    log.fatal({ err }, 'could not start the shards');
    process.exit(1);
  }
}
