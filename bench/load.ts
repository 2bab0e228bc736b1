/**
 * Load benchmark (`npm run bench -- --load`): many Réunion tables (default 500) played at the same time by
 * simulated users through the fake Discord, with the unmodified bot in a process of its own
 * (what `npm start` runs, built afresh, so its memory is its own) on a real Redis.
 *
 * Each table is one channel with three simulated players. Each opens their hand once a game (/hand) and plays only
 * from it: the bot keeps it live (src/discord/hand/live.ts), so a player acts as soon as their hand offers a card
 * (optionally after a think time): a click on an enabled card, or for the dealer two cards and Discard. The driver
 * reacts to message edits the fake reports (`FakeDiscord.onMessage`), so no table waits for any other. A hand that
 * says the game is over starts a new one. The fake enforces Discord's global limit (50 bot requests a second).
 *
 * Redis is, by default, a private `redis-server` the bench starts on a free port, so the counters of
 * `INFO commandstats` and `INFO stats` (total_net_input_bytes / total_net_output_bytes) count the bot's traffic
 * alone (the bench's own INFO call is left out); `--shared-redis` uses REDIS_URL instead, whose counters then
 * include whatever else uses that Redis. Figures, not assertions.
 */
import { type ChildProcess, execSync, fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@keyv/redis';
import { tableKey } from '../src/store/keys.ts';
import { REDIS_URL, testPrefix } from '../test/support/bot.ts';
import { type FakeDiscord, type FakeInteraction, type FakeMessage, type FakeUser, startFakeDiscord } from '../test/support/fake-discord.ts';
import { sparePort } from '../test/support/redis-server.ts';
import { countingProxy } from './redis-proxy.ts';

/** What to run: how many tables, for how long, how fast the players are, which Redis. */
export interface LoadOptions {
  tables: number;
  /** Length of the measured window, after every table has started. */
  seconds: number;
  /** Mean pause of a player before acting on their turn (uniform in 0.5–1.5 × this); 0 = at once. */
  thinkMs: number;
  /** Use REDIS_URL (shared) instead of a private redis-server. */
  sharedRedis: boolean;
  /** Seconds of play after the last table started and before the window opens (the set-up's channel posts drain). */
  warmupS: number;
  /** Write a V8 CPU profile of the bot process into this directory (`--cpu-prof-dir`), or nothing when unset. */
  cpuProfDir?: string;
  /** Write a V8 heap snapshot of the bot process to this file at the end of the window, or nothing when unset. */
  heapSnapshot?: string;
}

/** The measured figures of one run. */
export interface LoadReport {
  options: LoadOptions;
  redisSource: string;
  windowS: number;
  moves: number;
  /** Every move of the run, set-up and warm-up included. */
  allMoves: number;
  /** Public messages posted or edited inside the window: the channel requests that share Discord's global limit. */
  channelWrites: number;
  /** Requests inside the window by route: channel (bot token, global limit), interaction callback and webhook (exempt). */
  requests: { channel: number; callback: number; webhook: number };
  /** Clicks on a live hand answered as stale ("the table has moved on"), inside the window. */
  stale: number;
  games: { started: number; finished: number };
  /** Click → callback latencies in ms by interaction kind (`hand`, `toggle`, `move`), inside the window. */
  latencies: Record<string, number[]>;
  /** Board lag in ms: a move's callback → the next public message posted or edited in its channel, inside the window. */
  channelLag: number[];
  errors: string[];
  redis: {
    /** Commands the server executed a move (INFO commandstats: those run inside Lua scripts included), by name. */
    commandsPerMove: number;
    byCommand: [string, number][];
    /** Commands the bot sent a move (a script is one EVALSHA), by name, and its round trips a move (bench/redis-proxy.ts). */
    sentPerMove: number;
    sentByCommand: [string, number][];
    roundTripsPerMove: number;
    bytesInPerMove: number;
    bytesOutPerMove: number;
    usedMemory: number;
  };
  /** MEMORY USAGE and STRLEN of each table key at the end of the window (mid-game). */
  tableBytes: { memory: number[]; strlen: number[] };
  bot: { rssMb: number; peakRssMb: number; heapUsedMb: number; heapTotalMb: number; cpuS: number };
  bench: { rssMb: number; cpuS: number };
  redisCpuS: number;
}

const newClient = (url: string) => createClient({ url, socket: { reconnectStrategy: false } });
type RedisClient = ReturnType<typeof newClient>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Connect to `url`, retrying while a just-started server comes up. */
async function connect(url: string, tries = 50): Promise<RedisClient> {
  for (let i = 0; ; i++) {
    const client = newClient(url);
    client.on('error', () => undefined);
    try {
      await client.connect();
      return client;
    } catch (err) {
      if (i >= tries) throw err;
      await sleep(100);
    }
  }
}

/** A private redis-server on a free port (no persistence), or null when there is no redis-server binary. */
async function startPrivateRedis(): Promise<{ url: string; stop: () => void } | null> {
  const port = await sparePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const failed = await new Promise<boolean>((resolve) => {
    child.once('error', () => resolve(true));
    child.once('spawn', () => resolve(false));
  });
  if (failed) return null;
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** Parse `INFO` text into a map of fields (`cmdstat_get` → `calls=…,usec=…`). */
const parseInfo = (text: string) =>
  new Map(
    text
      .split(/\r?\n/)
      .filter((l) => l.includes(':') && !l.startsWith('#'))
      .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1)] as const),
  );

