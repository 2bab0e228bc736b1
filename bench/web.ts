/**
 * The web table under load (`npm run bench -- --web`): the bot as `npm start` runs it (bench/load.ts
 * `startBotProcess`, its own process, so its memory is its own) with the web table on, against the fake Discord and
 * the Redis at REDIS_URL (a key prefix of its own, removed afterwards).
 *
 * 1. With sockets: `tables` Réunion tables (default 100, turn timer off) are opened through the chat, then each gets
 *    its 3 players and 3 spectators as WebSocket clients (the `ws` package; each user signed in through the browser
 *    path, test/support/web-client.ts `browserSignIn`, its session cookie on the socket): 600 sockets at 100 tables.
 *    Every table plays as fast as it can: the player to act sends one of the `legal` moves of their `state` as an
 *    `intent`, and the next move follows once all six sockets have the new version (with `thinkMs`, after a pause
 *    of 0.5–1.5 × thinkMs: players at a human pace instead of a saturated bot). Measured over a window after a
 *    warm-up: move → each connected client's update (intent sent → that socket's `state` frame with a newer
 *    version, as the bench's client receives it), moves a second, and the bot's RSS with the sockets open.
 * 2. Without sockets: the same, in a fresh bot process with the web table on but no socket open; every table makes
 *    as many moves as it made in the first run's warm-up and window, evenly over as long, through the table service
 *    in the bench's own process (src/bot.ts `createTables` on the same Redis; the bot follows them by the table change
 *    events, as a move of another process: it does not apply them itself, so it allocates less than in the first run
 *    and the difference overstates what the sockets cost; the RSS with the sockets open and idle isolates them). The
 *    bot's RSS at the end of that window is the baseline.
 * 3. The client: its first render on loopback in Debian's chromium through playwright-core (a fresh browser context
 *    each time: navigation → the table shown, `main[data-version]`), and its size, gzip -9 of each built file
 *    (`npm run build:web`), split into what index.html loads and the chunks loaded later (the Discord SDK's, only
 *    inside Discord). The card faces are not in the bundle.
 * Figures, not assertions. A game that ends in a run is not restarted: its table stops playing (counted).
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import WebSocket from 'ws';
import { createTables } from '../src/bot.ts';
import { loadConfig } from '../src/config.ts';
import { stampOf } from '../src/tables/core.ts';
import { cleanupPrefix, REDIS_URL, testPrefix } from '../test/support/bot.ts';
import { browserEnv, CHROMIUM, freePort, hasChromium, launchBrowser } from '../test/support/browser.ts';
import { type FakeDiscord, type FakeUser, startFakeDiscord } from '../test/support/fake-discord.ts';
import { browserSignIn } from '../test/support/web-client.ts';
import { botMemory, procStats, startBotProcess } from './load.ts';

/** What to run. */
export interface WebBenchOptions {
  tables: number;
  /** The measured window of each run, seconds. */
  seconds: number;
  /** Seconds of play before each window. */
  warmupS: number;
  /** Write a V8 CPU profile of the first run's bot process into this directory. */
  cpuProfDir?: string;
  /** Mean pause before a table's next move once every socket shows the last one (uniform in 0.5–1.5 × this), ms; 0 = at once. */
  thinkMs: number;
}

/** The bot process's memory at a moment, MB. */
interface Memory {
  rssMb: number;
  peakRssMb: number;
  heapUsedMb: number;
}

