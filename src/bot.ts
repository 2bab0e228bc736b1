/**
 * Composition root: storage, the table layer, the Discord client and the router wired together.
 * `src/index.ts` calls this with the environment's configuration; end-to-end tests call it directly.
 */
import { randomBytes } from 'node:crypto';
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { COMMANDS } from '../commands/index.ts';
import type { Config } from './config.ts';
import { Publisher } from './discord/publish.ts';
import { createRouter } from './discord/router.ts';
import { createLogger, type Logger } from './logger.ts';
import { openStorage, type Storage } from './store/keyv.ts';
import { Locks } from './store/lock.ts';
import { KeyvResultStore, KeyvTableStore } from './store/tables.ts';
import { TableService } from './tables/service.ts';

export interface RunningBot {
  client: Client;
  tables: TableService;
  publisher: Publisher;
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
}

/** Open storage and the table layer (no Discord). */
export function createTables(config: Config, newSeed?: () => string): { storage: Storage; tables: TableService } {
  const storage = openStorage({ redisUrl: config.REDIS_URL, dataFile: config.DATA_FILE, namespace: config.KEY_PREFIX });
  const locks = new Locks(storage.redis, config.KEY_PREFIX);
  const tables = new TableService({
    tables: new KeyvTableStore(storage.keyv, locks),
    results: new KeyvResultStore(storage.keyv, locks),
    now: () => Date.now(),
    newSeed: newSeed ?? (() => randomBytes(16).toString('hex')),
    newId: () => randomBytes(5).toString('hex'),
  });
  return { storage, tables };
}

/** Start the bot and log in. Throws if the token is missing or refused. */
export async function startBot(config: Config, overrides: BotOverrides = {}): Promise<RunningBot> {
  if (!config.DISCORD_TOKEN) throw new Error('DISCORD_TOKEN is not set');
  const log = overrides.log ?? createLogger(config.LOG_LEVEL);
  const { storage, tables } = createTables(config, overrides.newSeed);
  try {
    await storage.keyv.get('startup-check');
  } catch (err) {
    await storage.close();
    throw new Error(`Cannot reach the store (${storage.describe}): ${(err as Error).message}`);
  }
  log.info(`storage: ${storage.describe}`);
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    ...(config.DISCORD_API_URL ? { rest: { api: config.DISCORD_API_URL } } : {}),
  });
  const publisher = new Publisher(client, tables, log);
  const route = createRouter({ tables, publisher, log }, COMMANDS);
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
  return {
    client,
    tables,
    publisher,
    storage,
    log,
    async settled() {
      while (handling.size) {
        await Promise.all(handling);
        await publisher.idle();
      }
      await publisher.idle();
    },
    async stop() {
      await client.destroy();
      await storage.close();
    },
  };
}