interface RedisSnapshot {
  calls: Map<string, number>;
  netIn: number;
  netOut: number;
  cpu: number;
  usedMemory: number;
  infoReplyBytes: number;
}

async function redisSnapshot(client: RedisClient): Promise<RedisSnapshot> {
  const text = (await client.sendCommand(['INFO', 'stats', 'commandstats', 'cpu', 'memory'])) as string;
  const info = parseInfo(text);
  const calls = new Map<string, number>();
  for (const [k, v] of info) if (k.startsWith('cmdstat_')) calls.set(k.slice(8), Number(/calls=(\d+)/.exec(v)?.[1] ?? 0));
  const num = (k: string) => Number(info.get(k) ?? 0);
  return {
    calls,
    netIn: num('total_net_input_bytes'),
    netOut: num('total_net_output_bytes'),
    cpu: num('used_cpu_user') + num('used_cpu_sys'),
    usedMemory: num('used_memory'),
    infoReplyBytes: Buffer.byteLength(text) + 16, // the bulk-string header and trailer
  };
}

/** RSS and peak RSS (MB) and CPU seconds of a process, from /proc. */
export function procStats(pid: number): { rssMb: number; peakRssMb: number; cpuS: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (100 a second on Linux)
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024, cpuS: ticks / 100 };
}

/**
 * What `npm start` runs (package.json: `node [flags] dist/index.js`), built afresh (`npm run build`): its node flags
 * and its file.
 */
function startCommand(): { file: string; flags: string[] } {
  const root = fileURLToPath(new URL('../', import.meta.url));
  execSync('npm run build', { cwd: root, stdio: 'ignore' });
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.split(/\s+/);
  if (words[0] !== 'node') throw new Error(`npm start does not run node: ${pkg.scripts.start}`);
  return { file: join(root, words.at(-1)!), flags: words.slice(1, -1) };
}

/**
 * Start the bot as `npm start` runs it (plus the memory probe) against the fake, with `env` over the load run's
 * settings (bench/web.ts adds the web table's); resolves once it logged in.
 */
