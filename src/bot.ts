/**
 * Composition root: storage, the table layer, the Discord client and the router wired together.
 * `src/index.ts` calls this with the environment's configuration; end-to-end tests call it directly.
 */
import { randomBytes } from 'node:crypto';
import { Client, Events, GatewayIntentBits, type Interaction, MessageFlags, Options, REST } from 'discord.js';
import { COMMANDS } from '../commands/index.ts';
import { type Config, webSettings } from './config.ts';
import { DeadlineRunner } from './discord/deadlines.ts';
import { inviteLinks } from './discord/permissions.ts';
import { Languages, privateLocale } from './discord/language.ts';
import { LiveHands } from './discord/hand/live.ts';
import type { Text } from './i18n/index.ts';
import { Pings } from './discord/pings.ts';
import { BoardPictures } from './discord/board/picture.ts';
import { Boards } from './discord/board/boards.ts';
import { TableViews } from './discord/views.ts';
import { createRouter } from './discord/router.ts';
import { createLogger, type Logger } from './logger.ts';
import { startCardEmojis } from './discord/kit/card-emojis.ts';
import { restOptions } from './proxy/route.ts';
import { listAppEmojis } from './faces/deploy.ts';
import { cardEmojisFile } from './faces/emoji-ids.ts';
import { checkHealth } from './ops/health.ts';
import { startOpsServer, type OpsServer } from './ops/http.ts';
import { BotMetrics, type InteractionKind } from './ops/metrics.ts';
import { openTableCounter } from './ops/open-tables.ts';
import { type RetryPolicy, retryStartup } from './ops/retry.ts';
import { openStorage, type Repositories, repositories, type Storage } from './store/keyv.ts';
import type { GuildSettingsStore } from './store/settings.ts';
import { decodeId } from './discord/customId.ts';
import { rebuildDeadlines } from './store/deadlines.ts';
import { openLedger } from './store/records/index.ts';
import { RecordBook } from './records/book.ts';
import { type TableDeps, TableService } from './tables/service.ts';
import type { DeadlineIndex } from './tables/types.ts';
import { DiscordNightGateway } from './discord/weekly.ts';
import { BackgroundLane } from './discord/lane.ts';
import { WeeklyNights } from './weekly/night.ts';
import { WeeklyRunner } from './weekly/runner.ts';
import type { WebServer } from './web/server.ts';

export interface RunningBot {
  client: Client;
  tables: TableService;
  /** Finished games and the scoreboard derived from them. */
  records: RecordBook;
  settings: GuildSettingsStore;
  /** The boards, live hands and pings of the tables this process shows (src/discord/views.ts). */
  views: TableViews;
  /** The timer loop (computer moves, turn timers, lobby timeouts). */
  deadlines: DeadlineRunner;
  /** The weekly game nights' poll (reminders, seating, standings); `weekly.nights` is the service. */
  weekly: WeeklyRunner;
  storage: Storage;
  log: Logger;
  /** The bot's Prometheus metrics (kept whether or not METRICS_PORT serves them). */
  metrics: BotMetrics;
  /** Base URL of the /metrics and /health server (`http://host:port`), or null when METRICS_PORT is unset. */
  metricsUrl: string | null;
  /** The web table's server (src/web/), or null when its settings are absent. */
  web: WebServer | null;
  /** Resolves once no interaction is being handled and every channel update has gone out. */
  settled(): Promise<void>;
  /**
   * Shut down gracefully (the same promise on every call): new interactions are answered "restarting", the timer
   * loop stops, the interactions and deadlines in flight finish and their channel updates go out, then the
   * metrics server, the client and storage are closed.
   */
  stop(): Promise<void>;
}

/** The answer to an interaction that arrives while the bot is shutting down. */
export const RESTARTING: Text = { key: 'error.restarting' };

export interface BotOverrides {
  /** Seeds for new tables (tests make games reproducible); default: 16 random bytes. */
  newSeed?: () => string;
  log?: Logger;
  /** The clock of deadlines and records (tests pass a fake one); default `Date.now`. */
  now?: () => number;
  /** The pauses between start-up attempts to reach the store (the limit is STARTUP_RETRY_MS). */
  retry?: Omit<RetryPolicy, 'limitMs'>;
  /**
   * Run the client as these shards of `count` (tests: one process as another host's shard, without the
   * ShardingManager); default: what the manager passes (src/shard.ts), or one unsharded session.
   */
  shards?: { ids: number[]; count: number };
}