/** What `runWebBench` measured. */
export interface WebBenchReport {
  options: WebBenchOptions;
  sockets: number;
  /** Intent → a socket's newer `state`, ms: every socket, the players' and the spectators'. */
  latency: { all: number[]; players: number[]; spectators: number[] };
  /** The bench's own event-loop delay over the window (it runs the fake Discord and the 600 clients), p50 / p99, ms. */
  benchLag: { p50: number; p99: number };
  /** CPU seconds the bot process used in the window (user + system). */
  botCpuS: number;
  moves: number;
  windowS: number;
  /** Tables whose game ended during the run (they stop playing). */
  finished: number;
  errors: string[];
  memory: { beforeSockets: Memory; socketsOpen: Memory; withSockets: Memory; withoutSockets: Memory; baselineMoves: number };
  /** Navigation → the table shown, ms (empty without chromium). */
  firstRender: number[];
  client: { file: string; bytes: number; gzip: number; initial: boolean }[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => bytes / 2 ** 20;
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** One web table client. */
interface Client {
  ws: WebSocket;
  user: FakeUser;
  player: boolean;
  /** The newest `state` it received: its version, the seats to act and its legal moves. */
  version: number;
  turn: number[];
  seat: number | null;
  legal: unknown[];
}

/** One table of the run. */
interface BenchTable {
  channel: string;
  players: FakeUser[];
  spectators: FakeUser[];
  clients: Client[];
  /** The move in flight: when its intent was sent, from which version, and the clients that have not shown it yet. */
  pending: { t0: number; from: number; waiting: Set<Client> } | null;
  over: boolean;
  /** Moves completed in the warm-up, and inside the window. */
  warmMoves: number;
  windowMoves: number;
}

/** One bot process with the web table on, its fake Discord and key prefix. */
interface Bench {
  fake: FakeDiscord;
  prefix: string;
  /** The web server on loopback (`http://127.0.0.1:<port>`), and PUBLIC_URL (`http://localhost:<port>`: the page's origin). */
  base: string;
  publicUrl: string;
  pid: number;
  bot: import('node:child_process').ChildProcess;
  problems: string[];
  stop(): Promise<void>;
}

/** Start the bot (`npm start`'s build) with the web table on; resolves once its web server answers. */
async function startBench(cpuProfDir?: string): Promise<Bench> {
  const fake = await startFakeDiscord({ channels: [], retainMs: 15 * 60_000, idleMs: 20 });
  const prefix = testPrefix('bench-web');
  const port = await freePort();
  const problems: string[] = [];
  const env = { ...browserEnv(fake, port), WEB_RATE_FRAMES: '100000', WEB_RATE_TOKEN: '100000' };
  const bot = await startBotProcess(fake, REDIS_URL, prefix, problems, cpuProfDir, env);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/api/config`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (i > 300) throw new Error(`the web table did not answer: ${problems.join('\n')}`);
    await sleep(100);
  }
  const kill = () => bot.kill('SIGKILL');
  process.once('exit', kill);
  return {
    fake,
    prefix,
    base,
    publicUrl: `http://localhost:${port}`,
    pid: bot.pid!,
    bot,
    problems,
    async stop() {
      process.off('exit', kill);
      const exited = new Promise((r) => bot.once('exit', r));
      bot.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      bot.kill('SIGKILL');
      await fake.close();
      await cleanupPrefix(prefix);
    },
  };
}

/** The bot's memory now (RSS from /proc, heap through the memory probe). */
async function memoryOf(b: Bench): Promise<Memory> {
  const proc = procStats(b.pid);
  const heap = await botMemory(b.bot);
  return { rssMb: proc.rssMb, peakRssMb: proc.peakRssMb, heapUsedMb: mb(heap.heapUsed) };
}

/** Open and start a Réunion table (turn timer off) in a new channel through the chat, as three players would. */
async function openTable(fake: FakeDiscord, i: number, errors: string[]): Promise<BenchTable | null> {
  const channel = fake.addChannel(`web-${i + 1}`);
  const players = ['a', 'b', 'c'].map((n) => fake.user(`wp${i + 1}${n}`));
  const spectators = ['x', 'y', 'z'].map((n) => fake.user(`ws${i + 1}${n}`));
  const [host, second, third] = players as [FakeUser, FakeUser, FakeUser];
  const created = await fake.slash(host, channel, 'table', { turn_timer: 0 }, { subcommandGroup: 'new', subcommand: 'reunion' });
  const lobby = fake.message(created.originalMessageId);
  if (!lobby) return (errors.push(`table ${i + 1}: /table new answered ${String(created.callback?.data?.content)}`), null);
  await fake.click(second, lobby, 'st:join');
  await fake.slash(third, channel, 'table', {}, { subcommand: 'join' });
  const started = await fake.slash(host, channel, 'table', {}, { subcommand: 'start' });
  if (started.callback?.error) return (errors.push(`table ${i + 1}: /table start refused`), null);
  return { channel, players, spectators, clients: [], pending: null, over: false, warmMoves: 0, windowMoves: 0 };
}

/** Open every table, at most `batch` at once. */
async function openTables(fake: FakeDiscord, count: number, errors: string[]): Promise<BenchTable[]> {
  const tables: BenchTable[] = [];
  for (let i = 0; i < count; i += 25) {
    const batch = await Promise.all(Array.from({ length: Math.min(25, count - i) }, (_, k) => openTable(fake, i + k, errors)));
    for (const t of batch) if (t) tables.push(t);
  }
  return tables;
}

/** Run `jobs` at most `width` at a time. */
async function inBatches<T>(items: readonly T[], width: number, job: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(job));
}