export async function startBotProcess(
  fake: FakeDiscord,
  redisUrl: string,
  prefix: string,
  problems: string[],
  cpuProfDir?: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const start = startCommand();
  const bot = fork(start.file, [], {
    execArgv: [
      ...start.flags,
      '--import',
      fileURLToPath(new URL('./memory-probe.js', import.meta.url)),
      ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []),
    ],
    env: {
      ...process.env,
      DISCORD_TOKEN: fake.token,
      DISCORD_API_URL: fake.apiUrl,
      REDIS_URL: redisUrl,
      REDIS_CLUSTER_NODES: '',
      KEY_PREFIX: prefix,
      LOG_LEVEL: 'info',
      BOT_DELAY_MS: '0',
      TIMER_POLL_MS: '250',
      // The per-user rate limit stays on (its cost is measured) but high: simulated players click at machine speed.
      RATE_LIMIT_ACTIONS: '1000',
      RATE_LIMIT_WINDOW_S: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let ready = false;
  const loggedIn = new Promise<void>((resolve, reject) => {
    createInterface({ input: bot.stdout! }).on('line', (line) => {
      let entry: { level?: number; msg?: string } = {};
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        problems.push(`bot stdout: ${line.slice(0, 300)}`);
        return;
      }
      if ((entry.level ?? 0) >= 40) problems.push(`bot log: ${line.slice(0, 300)}`);
      if (entry.msg?.startsWith('logged in')) {
        ready = true;
        resolve();
      }
    });
    createInterface({ input: bot.stderr! }).on('line', (line) => problems.push(`bot stderr: ${line.slice(0, 300)}`));
    bot.once('exit', (code) => {
      if (!ready) reject(new Error(`the bot exited with ${code} before logging in: ${problems.join('\n')}`));
      else if (code !== 0) problems.push(`bot exited with code ${code}`);
    });
  });
  await loggedIn;
  return bot;
}

/** Have the bot write a heap snapshot to `file` (through the memory probe); resolves once it is written. */
function botHeapSnapshot(bot: ChildProcess, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bot wrote no heap snapshot')), 120_000);
    bot.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    bot.send({ heapSnapshot: file });
  });
}

/** The bot's `process.memoryUsage()`, through the memory probe. */
export function botMemory(bot: ChildProcess): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no memory answer from the bot')), 5000);
    bot.once('message', (m) => {
      clearTimeout(timer);
      resolve((m as { memory: NodeJS.MemoryUsage }).memory);
    });
    bot.send('memory');
  });
}

interface Table {
  channelId: string;
  users: FakeUser[];
  /** The message of the reply to /table new (the lobby, then the board). */
  messageId: string;
  /** Each player's live hand message of the current game (opened once with /hand). */
  hands: Map<string, string>;
  /** When each move not yet followed by a board update was answered (performance.now()). */
  unshown: number[];
  /** Players acting now. */
  busy: Set<string>;
  /** The game number of the table (1, 2, …), and the last one seen to be over. */
  game: number;
  over: number;
  /** A move or set-up failed (counted among the errors): the table is left alone, not retried in a loop. */
  failed: boolean;
}

const buttonsOf = (m: FakeMessage): { custom_id: string; label: string; disabled?: boolean }[] =>
  (m.components ?? []).flatMap((row: { components?: { custom_id: string; label: string; disabled?: boolean }[] }) => row.components ?? []);
const enabledCards = (m: FakeMessage) =>
  buttonsOf(m).filter((b) => b.custom_id.startsWith('st:g:') && !b.disabled && /^[\dAKQJ]+[♣♠♥♦]$/.test(b.label));
const isDiscard = (b: { custom_id: string }) => b.custom_id.split(':')[3]?.startsWith('d.');
const pick = <T>(xs: T[]): T | undefined => xs[Math.floor(Math.random() * xs.length)];