/** Open storage, the deadline index and the table layer (no Discord). */
export function createTables(
  config: Config,
  overrides: Pick<BotOverrides, 'newSeed' | 'now'> = {},
  hooks: Pick<TableDeps, 'onMove'> = {},
): { storage: Storage; repos: Repositories; tables: TableService; deadlines: DeadlineIndex; records: RecordBook } {
  const storage = openStorage({
    redisUrl: config.REDIS_URL,
    clusterNodes: config.REDIS_CLUSTER_NODES,
    dataFile: config.DATA_FILE,
    namespace: config.KEY_PREFIX,
    now: overrides.now,
  });
  const repos = repositories(storage);
  const { settings, deadlines } = repos;
  const records = new RecordBook(openLedger(storage, repos.locks), (guildId) => settings.timeZone(guildId));
  const tables = new TableService({
    tables: repos.tables,
    results: records,
    deadlines,
    finished: repos.finished,
    events: storage.events,
    now: overrides.now ?? (() => Date.now()),
    monotonic: () => performance.now(),
    decisionWorkers: config.BOT_WORKERS,
    timing: { botDelayMs: config.BOT_DELAY_MS },
    newSeed: overrides.newSeed ?? (() => randomBytes(16).toString('hex')),
    newId: () => randomBytes(5).toString('hex'),
    ...hooks,
  });
  return { storage, repos, tables, deadlines, records };
}

/**
 * Open the store and check it answers, retrying with capped backoff for up to STARTUP_RETRY_MS (one warn line per
 * failed attempt). Throws once the limit is reached.
 */
async function openTablesWhenReachable(
  config: Config,
  overrides: BotOverrides,
  hooks: Pick<TableDeps, 'onMove'>,
  log: Logger,
): Promise<ReturnType<typeof createTables>> {
  try {
    return await retryStartup(
      'connecting to the store',
      async () => {
        const opened = createTables(config, overrides, hooks);
        // The adapter's error events say why (e.g. connect ECONNREFUSED); the thrown error only says "not connected".
        let cause: string | null = null;
        const onError = (err: unknown) => {
          cause ??= err instanceof Error ? err.message : String(err);
        };
        const stopListening = opened.storage.redis?.onError(onError);
        try {
          await opened.storage.keyv.get('startup-check');
          return opened;
        } catch (err) {
          await opened.storage.close();
          throw new Error(`${opened.storage.describe}: ${cause ?? (err as Error).message}`, { cause: err });
        } finally {
          stopListening?.();
        }
      },
      { limitMs: config.STARTUP_RETRY_MS, ...overrides.retry },
      log,
    );
  } catch (err) {
    throw new Error(`${(err as Error).message} (STARTUP_RETRY_MS=${config.STARTUP_RETRY_MS})`, { cause: err });
  }
}

/**
 * Tell the person at the console who the bot is and where: "logged in as Stammtisch#1234, in 2 servers"; when it
 * is in no server yet, the invite links (with and without the weekly night's permissions).
 */
function logLoggedIn(client: Client, log: Logger): void {
  if (!client.isReady()) return;
  const servers = client.guilds.cache.size;
  log.info({ user: client.user.tag, guilds: servers }, `logged in as ${client.user.tag}, in ${servers} ${servers === 1 ? 'server' : 'servers'}`);
  if (servers > 0) return;
  const links = inviteLinks(client);
  log.info(
    { invite: links.full, inviteWithoutWeekly: links.tables },
    `not in any server yet: invite the bot with ${links.full} (without the weekly game night's permissions: ${links.tables})`,
  );
}

/**
 * Find the card emojis of the logged-in `client`'s application (src/discord/kit/card-emojis.ts). The listing goes
 * through a REST client of its own: discord.js drops a REST client's token when Discord answers 401, and that must
 * not cost the bot's client its own.
 */
async function startEmojis(config: Config, client: Client, log: Logger): Promise<void> {
  const application = client.application?.id ?? config.DISCORD_CLIENT_ID ?? '';
  const rest = new REST({ ...client.options.rest, retries: 1, timeout: 10_000 }).setToken(config.DISCORD_TOKEN ?? '');
  try {
    const file = cardEmojisFile(config.DATA_FILE);
    await startCardEmojis({ file, application, list: () => listAppEmojis(rest, application) }, config.CARD_COLOURS, log);
  } finally {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
  }
}

/** The metrics label of an interaction. */
function kindOf(interaction: Interaction): InteractionKind {
  if (interaction.isChatInputCommand()) return 'command';
  if (interaction.isButton()) return 'button';
  return interaction.isStringSelectMenu() ? 'select' : 'other';
}

