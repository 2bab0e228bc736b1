/**
 * Composition root: storage, the table layer, the Discord client and the router wired together.
 * `src/index.ts` calls this with the environment's configuration; end-to-end tests call it directly.
 */
import { randomBytes } from 'node:crypto';
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { COMMANDS } from '../commands/index.ts';
import type { Config } from './config.ts';
import { DeadlineRunner } from './discord/deadlines.ts';
import { Publisher } from './discord/publish.ts';
import { createRouter } from './discord/router.ts';
import { createLogger, type Logger } from './logger.ts';
import { openStorage, type Storage } from './store/keyv.ts';
import { MemoryDeadlineIndex, rebuildDeadlines, RedisDeadlineIndex } from './store/deadlines.ts';
import { Locks } from './store/lock.ts';
import { KeyvResultStore, KeyvTableStore } from './store/tables.ts';
import { TableService } from './tables/service.ts';
import type { DeadlineIndex } from './tables/types.ts';

export interface RunningBot {
  client: Client;
  tables: TableService;
  publisher: Publisher;
  /** The timer loop (computer moves, turn timers, lobby timeouts). */
  deadlines: DeadlineRunner;
  storage: Storage;
  log: Logger;
  /** Resolves once no interaction is being handled and every channel update has gone out. */
  settled(): Promise<void>;
  /** Destroy the client and close storage. */
  stop(): Promise<void>;
}

export interface BotOverrides {
  /** Seeds for new tables (tests make games reproducible); default: 16 random bytes. */
  newSeed?: () => string;
  log?: Logger;
  /** The clock of deadlines and records (tests pass a fake one); default `Date.now`. */
  now?: () => number;
}

/** Open storage, the deadline index and the table layer (no Discord). */
export function createTables(
  config: Config,
  overrides: Pick<BotOverrides, 'newSeed' | 'now'> = {},
): { storage: Storage; tables: TableService; deadlines: DeadlineIndex } {
  const storage = openStorage({ redisUrl: config.REDIS_URL, clusterNodes: config.REDIS_CLUSTER_NODES, dataFile: config.DATA_FILE, namespace: config.KEY_PREFIX });
  const locks = new Locks(storage.redis, config.KEY_PREFIX);
  const deadlines = storage.redis ? new RedisDeadlineIndex(storage.redis, config.KEY_PREFIX) : new MemoryDeadlineIndex();
  const tables = new TableService({
    tables: new KeyvTableStore(storage.keyv, locks),
    results: new KeyvResultStore(storage.keyv, locks),
    deadlines,
    now: overrides.now ?? (() => Date.now()),
    monotonic: () => performance.now(),
    timing: { botDelayMs: config.BOT_DELAY_MS },
    newSeed: overrides.newSeed ?? (() => randomBytes(16).toString('hex')),
    newId: () => randomBytes(5).toString('hex'),
  });
  return { storage, tables, deadlines };
}

/** Start the bot and log in. Throws if the token is missing or refused. */
export async function startBot(config: Config, overrides: BotOverrides = {}): Promise<RunningBot> {
  if (!config.DISCORD_TOKEN) throw new Error('DISCORD_TOKEN is not set');
  const log = overrides.log ?? createLogger(config.LOG_LEVEL);
  const { storage, tables, deadlines: index } = createTables(config, overrides);
  try {
    await storage.keyv.get('startup-check');
  } catch (err) {
    await storage.close();
    throw new Error(`Cannot reach the store (${storage.describe}): ${(err as Error).message}`);
  }
  log.info(`storage: ${storage.describe}`);
  const rebuilt = await rebuildDeadlines(storage.keyv, index);
  log.info({ tables: rebuilt }, 'table deadlines indexed');
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    ...(config.DISCORD_API_URL ? { rest: { api: config.DISCORD_API_URL } } : {}),
  });
  const publisher = new Publisher(client, tables, log);
  const ctx = { tables, publisher, log };
  const route = createRouter(ctx, COMMANDS);
  const deadlines = new DeadlineRunner(ctx, index, overrides.now ?? (() => Date.now()), log);
  const handling = new Set<Promise<void>>();
  client.on(Events.InteractionCreate, (interaction) => {
    const done = route(interaction).finally(() => handling.delete(done));
    handling.add(done);
  });
  client.on(Events.Error, (err) => log.error({ err }, 'discord client error'));
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(config.DISCORD_TOKEN);
    await ready;
  } catch (err) {
    await client.destroy();
    await storage.close();
    throw err;
  }
  log.info({ user: client.user?.tag, guilds: client.guilds.cache.size }, 'logged in');
  deadlines.start(config.TIMER_POLL_MS);
  return {
    client,
    tables,
    publisher,
    deadlines,
    storage,
    log,
    async settled() {
      while (handling.size || deadlines.busy) {
        await Promise.all(handling);
        await deadlines.idle();
        await publisher.idle();
      }
      await publisher.idle();
    },
    async stop() {
      await deadlines.stop();
      await client.destroy();
      await storage.close();
    },
  };
}