/** Run the load benchmark and return its figures. */
export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const errors: string[] = [];
  const privateRedis = options.sharedRedis ? null : await startPrivateRedis();
  const redisUrl = privateRedis?.url ?? REDIS_URL;
  const redisSource = privateRedis
    ? 'a private redis-server started for this run (its counters hold the bot alone)'
    : `the shared Redis at ${REDIS_URL} (its counters include any other client)`;
  const redis = await connect(redisUrl);
  const prefix = testPrefix('load');
  // Discord's global limit modelled: a bot request over 50 a second would be answered 429 (and counted as an error).
  // Interactions are kept as long as Discord keeps their tokens (15 minutes): a board is edited through its /table new's.
  const fake = await startFakeDiscord({ channels: [], retainMs: 15 * 60_000, globalRateLimit: 50 });
  const channelIds = Array.from({ length: options.tables }, (_, i) => fake.addChannel(`table-${i + 1}`));
  // The bot reaches Redis through a proxy that counts the commands it sends and its round trips.
  const proxy = await countingProxy(Number(new URL(redisUrl).port));
  const bot = await startBotProcess(fake, proxy.url, prefix, errors, options.cpuProfDir);
  const killAll = () => {
    bot.kill('SIGKILL');
    privateRedis?.stop();
  };
  process.once('exit', killAll); // a crashed or interrupted bench leaves no bot or redis-server behind
  const interrupted = () => process.exit(130);
  process.once('SIGINT', interrupted);

  const tables: Table[] = channelIds.map((channelId, i) => ({
    channelId,
    users: ['a', 'b', 'c'].map((n) => fake.user(`p${i + 1}${n}`)),
    messageId: '',
    hands: new Map(),
    unshown: [],
    busy: new Set(),
    game: 0,
    over: 0,
    failed: false,
  }));
  const byChannel = new Map(tables.map((t) => [t.channelId, t]));
  /** Hand message id → its player. */
  const handOwner = new Map<string, FakeUser>();

  let measuring = false;
  let stopping = false;
  let moves = 0; // inside the window
  let allMoves = 0; // every move, for the Redis counters
  let channelWrites = 0; // public messages created or edited inside the window (the bot's channel posts and edits)
  let stale = 0; // clicks on a live hand answered "the table has moved on", inside the window
  const games = { started: 0, finished: 0 };
  const latencies: Record<string, number[]> = { hand: [], toggle: [], move: [] };
  const channelLag: number[] = [];

  /** Send one interaction, time it, and check the bot answered it as expected (`check` returns a problem or null). */
  const interact = async (
    kind: string,
    send: () => Promise<FakeInteraction>,
    check: (it: FakeInteraction) => string | null,
  ): Promise<FakeInteraction | null> => {
    const t0 = performance.now();
    let it: FakeInteraction;
    try {
      it = await send();
    } catch (err) {
      errors.push(`${kind}: ${(err as Error).message}`);
      return null;
    }
    if (measuring) (latencies[kind] ??= []).push(performance.now() - t0);
    const refused = it.callback?.error;
    const problem = refused ? `${kind}: refused by the fake with ${refused.code} ${refused.message}` : check(it);
    if (problem) {
      errors.push(problem);
      return null;
    }
    return it;
  };
  const content = (it: FakeInteraction) => String(it.callback?.data?.content ?? '');
  const updated = (what: string) => (it: FakeInteraction) => {
    if (it.callback?.type === 7 && /nothing was played/.test(content(it))) {
      if (measuring) stale++;
      return null;
    }
    return it.callback?.type === 7 && !/hand is closed/.test(content(it))
      ? null
      : `${what}: answered with type ${it.callback?.type} "${content(it).slice(0, 120)}"`;
  };
  const replied = (what: string, ephemeral: boolean) => (it: FakeInteraction) =>
    it.callback?.type === 4 && it.callback.ephemeral === ephemeral
      ? null
      : `${what}: answered with type ${it.callback?.type} "${content(it).slice(0, 120)}"`;
  /** A lobby button: the table message updated in place, or a private line saying it worked. */
  const lobby = (what: string, done: RegExp) => (it: FakeInteraction) =>
    it.callback?.type === 7 || done.test(content(it)) ? null : `${what}: answered "${content(it).slice(0, 120)}"`;

  /**
   * Open, fill and start a Réunion table in the channel (turn timer off): /table new, Join on its message,
   * /table join, /table start — answers only, so set-up never waits for the channel's (rate-limited) edits. Then each
   * player opens their hand once (/hand); from then on they play from that hand, which the bot keeps live.
   */
  const setUp = async (t: Table): Promise<boolean> => {
    const [host, second, third] = t.users as [FakeUser, FakeUser, FakeUser];
    const created = await interact(
      'setup',
      () => fake.slash(host, t.channelId, 'table', { turn_timer: 0 }, { subcommandGroup: 'new', subcommand: 'reunion' }),
      replied('/table new', false),
    );
    if (!created?.originalMessageId) return false;
    t.messageId = created.originalMessageId;
    for (const id of t.hands.values()) handOwner.delete(id);
    t.hands.clear();
    t.unshown = [];
    if (!(await interact('setup', () => fake.click(second, fake.message(t.messageId)!, 'st:join'), lobby('Join', /taken a seat/)))) return false;
    if (!(await interact('setup', () => fake.slash(third, t.channelId, 'table', {}, { subcommand: 'join' }), replied('/table join', true))))
      return false;
    if (!(await interact('setup', () => fake.slash(host, t.channelId, 'table', {}, { subcommand: 'start' }), lobby('/table start', /has started/))))
      return false;
    t.game++;
    games.started++;
    for (const user of t.users) {
      const opened = await interact('hand', () => fake.slash(user, t.channelId, 'hand'), replied('/hand', true));
      if (!opened?.originalMessageId) return false;
      t.hands.set(user.id, opened.originalMessageId);
      handOwner.set(opened.originalMessageId, user);
    }
    for (const user of t.users) void act(t, user);
    return true;
  };

  /** A player's move from their live hand: a card, or for the dealer two cards and Discard. */
  const turn = async (t: Table, user: FakeUser, hand: FakeMessage): Promise<boolean> => {
    if (buttonsOf(hand).some(isDiscard)) {
      for (let i = 0; i < 2; i++) {
        const selected = (buttonsOf(hand).find(isDiscard)?.custom_id.split(':')[3]?.slice(2) ?? '').split(',');
        const card = pick(enabledCards(hand).filter((b) => !selected.includes(b.label)));
        if (!card) return (errors.push('discard: no card to select'), false);
        if (!(await interact('toggle', () => fake.click(user, hand, card.custom_id), updated('select a discard')))) return false;
        hand = fake.message(hand.id)!;
      }
      const discard = buttonsOf(hand).find(isDiscard)!;
      if (!(await interact('move', () => fake.click(user, hand, discard.custom_id), updated('Discard')))) return false;
    } else {
      const card = pick(enabledCards(hand));
      if (!card) return (errors.push(`play: no enabled card in "${hand.content.slice(0, 120)}"`), false);
      if (!(await interact('move', () => fake.click(user, hand, card.custom_id), updated('play')))) return false;
    }
    t.unshown.push(performance.now());
    allMoves++;
    if (measuring) moves++;
    return true;
  };

  /**
   * Look at a player's live hand: when it offers a card or the discard, play (after the think time); when it says the
   * game is over, the table starts a new game.
   */
  const act = async (t: Table, user: FakeUser): Promise<void> => {
    if (stopping || t.failed || t.busy.has(user.id)) return;
    const hand = fake.message(t.hands.get(user.id));
    if (!hand) return;
    if (/is over/.test(hand.content)) {
      if (t.over === t.game) return;
      t.over = t.game;
      games.finished++;
      if (!(await setUp(t))) t.failed = true;
      return;
    }
    if (!enabledCards(hand).length && !buttonsOf(hand).some(isDiscard)) return;
    t.busy.add(user.id);
    try {
      if (options.thinkMs) await sleep(options.thinkMs * (0.5 + Math.random()));
      if (stopping) return;
      if (!(await turn(t, user, fake.message(hand.id)!))) t.failed = true;
    } finally {
      t.busy.delete(user.id);
    }
    void act(t, user); // their hand may have changed while they were acting
  };

  fake.onMessage((m) => {
    const t = byChannel.get(m.channel_id);
    if (!t) return;
    if (!m.ephemeral) {
      if (measuring) channelWrites++;
      const now = performance.now();
      if (measuring) for (const at of t.unshown) channelLag.push(now - at);
      t.unshown = [];
      return;
    }
    const user = handOwner.get(m.id);
    if (user) setImmediate(() => void act(t, user));
  });

  // Set every table up (50 at a time; play starts as soon as a table's hands are open) and open the window after the warm-up.
  for (let i = 0; i < tables.length; i += 50)
    await Promise.all(tables.slice(i, i + 50).map(async (t) => void (!(await setUp(t)) && (t.failed = true))));
  await sleep(options.warmupS * 1000);

  const redisBefore = await redisSnapshot(redis);
  const sentBefore = new Map(proxy.sent);
  const tripsBefore = proxy.roundTrips();
  const movesBefore = allMoves;
  const benchCpu0 = process.cpuUsage();
  const botBefore = procStats(bot.pid!);
  measuring = true;
  const requestsBefore = { ...fake.requestCounts };
  const t0 = performance.now();
  await sleep(options.seconds * 1000);
  measuring = false;
  const requests = {
    channel: fake.requestCounts.channel - requestsBefore.channel,
    callback: fake.requestCounts.callback - requestsBefore.callback,
    webhook: fake.requestCounts.webhook - requestsBefore.webhook,
  };
  const windowS = (performance.now() - t0) / 1000;
  const botAfter = procStats(bot.pid!);
  const benchCpu = process.cpuUsage(benchCpu0);
  const heap = await botMemory(bot);
  if (options.heapSnapshot) await botHeapSnapshot(bot, options.heapSnapshot);
  const benchRss = process.memoryUsage().rss / 2 ** 20;
  stopping = true;
  await sleep(1000); // the moves in flight and the last channel edits
  const redisAfter = await redisSnapshot(redis);
  const redisMoves = allMoves - movesBefore;
  const sentByCommand = [...proxy.sent]
    .map(([cmd, n]) => [cmd, (n - (sentBefore.get(cmd) ?? 0)) / redisMoves] as [string, number])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  const roundTripsPerMove = (proxy.roundTrips() - tripsBefore) / redisMoves;

  const byCommand = [...redisAfter.calls]
    .filter(([cmd]) => cmd !== 'info')
    .map(([cmd, n]) => [cmd, (n - (redisBefore.calls.get(cmd) ?? 0)) / redisMoves] as [string, number])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  const memory: number[] = [];
  const strlen: number[] = [];
  for (const t of tables) {
    const key = `${prefix}::${tableKey(t.channelId)}`;
    const used = Number(await redis.sendCommand(['MEMORY', 'USAGE', key]));
    if (used) memory.push(used);
    const len = Number(await redis.sendCommand(['STRLEN', key]));
    if (len) strlen.push(len);
  }

  const botExit = new Promise((r) => bot.once('exit', r));
  bot.kill('SIGTERM');
  await Promise.race([botExit, sleep(35_000)]);
  if (bot.exitCode === null) bot.kill('SIGKILL');
  if (fake.violations.length) errors.push(...fake.violations.map((v) => `fake: ${v.status} ${v.code} ${v.message} on ${v.method} ${v.path}`));
  await fake.close();
  await proxy.close();
  process.off('exit', killAll);
  process.off('SIGINT', interrupted);
  if (privateRedis) {
    await redis.quit();
    privateRedis.stop();
  } else {
    for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
      const list = Array.isArray(keys) ? keys : [keys];
      if (list.length) await redis.del(list);
    }
    await redis.quit();
  }

  return {
    options,
    redisSource,
    windowS,
    moves,
    allMoves,
    channelWrites,
    requests,
    stale,
    games,
    latencies,
    channelLag,
    errors,
    redis: {
      commandsPerMove: byCommand.reduce((a, [, n]) => a + n, 0),
      byCommand,
      sentPerMove: sentByCommand.reduce((a, [, n]) => a + n, 0),
      sentByCommand,
      roundTripsPerMove,
      // The INFO call that took the first snapshot (its request and reply) is not the bot's.
      bytesInPerMove: (redisAfter.netIn - redisBefore.netIn - 60) / redisMoves,
      bytesOutPerMove: (redisAfter.netOut - redisBefore.netOut - redisBefore.infoReplyBytes) / redisMoves,
      usedMemory: redisAfter.usedMemory,
    },
    tableBytes: { memory, strlen },
    bot: {
      rssMb: botAfter.rssMb,
      peakRssMb: botAfter.peakRssMb,
      heapUsedMb: heap.heapUsed / 2 ** 20,
      heapTotalMb: heap.heapTotal / 2 ** 20,
      cpuS: botAfter.cpuS - botBefore.cpuS,
    },
    bench: { rssMb: benchRss, cpuS: (benchCpu.user + benchCpu.system) / 1e6 },
    redisCpuS: redisAfter.cpu - redisBefore.cpu,
  };
}