/** Start the bot and log in. Throws if the token is missing or refused. */
export async function startBot(config: Config, overrides: BotOverrides = {}): Promise<RunningBot> {
  if (!config.DISCORD_TOKEN) throw new Error('DISCORD_TOKEN is not set');
  const log = overrides.log ?? createLogger(config.LOG_LEVEL);
  let metrics: BotMetrics | null = null;
  const onMove: TableDeps['onMove'] = (game, by, count) => metrics?.move(game, by, count);
  const { storage, repos, tables, deadlines: index, records } = await openTablesWhenReachable(config, overrides, { onMove }, log);
  const { settings } = repos;
  metrics = new BotMetrics(openTableCounter(repos.tables));
  log.info(`storage: ${storage.describe}`);
  const rebuilt = await rebuildDeadlines(repos.tables, index);
  log.info({ tables: rebuilt }, 'table deadlines indexed');
  const client = new Client({
    // GuildMessages (not privileged; no MessageContent): the bot hears that a message landed in a table's channel, to
    // keep the board at the bottom (src/discord/board/bottom.ts). Messages are not cached: only their ids matter.
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages],
    makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 0 }),
    ...(overrides.shards ? { shards: overrides.shards.ids, shardCount: overrides.shards.count } : {}),
    // Straight to Discord, or bot-token requests through the shared REST proxy (REST_PROXY_URL); src/proxy/route.ts.
    rest: restOptions(config, log),
  });
  const languages = new Languages(settings, client, log);
  const lane = new BackgroundLane();
  const now = overrides.now ?? (() => Date.now());
  // Quiet pings come from the process that runs the server's shard (it has the server in its cache).
  const home = (guildId: string): boolean => client.guilds.cache.has(guildId);
  const pings = new Pings({ client, tables, languages, log, now, quietMs: config.PING_QUIET_S * 1000, lane, home });
  // Interaction webhook routes are exempt from Discord's global limit: their own REST client, without a local one.
  // Each interaction token is a route of its own in @discordjs/rest (a handler per token): sweep idle ones each minute, not each hour.
  const handRest = new REST({ ...client.options.rest, globalRequestsPerSecond: Number.POSITIVE_INFINITY, handlerSweepInterval: 60_000 });
  const hands = new LiveHands({ client, rest: handRest, tables, log, now, lane, screens: storage.screens, home });
  const pictures = new BoardPictures(config.CARD_COLOURS);
  // A channel Discord says is gone (10003 on a board request) closes its table through the views.
  const channelGone = (id: string): Promise<void> => views.channelGone(id);
  const web = webSettings(config);
  const boardDeps = { client, tables, log, languages, pictures, webhookRest: handRest, lane, now, channelGone, screens: storage.screens };
  const boards = new Boards({ ...boardDeps, openTable: web !== null });
  // A channel of a server whose shard this process runs (in its gateway cache): its live hands are edited here.
  const homeChannel = (channelId: string): boolean => client.channels.cache.has(channelId);
  const views = new TableViews({ boards, hands, pings, tables, languages, log, homeChannel });
  const nights = new WeeklyNights({
    store: repos.weekly,
    tables,
    ledger: records.ledger,
    settings,
    gateway: new DiscordNightGateway(client, views, log, languages),
    now: overrides.now ?? (() => Date.now()),
    log,
  });
  records.onRecorded((record) => nights.recorded(record));
  const ctx = {
    tables,
    records,
    settings,
    now: overrides.now ?? (() => Date.now()),
    views,
    languages,
    weekly: nights,
    log,
    ...(web ? { web: { publicUrl: web.publicUrl, activity: web.activity } } : {}),
    onError: (kind: 'refused' | 'failed' | 'discord') => metrics.error(kind),
  };
  const route = createRouter(ctx, COMMANDS, { rateLimit: { actions: config.RATE_LIMIT_ACTIONS, windowS: config.RATE_LIMIT_WINDOW_S } });
  const deadlines = new DeadlineRunner(ctx, index, overrides.now ?? (() => Date.now()), log);
  const weekly = new WeeklyRunner(nights, overrides.now ?? (() => Date.now()), log);
  const handling = new Set<Promise<void>>();
  let stopping: Promise<void> | null = null;
  const handle = async (interaction: Interaction): Promise<void> => {
    const started = performance.now();
    try {
      await route(interaction);
    } finally {
      metrics.interaction(kindOf(interaction), (performance.now() - started) / 1000);
    }
  };
  const refuse = async (interaction: Interaction): Promise<void> => {
    if (!interaction.isRepliable()) return;
    await interaction
      .reply({ content: privateLocale(interaction).say(RESTARTING), flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } })
      .catch((err: unknown) => log.warn({ err, interaction: interaction.id }, 'could not answer an interaction during shutdown'));
  };
  // Discord may deliver one interaction to two processes (a retry, or two on one token): only the claimer handles it.
  const { claims } = repos;
  client.on(Events.InteractionCreate, (interaction) => {
    // A click on a hand acts on the channel's table: its read goes to the store with the claim (one round trip).
    // Only this interaction's own read is dropped: a later click in the channel may have read ahead since.
    const channelId = interaction.channelId ?? '';
    const prefetched =
      interaction.isMessageComponent() && interaction.inGuild() && decodeId(interaction.customId)?.kind === 'game'
        ? repos.tables.prefetch(channelId)
        : null;
    const done = claims
      .claim(interaction.id)
      .then((mine) => {
        if (!mine && prefetched) repos.tables.dropPrefetch(channelId, prefetched);
        return mine;
      })
      .then((mine) => (!mine ? undefined : stopping ? refuse(interaction) : handle(interaction)))
      .finally(() => {
        if (prefetched) repos.tables.dropPrefetch(channelId, prefetched); // unread (e.g. refused early): not for anyone else
        handling.delete(done);
      });
    handling.add(done);
  });
  client.on(Events.Error, (err) => log.error({ err }, 'discord client error'));
  // A deleted channel or thread takes its table with it (closed without a result).
  const closeTableOf = (channelId: string): void => {
    const done = views.channelGone(channelId).finally(() => handling.delete(done));
    handling.add(done);
  };
  client.on(Events.ChannelDelete, (channel) => closeTableOf(channel.id));
  client.on(Events.ThreadDelete, (thread) => closeTableOf(thread.id));
  // Messages below a board bury it; the next move brings it back to the bottom (docs/playing.md § The board stays in view).
  client.on(Events.MessageCreate, (message) => boards.arrived(message.channelId, message.id));
  client.on(Events.MessageDelete, (message) => boards.removed(message.channelId, message.id));
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  let ops: OpsServer | null = null;
  try {
    if (config.METRICS_PORT !== undefined) {
      // Under `npm run start:sharded` every shard is a process of its own: shard n listens on METRICS_PORT + n.
      const shard = Array.isArray(client.options.shards) ? (client.options.shards[0] ?? 0) : 0;
      ops = await startOpsServer({
        port: config.METRICS_PORT === 0 ? 0 : config.METRICS_PORT + shard,
        host: config.METRICS_HOST,
        metrics,
        health: () => checkHealth(client, storage, stopping !== null),
        log,
      });
      log.info({ url: ops.url }, 'metrics at /metrics, health at /health');
    }
    // Changes other processes make reach this process's live hands and pings (src/discord/follow.ts).
    await views.follow();
    await client.login(config.DISCORD_TOKEN);
    await ready;
  } catch (err) {
    views.unfollow();
    await ops?.close();
    await client.destroy();
    await storage.close();
    throw err;
  }
  logLoggedIn(client, log);
  await startEmojis(config, client, log);
  // One web server, in the process of shard 0 (unsharded: this one); the others' boards link to it (docs/web-table.md). Loaded only
  // when on: without its settings the bot does not even load the web server's libraries.
  const webDeps = { client, tables, views, languages, records, nights, log };
  const firstShard = Array.isArray(client.options.shards) ? (client.options.shards[0] ?? 0) : 0;
  const webServer = web && firstShard === 0 ? await (await import('./web/start.ts')).startWebTable(config, webDeps) : null;
  deadlines.start(config.TIMER_POLL_MS);
  hands.start(config.TIMER_POLL_MS);
  pings.start(config.TIMER_POLL_MS);
  weekly.start();
  const settled = async (): Promise<void> => {
    while (handling.size || deadlines.busy || weekly.busy) {
      await Promise.all(handling);
      await deadlines.idle();
      await weekly.idle();
      await views.idle();
    }
    await views.idle();
    await webServer?.idle();
    await views.idle();
    await pings.idle();
  };
  const shutdown = async (): Promise<void> => {
    log.info({ interactions: handling.size }, 'stopping: finishing what is in flight; new interactions are told to try again');
    await deadlines.stop();
    await weekly.stop();
    pings.stop();
    views.unfollow();
    await webServer?.close();
    await settled();
    hands.stop();
    handRest.clearHashSweeper();
    handRest.clearHandlerSweeper();
    await ops?.close();
    await client.destroy();
    await tables.stopDecisions();
    await storage.close();
    log.info('stopped');
  };
  return {
    client,
    tables,
    records,
    settings,
    views,
    deadlines,
    weekly,
    storage,
    log,
    metrics,
    metricsUrl: ops?.url ?? null,
    web: webServer,
    settled,
    stop: () => (stopping ??= shutdown()),
  };
}