/** The web table benchmark (see the file's comment). */
export async function runWebBench(options: WebBenchOptions): Promise<WebBenchReport> {
  execSync('npm run build:web', { cwd: ROOT, stdio: 'ignore' });
  const errors: string[] = [];
  const latency = { all: [] as number[], players: [] as number[], spectators: [] as number[] };
  let measuring = false;
  let stopping = false;
  let finished = 0;

  // 1. With sockets.
  const b = await startBench(options.cpuProfDir);
  const tables = await openTables(b.fake, options.tables, errors);
  const beforeSockets = await memoryOf(b);
  const origin = new URL(b.publicUrl).origin;
  const wsUrl = `${b.base.replace(/^http/, 'ws')}/ws`;

  /** The next move of `t`: the player to act sends one of their legal moves. */
  const step = (t: BenchTable): void => {
    if (stopping || t.over || t.pending) return;
    const actor = t.clients.find((c) => c.player && c.seat !== null && c.turn.includes(c.seat) && c.legal.length);
    if (!actor) return; // every socket is not yet at the same version, or the game is over
    const move = actor.legal[Math.floor(Math.random() * actor.legal.length)];
    t.pending = { t0: performance.now(), from: actor.version, waiting: new Set(t.clients) };
    actor.ws.send(JSON.stringify({ type: 'intent', version: actor.version, move }));
  };

  const connect = async (t: BenchTable, user: FakeUser, player: boolean, cookie: string): Promise<void> => {
    const ws = new WebSocket(wsUrl, { headers: { origin, cookie } });
    const client: Client = { ws, user, player, version: -1, turn: [], seat: null, legal: [] };
    const first = new Promise<void>((resolve, reject) => {
      ws.on('message', (data) => {
        const at = performance.now();
        const frame = JSON.parse(String(data)) as { type: string; version?: number; turn?: number[]; seat?: number | null; legal?: unknown[] };
        if (frame.type === 'state') {
          client.version = frame.version!;
          client.turn = frame.turn ?? [];
          client.seat = frame.seat ?? null;
          client.legal = frame.legal ?? [];
          resolve();
          const p = t.pending;
          if (p && frame.version! > p.from && p.waiting.delete(client)) {
            if (measuring) {
              latency.all.push(at - p.t0);
              (player ? latency.players : latency.spectators).push(at - p.t0);
            }
            if (!p.waiting.size) {
              t.pending = null;
              if (measuring) t.windowMoves++;
              else if (!stopping) t.warmMoves++;
              const think = options.thinkMs * (0.5 + Math.random());
              if (think) setTimeout(() => step(t), think);
              else setImmediate(() => step(t));
            }
          }
        } else if (frame.type === 'result' || frame.type === 'closed') {
          if (!t.over) finished++;
          t.over = true;
        } else if (frame.type === 'refused' || frame.type === 'error') {
          errors.push(`${t.channel}: ${String(data).slice(0, 200)}`);
          t.over = true;
        }
      });
      ws.once('error', reject);
      ws.once('close', () => reject(new Error('closed before its first state')));
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'hello', channel: t.channel }));
    await first;
    t.clients.push(client);
  };
  // Each user signs in once (the browser path) and opens the table of their channel.
  await inBatches(tables, 10, async (t) => {
    for (const [users, player] of [
      [t.players, true],
      [t.spectators, false],
    ] as const)
      for (const user of users) await connect(t, user, player, await browserSignIn(b.base, b.fake, user, t.channel));
  });
  const sockets = tables.reduce((n, t) => n + t.clients.length, 0);
  await sleep(1000);
  const socketsOpen = await memoryOf(b);

  for (const t of tables) step(t);
  await sleep(options.warmupS * 1000);
  measuring = true;
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const t0 = performance.now();
  const cpu0 = procStats(b.pid).cpuS;
  await sleep(options.seconds * 1000);
  measuring = false;
  lag.disable();
  const benchLag = { p50: lag.percentile(50) / 1e6, p99: lag.percentile(99) / 1e6 };
  const windowS = (performance.now() - t0) / 1000;
  const botCpuS = procStats(b.pid).cpuS - cpu0;
  const withSockets = await memoryOf(b);
  stopping = true;
  await sleep(500);
  const moves = tables.reduce((n, t) => n + t.windowMoves, 0);

  // 3a. The client's first render (the bot idle, the sockets still open).
  const firstRender: number[] = [];
  if (hasChromium()) {
    const browser = await launchBrowser();
    try {
      const t = tables[0]!;
      const viewer = b.fake.user('first-render');
      for (let i = 0; i < 3; i++) {
        const [name, ...value] = (await browserSignIn(b.base, b.fake, viewer, t.channel)).split('=');
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        await context.addCookies([{ name: name!, value: value.join('='), domain: 'localhost', path: '/', httpOnly: true, sameSite: 'Lax' }]);
        const page = await context.newPage();
        const start = performance.now();
        await page.goto(`${b.publicUrl}/table/${t.channel}`);
        await page.locator('main[data-version]').waitFor({ timeout: 30_000 });
        firstRender.push(performance.now() - start);
        await context.close();
      }
    } finally {
      await browser.close();
    }
  }
  for (const t of tables) for (const c of t.clients) c.ws.close();
  errors.push(...b.problems);
  await b.stop();

  // 2. Without sockets: the same tables and as many moves, through the table service.
  const base = await startBench();
  const quiet = await openTables(base.fake, tables.length, errors);
  const { storage, tables: service } = createTables(loadConfig({ REDIS_URL, KEY_PREFIX: base.prefix, LOG_LEVEL: 'silent' }));
  let baselineMoves = 0;
  const play = async (channel: string): Promise<boolean> => {
    const table = await service.get(channel);
    if (!table || table.status !== 'playing') return false;
    const seat = service.engine(table).toAct(table.state)[0];
    if (seat === undefined) return false;
    const legal = (service.view(table, seat) as { legal?: unknown[] }).legal ?? [];
    const actor = table.seats[seat]!;
    await service.act(channel, { userId: actor.userId, name: actor.name }, stampOf(table), legal[Math.floor(Math.random() * legal.length)]);
    return true;
  };
  /** Table i makes as many moves as in the first run's warm-up or window, evenly over `ms` from `start`. */
  const pace = async (i: number, start: number, ms: number, count: boolean): Promise<void> => {
    const n = (count ? tables[i]?.windowMoves : tables[i]?.warmMoves) ?? 0;
    const channel = quiet[i]?.channel;
    if (!channel || !n) return;
    for (let k = 0; k < n; k++) {
      const wait = start + (k * ms) / n - performance.now();
      if (wait > 0) await sleep(wait);
      const moved = await play(channel).catch((err: Error) => (errors.push(`baseline: ${err.message}`), false));
      if (!moved) return;
      if (count) baselineMoves++;
    }
  };
  const warmStart = performance.now();
  await Promise.all(quiet.map((_, i) => pace(i, warmStart, options.warmupS * 1000, false)));
  const windowStart = performance.now();
  await Promise.all(quiet.map((_, i) => pace(i, windowStart, options.seconds * 1000, true)));
  await sleep(Math.max(0, windowStart + options.seconds * 1000 - performance.now()));
  const withoutSockets = await memoryOf(base);
  await storage.close();
  errors.push(...base.problems);
  await base.stop();

  return {
    options,
    sockets,
    latency,
    benchLag,
    botCpuS,
    moves,
    windowS,
    finished,
    errors,
    memory: { beforeSockets, socketsOpen, withSockets, withoutSockets, baselineMoves },
    firstRender,
    client: clientSizes(),
  };
}