const pct = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const f = (x: number, digits = 1) => x.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Print a load report. */
export function printLoad(r: LoadReport): void {
  const o = r.options;
  const all = Object.values(r.latencies).flat();
  const lat = (xs: number[]) =>
    `p50 ${f(pct(xs, 50), 2)} ms, p99 ${f(pct(xs, 99), 2)} ms, max ${f(Math.max(...xs), 1)} ms (${xs.length.toLocaleString('en')})`;
  console.log(
    `load: ${o.tables} Réunion tables × 3 simulated players at once (turn timer off, ${o.thinkMs ? `think time ${o.thinkMs} ms on average` : 'each acting as soon as their live hand offers a card'}); bot in its own process; Redis: ${r.redisSource}`,
  );
  console.log(
    `  moves: ${r.moves.toLocaleString('en')} in ${f(r.windowS)} s = ${f(r.moves / r.windowS)} moves/s (card plays and discards; games started ${r.games.started}, finished ${r.games.finished})`,
  );
  const perMove = (n: number) => f(n / Math.max(1, r.moves), 2);
  console.log(
    `  channel requests: ${f(r.requests.channel / r.windowS)} a second, ${perMove(r.requests.channel)} a move (${perMove(r.channelWrites)} public posts and edits a move) — they share Discord's global limit of 50 requests a second, which discord.js enforces`,
  );
  console.log(
    `  interaction requests (exempt from the global limit): ${perMove(r.requests.callback)} callbacks and ${perMove(r.requests.webhook)} webhook edits (boards and live hands) a move; ${r.stale} clicks answered as stale`,
  );
  console.log(`  latency, click → the bot's callback at the fake, every interaction: ${lat(all)}`);
  console.log(`    card plays and discards: ${lat(r.latencies.move ?? [])}`);
  console.log(`    /hand:                   ${lat(r.latencies.hand ?? [])}`);
  console.log(`  board lag, a move's callback → the next board update in its channel: ${lat(r.channelLag)}`);
  const kinds = new Map<string, number>();
  // Errors by kind; the fake's by status and code (e.g. `fake: 429 0`: over the global limit; `fake: 404 10062`: a late callback).
  const kindOf = (e: string) => (e.startsWith('fake:') ? e.split(' ').slice(0, 3).join(' ') : (e.split(':')[0] ?? e));
  for (const e of r.errors) kinds.set(kindOf(e), (kinds.get(kindOf(e)) ?? 0) + 1);
  const byKind = [...kinds].map(([k, n]) => `${k} ${n}`).join(', ');
  console.log(
    `  errors: ${r.errors.length}${r.errors.length ? ` (${byKind}) — first: ${r.errors.slice(0, 3).join(' | ')}` : ' (no refused or failed interaction, no 4xx from the fake, no stall, no warning or error in the bot log)'}`,
  );
  const top = r.redis.byCommand.map(([c, n]) => `${c} ${f(n, 2)}`).join(', ');
  const sent = r.redis.sentByCommand.map(([c, n]) => `${c} ${f(n, 2)}`).join(', ');
  console.log(
    `  redis: ${f(r.redis.sentPerMove, 2)} commands sent per move (${sent}) in ${f(r.redis.roundTripsPerMove, 2)} round trips; ${f(r.redis.commandsPerMove, 2)} executed by the server (${top}), those inside scripts included; ${f(r.redis.bytesInPerMove + r.redis.bytesOutPerMove, 0)} bytes per move (${f(r.redis.bytesInPerMove, 0)} in, ${f(r.redis.bytesOutPerMove, 0)} out) — deltas over the window (the counting proxy, INFO commandstats / stats), divided by the moves made meanwhile, so the polls, the reads of Refresh and the discard selection are included`,
  );
  const m = r.tableBytes.memory;
  const s = r.tableBytes.strlen;
  console.log(
    `  stored table at the end of the window, ${f(r.allMoves / Math.max(1, r.games.started), 0)} moves into its game on average (${m.length} keys): MEMORY USAGE p50 ${f(pct(m, 50), 0)} B, max ${f(Math.max(...m), 0)} B; value (STRLEN) p50 ${f(pct(s, 50), 0)} B, max ${f(Math.max(...s), 0)} B; Redis used_memory ${f(r.redis.usedMemory / 2 ** 20)} MB`,
  );
  console.log(
    `  bot process: RSS ${f(r.bot.rssMb)} MB (peak ${f(r.bot.peakRssMb)} MB), heap used ${f(r.bot.heapUsedMb)} MB of ${f(r.bot.heapTotalMb)} MB`,
  );
  console.log(
    `  CPU over the window: bot ${f(r.bot.cpuS)} s (${f((r.bot.cpuS * 1000) / Math.max(1, r.moves), 2)} ms a move), Redis ${f(r.redisCpuS)} s, bench process (fake Discord + ${o.tables * 3} players) ${f(r.bench.cpuS)} s, of the ${f(r.windowS * availableParallelism(), 0)} core-seconds the machine had; bench RSS ${f(r.bench.rssMb)} MB`,
  );
}