/** Each built file of the client: its size, gzip -9, and whether index.html loads it (the rest are loaded later). */
function clientSizes(): WebBenchReport['client'] {
  const dir = join(ROOT, 'dist', 'web');
  if (!existsSync(join(dir, 'index.html'))) return [];
  const html = readFileSync(join(dir, 'index.html'));
  const files = [{ file: 'index.html', data: html }];
  for (const name of readdirSync(join(dir, 'assets'))) files.push({ file: `assets/${name}`, data: readFileSync(join(dir, 'assets', name)) });
  const text = html.toString('utf8');
  return files.map(({ file, data }) => ({
    file,
    bytes: data.length,
    gzip: gzipSync(data, { level: 9 }).length,
    initial: file === 'index.html' || text.includes(`/${file}`),
  }));
}

const pct = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const f = (x: number, digits = 1) => x.toFixed(digits);

/** Print what `runWebBench` measured. */
export function printWebBench(r: WebBenchReport): void {
  const o = r.options;
  const l = (xs: number[]) =>
    `p50 ${f(pct(xs, 50), 2)} ms, p90 ${f(pct(xs, 90), 1)} ms, p99 ${f(pct(xs, 99), 1)} ms, max ${f(Math.max(...xs), 0)} ms (${xs.length})`;
  console.log(
    `web table: ${o.tables} Réunion tables, ${r.sockets} sockets (3 players + 3 spectators a table), ${o.thinkMs ? `think time ${o.thinkMs} ms on average` : 'each move at once'}, ${o.warmupS} s warm-up, ${f(r.windowS)} s window`,
  );
  console.log(`  move → every client's update: ${l(r.latency.all)}; players ${l(r.latency.players)}; spectators ${l(r.latency.spectators)}`);
  console.log(`  the bench's own event-loop delay (fake Discord and clients): p50 ${f(r.benchLag.p50)} ms, p99 ${f(r.benchLag.p99)} ms`);
  console.log(`  the bot's CPU in the window: ${f(r.botCpuS)} s, ${f((r.botCpuS * 1000) / Math.max(1, r.moves), 2)} ms a move`);
  console.log(`  moves a second: ${f(r.moves / r.windowS)} (${r.moves} moves); games ended during the run (their tables stopped): ${r.finished}`);
  const m = r.memory;
  const mem = (x: Memory) => `RSS ${f(x.rssMb)} MB (peak ${f(x.peakRssMb)}), heap used ${f(x.heapUsedMb)} MB`;
  console.log(`  bot memory: tables open, no socket yet: ${mem(m.beforeSockets)}`);
  console.log(`              ${r.sockets} sockets open, idle:     ${mem(m.socketsOpen)}`);
  console.log(`              end of the window with sockets:  ${mem(m.withSockets)}`);
  console.log(
    `              the same without sockets (${m.baselineMoves} moves through the table service, not applied by the bot): ${mem(m.withoutSockets)}`,
  );
  console.log(`              difference at the end of the windows: ${f(m.withSockets.rssMb - m.withoutSockets.rssMb)} MB RSS`);
  if (r.firstRender.length)
    console.log(`  first render on loopback (${CHROMIUM}, fresh context each): ${r.firstRender.map((x) => `${f(x, 0)} ms`).join(', ')}`);
  else console.log('  first render: skipped (no chromium)');
  const sum = (initial: boolean) => r.client.filter((c) => c.initial === initial).reduce((n, c) => n + c.gzip, 0) / 1000;
  console.log(
    `  client, gzip -9: loaded by the page ${f(sum(true))} kB, loaded later (the Discord SDK's chunk, only inside Discord) ${f(sum(false))} kB — ` +
      r.client.map((c) => `${c.file} ${f(c.gzip / 1000)} kB`).join(', '),
  );
  if (r.errors.length) console.log(`  errors (${r.errors.length}): ${r.errors.slice(0, 5).join(' | ')}`);
}
